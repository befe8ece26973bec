import DisplayList
import SMuFL
import Testing

/// Per-case tables (glyph metrics) are indexed by a case's stored byte: it must be the
/// case's position in `allCases`, or a table would answer for another case. The dump
/// writes a role's static name, which must be its raw value.
@Suite struct OrdinalTests {
  @Test func aGlyphsOrdinalIsItsPositionAmongAllCases() {
    for (index, glyph) in SMuFLGlyph.allCases.enumerated() {
      #expect(glyph.ordinal == index, "\(glyph)")
    }
    #expect(SMuFLGlyph.allCases.count > 60)
  }

  @Test func aRolesOrdinalIsItsPositionAmongAllCases() {
    for (index, role) in Role.allCases.enumerated() {
      #expect(role.ordinal == index, "\(role)")
    }
    #expect(Role.tablature.ordinal == Role.allCases.count - 1)
  }

  @Test func aRolesStaticNameIsItsRawValue() {
    for role in Role.allCases {
      #expect(role.staticName.description == role.rawValue)
    }
  }
}
