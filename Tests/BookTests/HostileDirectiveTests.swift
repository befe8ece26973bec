import ABCParser
import Book
import DisplayList
import Layout
import ScoreModel
import Testing

/// Every format directive and template key given absurd numbers: no trap, a warning (or
/// error) naming the directive and value, and a page setup the engraver can still use.
@Suite struct HostileDirectiveTests {
  static let hostile = ["0", "-5", "1e12", "1e308", "-1e308", "nan", "inf", "-inf", "99999999"]
  /// Values no numeric directive accepts.
  static let alwaysBad: Set<String> = ["1e12", "1e308", "-1e308", "nan", "inf", "-inf", "99999999"]
  /// The directives that take a number, a length or a font size.
  static let numeric: Set<String> = [
    "pagewidth", "pageheight", "topmargin", "botmargin", "leftmargin", "rightmargin", "gutter", "scale",
    "staffwidth", "indent", "topspace", "titlespace", "musicspace", "staffsep", "sysstaffsep", "barsperstaff",
    "stretchlast", "measurenb", "barnumbers", "transpose",
  ]
  static let fonts: Set<String> = [
    "titlefont", "subtitlefont", "composerfont", "tempofont", "partsfont", "gchordfont", "annotationfont",
    "vocalfont", "wordsfont", "textfont", "headerfont", "footerfont",
  ]
  static let tune =
    "X:1\nT:Hostile\nC:Someone\nM:4/4\nL:1/8\nQ:1/4=120\nK:G\n\"G\"GABc dedB|\"D\"A2FA d2cB|\nw:la la la\n"

  static func directive(_ name: String, _ arguments: String) -> Directive {
    Directive(name: name, arguments: arguments, range: SourceRange(SourceLocation(line: 1, column: 1)))
  }

  /// What makes the result unusable, or nil.
  static func problem(_ setup: PageSetup, _ options: LayoutOptions) -> String? {
    if let geometry = FormatDirectives.geometryProblem(setup, indent: options.indent) { return geometry }
    let fonts = [
      setup.titleFont, setup.subtitleFont, setup.composerFont, setup.infoFont, setup.tempoFont,
      setup.voltaFont,
      setup.textFont, setup.wordsFont, setup.chordFont, setup.annotationFont, setup.vocalFont,
      setup.partsFont,
    ]
    let heads = [setup.header?.font, setup.footer?.font].compactMap { $0 }
    guard (fonts + heads).allSatisfy({ Limits.fontSize.contains($0.size) }) else { return "font size" }
    guard setup.staffSpace.isFinite, setup.staffSpace >= 0.5, setup.staffSpace <= 60 else {
      return "staff space"
    }
    let spaces = [setup.topSpace, setup.titleSpace, setup.musicSpace, setup.staffSeparation, setup.systemGap]
    guard spaces.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1000 }) else { return "vertical space" }
    guard Limits.transpose.contains(options.transpose) else { return "transpose" }
    guard Limits.stretchLast.contains(options.stretchLast) else { return "stretchlast" }
    guard (options.barsPerStaff ?? 1) >= 1, (options.barsPerStaff ?? 1) <= 1000 else { return "barsperstaff" }
    guard (options.measureNumbers ?? 0) <= 1000 else { return "measurenb" }
    return nil
  }

  /// Engraves the small tune with the setup and checks every item is finite.
  static func engrave(_ setup: PageSetup, _ options: LayoutOptions) throws {
    let engraver = Engraver(
      font: try BookFixture.font(), measurer: ApproximateTextMeasurer(), setup: setup, options: options)
    let list = engraver.engrave(ABCParser.parse(tune).tunebook)
    #expect(!list.pages.isEmpty)
    let items = list.pages.flatMap(\.items)
    #expect(items.contains { $0.role == .notehead })
    for page in list.pages {
      #expect(page.width.isFinite && page.height.isFinite && page.width > 0 && page.height > 0)
    }
    #expect(items.allSatisfy { $0.box.x.isFinite && $0.box.y.isFinite && $0.box.width.isFinite })
  }

  @Test(arguments: FormatDirectives.understood.sorted())
  func everyDirectiveSurvivesHostileValues(name: String) throws {
    let forms =
      Self.fonts.contains(name) ? Self.hostile.map { "Times-Bold \($0)" } + Self.hostile : Self.hostile
    for value in forms {
      var format = FormatDirectives(setup: .a4, options: LayoutOptions())
      format.apply(Self.directive(name, value))
      #expect(Self.problem(format.setup, format.options) == nil, "%%\(name) \(value)")
      let bare = value.replacingOccurrences(of: "Times-Bold ", with: "")
      if (Self.numeric.contains(name) || Self.fonts.contains(name)) && Self.alwaysBad.contains(bare) {
        #expect(format.warnings.count == 1, "%%\(name) \(value): \(format.warnings.map(\.message))")
        let message = format.warnings.first?.message ?? ""
        #expect(message.contains("%%\(name)") && message.contains(bare), "\(message)")
      }
      try Self.engrave(format.setup, format.options)
    }
  }

  @Test func everyHostileValueInOneFileStillEngraves() throws {
    var format = FormatDirectives(setup: .a4, options: LayoutOptions())
    for name in FormatDirectives.understood.sorted() {
      for value in Self.hostile { format.apply(Self.directive(name, value)) }
    }
    #expect(format.warnings.count >= Self.numeric.count * 5)
    #expect(Self.problem(format.setup, format.options) == nil)
    try Self.engrave(format.setup, format.options)
  }

  @Test func marginsLargerThanThePageAreRefused() throws {
    var format = FormatDirectives(setup: .a4, options: LayoutOptions())
    format.apply([
      Self.directive("leftmargin", "400"), Self.directive("rightmargin", "400"),
      Self.directive("topmargin", "10in"), Self.directive("botmargin", "10in"),
      Self.directive("pagewidth", "100"), Self.directive("indent", "500"),
    ])
    #expect(format.setup.marginLeft == 400)
    #expect(format.setup.marginRight == PageSetup.a4.marginRight)
    #expect(format.setup.marginTop == 720)
    #expect(format.setup.marginBottom == PageSetup.a4.marginBottom)
    #expect(format.setup.width == PageSetup.a4.width)
    #expect(format.options.indent == 0)
    #expect(format.warnings.count == 4)
    #expect(format.warnings.allSatisfy { $0.message.contains("of the page for music; ignored") })
    try Self.engrave(format.setup, format.options)
  }

  @Test func aSmallPageIsCheckedOnceAllItsDirectivesApply() throws {
    var format = FormatDirectives(setup: .a4, options: LayoutOptions())
    format.apply(
      ["pagewidth 72", "pageheight 100", "leftmargin 0", "rightmargin 0", "topmargin 10", "botmargin 10"].map
      {
        let parts = $0.split(separator: " ").map(String.init)
        return Self.directive(parts[0], parts[1])
      })
    #expect(format.warnings.isEmpty, "\(format.warnings.map(\.message))")
    #expect(format.setup.contentWidth == 72)
    try Self.engrave(format.setup, format.options)
  }

  @Test func goodValuesStillApply() {
    var format = FormatDirectives(setup: .a4, options: LayoutOptions())
    format.apply([
      Self.directive("transpose", "-5"), Self.directive("measurenb", "-1"), Self.directive("scale", "10"),
      Self.directive("titlefont", "Times-Bold 200"), Self.directive("vocalfont", "12"),
      Self.directive("barsperstaff", "0"), Self.directive("pagewidth", "14400"),
    ])
    #expect(format.warnings.isEmpty, "\(format.warnings.map(\.message))")
    #expect(format.options.transpose == -5)
    #expect(format.options.measureNumbers == nil)
    #expect(format.setup.staffSpace == 60)
    #expect(format.setup.titleFont.size == 200)
    #expect(format.setup.vocalFont.size == 12)
    #expect(format.setup.vocalFont.family == PageSetup.a4.vocalFont.family)
    #expect(format.options.barsPerStaff == nil)
    #expect(format.setup.width == 14_400)
  }

  /// Template keys that take a number, length or font.
  static let templateKeys = [
    "margins.top", "margins.bottom", "margins.left", "margins.right", "margins.inner", "margins.outer",
    "margins.gutter", "music.staff-space", "music.system-gap", "music.tune-gap", "music.stretch-last",
    "title.space", "title.music-space", "incipit.bars", "title.font", "title.subtitle-font",
    "title.composer-font", "title.info-font", "title.tempo-font", "text.font", "text.words-font",
    "header.font",
    "footer.font", "page.size", "music.chord-style",
  ]

  @Test(arguments: templateKeys)
  func templateKeysRefuseHostileValues(key: String) throws {
    let section = String(key.split(separator: ".")[0])
    let field = String(key.split(separator: ".")[1])
    for raw in Self.hostile {
      let value =
        key.hasSuffix("font") ? "TeX Gyre Schola bold \(raw)" : key == "page.size" ? "\(raw) x 200mm" : raw
      let text = "name: hostile\n[\(section)]\n\(field): \(value)\n"
      do {
        let template = try PageTemplate(file: try StyleFile(parsing: text))
        #expect(!Self.alwaysBad.contains(raw), "\(key): \(value) was accepted")
        #expect(Self.problem(template.setup, template.options) == nil, "\(key): \(value)")
        try Self.engrave(template.setup, template.options)
      } catch let error as StyleFileError {
        #expect(error.line >= 1)
        #expect(error.message.contains(key) || error.message.contains(raw), "\(error.message)")
      }
    }
  }

  @Test func chordStyleIsReadFromTheTemplate() throws {
    let template = try PageTemplate(file: try StyleFile(parsing: "name: jazz\n[music]\nchord-style: Jazz\n"))
    #expect(template.setup.chordSymbolStyle == .jazz)
    #expect(throws: StyleFileError.self) {
      try PageTemplate(file: try StyleFile(parsing: "name: x\n[music]\nchord-style: fancy\n"))
    }
  }

  @Test func templateMarginsLargerThanThePageAreAnError() throws {
    let text = "name: wide\n[margins]\nleft: 300pt\nright: 300pt\n"
    #expect(throws: StyleFileError.self) { try PageTemplate(file: try StyleFile(parsing: text)) }
    let error = try? PageTemplate(file: StyleFile(parsing: text))
    #expect(error == nil)
  }
}

/// Malformed style files quote only a short excerpt of the offending text.
@Suite struct HostileStyleFileTests {
  @Test func longMalformedLinesAreQuotedShort() {
    let long = String(repeating: "x", count: 100_000)
    let cases = [
      (long, "expected 'key: value'"), ("[music]\nstaff-space: \(long)", "is not a length"),
      ("\(long): 1", "unknown template key"), ("title.caps: \(long)", "is not yes or no"),
    ]
    for (text, message) in cases {
      do throws(StyleFileError) {
        _ = try PageTemplate(file: try StyleFile(parsing: text))
        Issue.record("accepted: \(message)")
      } catch {
        #expect(error.message.contains(message), "\(error.message.prefix(100))")
        #expect(error.message.count < 200)
      }
    }
    #expect(throws: StyleFileError.self) { try Theme(file: try StyleFile(parsing: "ink: \(long)")) }
    let theme = Result { try Theme(file: try StyleFile(parsing: "colors.\(long): #000")) }
    if case .failure(let error as StyleFileError) = theme { #expect(error.message.count < 200) }
  }
}
