import ABCParser
import DisplayList
import Foundation
import Testing

/// Text above and below the staff overhangs free space instead of spreading the notes;
/// small details of marks abcm2ps files rely on.
@Suite struct TextOverhangTests {
  func items(_ body: String, header: String = "L:1/4") throws -> [DisplayItem] {
    try LayoutFixture.engrave("X:1\n\(header)\nK:C\n\(body)\n").pages.flatMap(\.items)
  }

  func headXs(_ items: [DisplayItem]) -> [Double] {
    items.filter { $0.role == .notehead }.map(\.box.minX).sorted()
  }

  @Test func aLongAnnotationDoesNotPushTheNextNote() throws {
    let plain = headXs(try items("C D E F|"))
    let annotated = headXs(try items("\"^Very fast and light\"C D E F|"))
    #expect(plain.count == 4 && annotated.count == 4)
    // Same spacing as without the text (within rounding).
    for (a, b) in zip(plain, annotated) { #expect(abs(a - b) < 0.5) }
    // Two annotations that would collide stack instead of overlapping.
    let both = try items("\"^Very fast and light\"C \"^and then slower\"D E F|")
    let texts = both.filter { $0.role == .annotation }
    #expect(texts.count == 2)
    #expect(!texts[0].box.intersects(texts[1].box))
  }

  @Test func aSemicolonBreaksAnAnnotationIntoLines() throws {
    let all = try items("\"^beam;crossing;a bar\"C D|")
    let lines = all.filter { $0.role == .annotation }.sorted { $0.box.minY < $1.box.minY }.compactMap {
      if case .text(let text) = $0.shape { text.text } else { nil }
    }
    #expect(lines == ["beam", "crossing", "a bar"])
  }

  @Test func detailsAbcm2psFilesRelyOn() throws {
    func glyphs(_ items: [DisplayItem]) -> [String] {
      items.compactMap { if case .glyph(let g) = $0.shape { g.name } else { nil } }
    }
    #expect(glyphs(try items("!sfz!C|")).contains("dynamicSforzato"))
    // J is abcm2ps's slide, R a roll: both drawn, neither read as a stray letter.
    let parsed = ABCParser.parse("X:1\nK:C\nJC RD|\n")
    #expect(parsed.diagnostics.isEmpty)
    #expect(
      parsed.tunebook.tunes.first?.voices.first?.elements.compactMap {
        if case .note(let note) = $0 { note.decorations.first?.name } else { nil }
      } == ["slide", "roll"])
    // A bare Q:120 beats the unit note: with L:1/8, a quaver.
    let tempo = try items("C|", header: "L:1/8\nQ:120")
    #expect(glyphs(tempo.filter { $0.role == .tempo }) == ["metNote8thUp"])
  }
}
