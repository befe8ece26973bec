import ABCParser
import Book
import DisplayList
import Layout
import ScoreModel
import Testing

@Suite struct DirectiveTests {
  func apply(_ lines: [String]) -> FormatDirectives {
    var format = FormatDirectives(setup: .a4, options: LayoutOptions())
    let range = SourceRange(SourceLocation(line: 1, column: 1))
    format.apply(
      lines.map { line in
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        return Directive(name: parts[0], arguments: parts.count > 1 ? parts[1] : "", range: range)
      })
    return format
  }

  @Test func chordDiagramsAndOwnShapes() throws {
    #expect(apply([]).setup.chordDiagrams == nil)
    #expect(apply(["diagram 1"]).setup.chordDiagrams == .guitar)
    #expect(apply(["diagram ukulele"]).setup.chordDiagrams == .ukulele)
    #expect(apply(["diagram mandolin", "diagram 0"]).setup.chordDiagrams == nil)
    let defined = apply(["chorddef Cadd9 x32030", "chorddef D/F# 2x0232"])
    #expect(defined.setup.chordDefinitions["Cadd9"] == ChordFingering("x32030"))
    #expect(defined.setup.chordDefinitions["D/F#"] == ChordFingering("2x0232"))
    #expect(defined.warnings.isEmpty)
    let bad = apply(["diagram banjo", "chorddef Cadd9"])
    #expect(bad.warnings.count == 2)
    #expect(bad.warnings.first?.0.contains("guitar (or 1), ukulele, mandolin") == true)
    var template = try PageTemplate(file: StyleFile(parsing: "music.chord-diagrams: ukulele"))
    #expect(template.setup.chordDiagrams == .ukulele)
    template = try PageTemplate(file: StyleFile(parsing: "music.chord-diagrams: none"))
    #expect(template.setup.chordDiagrams == nil)
  }

  @Test func boxedChordSymbolsAndPartLabels() throws {
    #expect(!apply([]).setup.chordSymbolsBoxed)
    #expect(apply(["gchordfont Helvetica 12 box"]).setup.chordSymbolsBoxed)
    #expect(apply(["gchordbox 1"]).setup.chordSymbolsBoxed)
    #expect(!apply(["partsbox 0"]).setup.partLabelsBoxed)
    // A boxed chord symbol is framed by four thin lines around its text.
    var setup = PageSetup.a4
    setup.chordSymbolsBoxed = true
    let parsed = ABCParser.parse("X:1\nT:B\nL:1/4\nK:C\n\"G\"C D \"Am\"E F|\n")
    let font = try BookFixture.font()
    let list = Engraver(font: font, measurer: ApproximateTextMeasurer(), setup: setup).engrave(
      parsed.tunebook)
    let chordItems = list.pages.flatMap(\.items).filter { $0.role == .chordSymbol }
    #expect(chordItems.filter { if case .text = $0.shape { true } else { false } }.count == 2)
    #expect(chordItems.filter { if case .line = $0.shape { true } else { false } }.count == 8)
  }

  @Test func pageGeometry() {
    let format = apply([
      "pagewidth 21cm", "pageheight 29.7cm", "topmargin 1cm", "botmargin 2cm", "leftmargin 1.5cm",
      "rightmargin 1.2cm", "scale 0.75",
    ])
    let cm = 72 / 2.54
    #expect(abs(format.setup.width - 21 * cm) < 0.01)
    #expect(abs(format.setup.marginTop - cm) < 0.01)
    #expect(abs(format.setup.marginBottom - 2 * cm) < 0.01)
    #expect(abs(format.setup.marginLeft - 1.5 * cm) < 0.01)
    #expect(format.setup.staffSpace == 4.5)
    let landscape = apply(["landscape 1"])
    #expect(landscape.setup.width > landscape.setup.height)
  }

  @Test func fontsMapToTeXGyre() {
    let format = apply(["titlefont Times-Bold 22", "composerfont Helvetica-Oblique 11", "textfont * 14"])
    #expect(format.setup.titleFont == FontSpec(family: "TeX Gyre Termes", size: 22, isBold: true))
    #expect(format.setup.composerFont == FontSpec(family: "TeX Gyre Heros", size: 11, isItalic: true))
    #expect(format.setup.textFont.family == PageSetup.a4.textFont.family)
    #expect(format.setup.textFont.size == 14)
  }

  @Test func breaksHeadersTitlesAndSpacing() {
    let format = apply([
      "oneperpage 1", "splittune 1", "header $T\\t\\t$P", "footer -page $P of $N", "titleleft 1",
      "writefields X 1", "stretchlast 0.3", "musicspace 12", "staffsep 60", "measurenb 0", "transpose -2",
    ])
    #expect(format.options.onePerPage && format.options.splitTunes)
    #expect(format.setup.header?.odd == ["$T", "", "$P"])
    #expect(format.setup.footer?.skipFirstPage == true)
    #expect(format.setup.titleStyle.alignment == .left)
    #expect(format.setup.titleStyle.fields.contains("X"))
    #expect(format.options.stretchLast == 0.3)
    #expect(format.setup.musicSpace == 12)
    #expect(abs(format.setup.systemGap - 6) < 0.001)
    #expect(format.options.measureNumbers == 0)
    #expect(format.options.transpose == -2)
  }

  @Test func unknownDirectivesWarnNeverFail() {
    let format = apply(["frobnicate 3", "newpage", "text hello"])
    #expect(format.warnings.count == 1)
    #expect(format.warnings.first?.message.contains("frobnicate") == true)
  }

  @Test func titleFormatPicksFieldsAndAlignment() {
    let format = apply(["titleformat T-1 C1"])
    #expect(format.setup.titleStyle.alignment == .left)
    #expect(format.setup.titleStyle.fields.contains("C"))
    #expect(!format.setup.titleStyle.fields.contains("R"))
  }
}
