import Testing

@testable import Layout

/// A page setup keeps its fields in one copy-on-write box: equality and hashing still
/// go by the fields, and a changed copy leaves the setup it came from alone.
@Suite struct PageSetupBoxTests {
  @Test func equalityAndHashingGoByTheFields() {
    let a4 = PageSetup.a4
    let same = PageSetup(width: 595.28, height: 841.89)
    #expect(a4.storage !== same.storage)
    #expect(a4 == same)
    #expect(a4.hashValue == same.hashValue)
    #expect(Set([a4, same, .letter]).count == 2)
    var wider = a4
    wider.marginLeft += 1
    #expect(wider != a4)
    wider.marginLeft -= 1
    #expect(wider == a4)
  }

  @Test func aChangedCopyLeavesTheOriginalAlone() {
    var setup = PageSetup.a5
    let shared = setup
    #expect(setup.storage === shared.storage)
    setup.setTextFamily("Libertinus Serif")
    setup.turn()
    #expect(setup.storage !== shared.storage)
    #expect(setup.titleFont.family == "Libertinus Serif" && setup.width == 595.28)
    #expect(shared.titleFont.family == "TeX Gyre Schola" && shared.width == 419.53)
    #expect(shared.textFamilies == ["TeX Gyre Schola"])
    let box = ObjectIdentifier(setup.storage)
    setup.tuneGap = 40
    #expect(ObjectIdentifier(setup.storage) == box)
  }
}
