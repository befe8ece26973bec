import Testing

@testable import Layout

/// The index's sorting keys: plain ASCII titles take a short way that must agree with
/// Foundation's folding, which every other title goes through.
@Suite struct IndexSortingTests {
  @Test func asciiTitlesFoldAsFoundationFoldsThem() {
    // Every printable ASCII character alone, beside letters of both cases.
    var titles = (0x20...0x7E).map { "a\(Character(Unicode.Scalar($0)!))Z" }
    titles += ["The Kesh", "MAID BEHIND THE BAR", "O'Carolan's Concerto", "`Tis ^Here~", "Reel #7 [A]"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      let length = Int.random(in: 1...24, using: &generator)
      titles.append(
        String(
          (0..<length).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &generator)))
          }))
    }
    for title in titles {
      #expect(Engraver.sortingForm(title) == Engraver.foldedForm(title), "\(title)")
    }
  }

  @Test func otherTitlesAreFolded() {
    #expect(Engraver.sortingForm("Óró Sé do Bheatha") == "oro se do bheatha")
    #expect(Engraver.sortingForm("Ｆｕｌｌ") == "full")
    #expect(Engraver.sortingForm("Ærø") == Engraver.foldedForm("Ærø"))
  }
}
