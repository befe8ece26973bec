import ABCParser
import DisplayList
import EngravingQuality
import Layout
import Render
import Testing

/// The spacing half of the quality check fires on the defects it names.
@Suite struct SpacingCheckTests {
  func engraver() throws -> Engraver {
    let fonts = FontLibrary(directory: Fixtures.fontsDirectory)
    return Engraver(font: try fonts.musicFont("Bravura"), measurer: try PangoTextMeasurer(fonts: fonts))
  }

  @Test func underfilledSplitLinesAreFound() throws {
    let ragged = [
      LineFill(natural: 95, width: 100, splitsSourceLine: true, isLast: false),
      LineFill(natural: 30, width: 100, splitsSourceLine: true, isLast: true),
      LineFill(natural: 30, width: 100, splitsSourceLine: false, isLast: true),
    ]
    #expect(SpacingChecker.underfilledSplitLines(ragged) == [1])
    // The jig: its too-wide source line splits 4 + 4, each line well filled.
    let abc = """
      X:9
      M:6/8
      L:1/8
      K:C
      ||((3G/A/B/)|c2d e2f|gec dBG|GBc dBG|(G/A/B)c dBG|c2d e2f|gec dBG|(G/A/B)c dgf|ecc c2:|

      """
    let tune = try #require(ABCParser.parse(abc).tunebook.tunes.first)
    let fills = try engraver().lineFills(of: tune)
    #expect(fills.count == 2)
    #expect(fills.allSatisfy { $0.splitsSourceLine })
    #expect(SpacingChecker.underfilledSplitLines(fills).isEmpty)
    // Balanced: 6 + 2 would leave the second line near a quarter full.
    #expect(fills.count == 2 && abs(fills[0].share - fills[1].share) < 0.2)
  }

  /// A line of three 100-point measures (bar lines at 0, 100, 200, 300) with texts.
  /// `sourceLine` is where its bar lines are written (nil: nowhere).
  func line(firstMeasure width: Double, texts: [Rect], sourceLine: Int? = nil) -> DisplayList {
    let bars = [0, width, width + (300 - width) / 2, 300].enumerated().map { index, x in
      DisplayItem(
        role: .barLine,
        shape: .line(LineShape(from: Point(x: x, y: 100), to: Point(x: x, y: 120), thickness: 0.8)),
        box: Rect(x: x - 0.4, y: 100, width: 0.8, height: 20),
        context: ItemContext(tune: 1, staff: 0, line: 0),
        source: sourceLine.map { SourcePosition(line: $0, column: 10 * index) })
    }
    let heads = [20.0, 60, width + 20, width + 60].map { x in
      DisplayItem(
        role: .notehead,
        shape: .glyph(
          GlyphShape(
            name: "noteheadBlack", codepoint: 0xE0A4, font: "Bravura", origin: Point(x: x, y: 110), size: 20)),
        box: Rect(x: x, y: 107.5, width: 5.9, height: 5), context: ItemContext(tune: 1, staff: 0, line: 0))
    }
    let words = texts.map { box in
      DisplayItem(
        role: .chordSymbol,
        shape: .text(
          TextShape(
            text: "Cmaj7", font: FontSpec(family: "TeX Gyre Schola", size: 10),
            origin: Point(x: box.minX, y: box.maxY))),
        box: box, context: ItemContext(tune: 1, staff: 0, line: 0))
    }
    return DisplayList(pages: [DisplayPage(width: 400, height: 400, items: bars + heads + words)])
  }

  @Test func aMeasureSpreadByTextForNothingIsFound() {
    let plain = line(firstMeasure: 100, texts: [])
    // One chord symbol alone in the first measure, which grew from 100 to 140 points.
    let lone = line(firstMeasure: 140, texts: [Rect(x: 20, y: 80, width: 40, height: 10)])
    #expect(SpacingChecker.textWidenedMeasures(withText: lone, withoutText: plain, space: 5).count == 1)
    // Two chord symbols that would collide at the plain spacing: the room was needed.
    let pair = line(
      firstMeasure: 140,
      texts: [Rect(x: 20, y: 80, width: 40, height: 10), Rect(x: 64, y: 80, width: 30, height: 10)])
    #expect(SpacingChecker.textWidenedMeasures(withText: pair, withoutText: plain, space: 5).isEmpty)
    // Lines holding other bars of the source (broken differently) are not compared.
    let moved = line(firstMeasure: 140, texts: [Rect(x: 20, y: 80, width: 40, height: 10)], sourceLine: 7)
    let elsewhere = line(firstMeasure: 100, texts: [], sourceLine: 8)
    #expect(SpacingChecker.textWidenedMeasures(withText: moved, withoutText: elsewhere, space: 5).isEmpty)
    #expect(
      SpacingChecker.textWidenedMeasures(
        withText: moved, withoutText: line(firstMeasure: 100, texts: [], sourceLine: 7), space: 5
      ).count == 1)
    // A measure that did not grow is never a defect.
    #expect(
      SpacingChecker.textWidenedMeasures(
        withText: line(firstMeasure: 100, texts: []), withoutText: plain, space: 5
      ).isEmpty)
  }

  @Test func chordSymbolsOverhangInsteadOfSpreadingNotes() throws {
    let abc = "X:1\nM:4/4\nL:1/8\nK:Bb\n\"Bbmaj7sus4\"BAGF \"Eb/G\"GFED|\"F7\"FGAB c2A2|\"Bb\"B8|]\n"
    let parsed = try #require(ABCParser.parse(abc).tunebook.tunes.first)
    var plain = parsed
    for index in plain.voices[0].elements.indices {
      if case .note(var note) = plain.voices[0].elements[index] {
        note.annotations = []
        plain.voices[0].elements[index] = .note(note)
      }
    }
    let engraver = try engraver()
    let found = SpacingChecker.textWidenedMeasures(
      withText: engraver.engrave([parsed]), withoutText: engraver.engrave([plain]), space: 5)
    #expect(found.isEmpty, "\(found)")
  }
}
