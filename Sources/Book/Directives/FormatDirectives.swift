import DisplayList
import Layout
import ScoreModel

/*
 FormatDirectives — abcm2ps `%%` format directives applied to the page setup and options.

 Method. Each directive name maps to a setter; lengths take abcm2ps units (`pt` by
 default, `cm`, `mm`, `in`), fonts take PostScript names (`Times-Bold 15`), mapped onto the
 TeX Gyre families Debian ships (Times → Termes, Helvetica → Heros, Courier → Cursor,
 Palatino → Pagella, NewCenturySchlbk → Schola, Bookman → Bonum, AvantGarde → Adventor).
 `*` as a font name keeps the family. File-header directives apply to the whole book;
 a tune's own directives to that tune only (the caller passes them separately). Every
 number is range-checked (FormatDirectives+Checks.swift): a bad value is a warning naming
 the directive and value, and the previous value stays.

     %%pagewidth 21cm      → setup.width = 595.3
     %%titlefont Times-Bold 20 → TeX Gyre Termes Bold 20

 Directives handled elsewhere (`newpage`, `text`, `center`, `begintext`, `vskip`) are
 accepted here silently; `score`, `staves` and a few others belong to the parser. Any
 other name gets a warning, never an error.

 `measurenb`, `barsperstaff`, `transpose`, `indent`, `sysstaffsep`, `gchordbox`,
 `partsbox` and the chord, annotation, vocal and parts fonts reach the tune layout through
 LayoutOptions and PageSetup.

 Limits. `titleformat` chooses fields and their alignment; its boxes (`,`) and
 concatenation (`+`) are ignored.
 */

/// Applies abcm2ps format directives to a page setup and layout options.
public struct FormatDirectives: Sendable {
  public var setup: PageSetup
  public var options: LayoutOptions
  /// Messages about unknown or malformed directives, with their source ranges.
  public private(set) var warnings: [(message: String, range: SourceRange)] = []
  /// The text families font directives named (`%%titlefont Palatino 18`), in order, with
  /// the directive and where it stands: the callers check that they are installed.
  public internal(set) var namedFonts: [(family: String, directive: String, range: SourceRange)] = []
  /// Whether each geometry directive must leave a usable page on its own (see `apply(_:)`).
  var checksEachGeometryChange = true

  public init(setup: PageSetup, options: LayoutOptions) {
    self.setup = setup
    self.options = options
  }

  /// Directives handled by the book assembler (text, breaks) or by the parser.
  static let handledElsewhere: Set<String> = [
    "newpage", "text", "center", "begintext", "endtext", "vskip", "score", "staves", "tuplets", "clef",
    "percmap", "map", "voicemap", "tablature", "repeat", "stafflines", "staffscale", "voicescale", "stemdir",
    "staff", "graceslurs", "multicol",
    "abc-charset",
    "abc-version", "abc-include", "abc-creator", "abc-edited-by", "sep", "midi", "voice", "src", "pdfmark",
  ]

  /// Every directive name this type understands (for documentation and tests).
  public static let understood: Set<String> = [
    "pagewidth", "pageheight", "topmargin", "botmargin", "leftmargin", "rightmargin", "landscape", "scale",
    "staffwidth", "indent", "splittune", "oneperpage", "header", "footer", "titlefont", "subtitlefont",
    "composerfont", "tempofont", "partsfont", "gchordfont", "annotationfont", "vocalfont", "wordsfont",
    "textfont", "headerfont", "footerfont", "topspace", "titlespace", "musicspace", "staffsep", "sysstaffsep",
    "titleformat", "writefields", "linebreak", "barsperstaff", "stretchlast", "measurenb", "barnumbers",
    "transpose", "titlecaps", "titleleft", "titletrim", "gutter", "vertical-justify", "continueall",
    "gchordbox",
    "partsbox", "diagram", "chorddef",
  ]

  /// Applies directives in order. Geometry is checked on the result of them all, so
  /// `%%pagewidth 100` before `%%leftmargin 0` is fine; only when the result leaves no
  /// room for music are they applied again one by one, refusing the change that breaks
  /// the page (and warning about it).
  public mutating func apply(_ directives: [Directive]) {
    let start = self
    checksEachGeometryChange = false
    for directive in directives { apply(directive) }
    checksEachGeometryChange = true
    guard Self.geometryProblem(setup, indent: options.indent) != nil else { return }
    self = start
    for directive in directives { apply(directive) }
  }

  public mutating func apply(_ directive: Directive) {
    let name = directive.name.lowercased()
    let value = directive.arguments.trimmed
    if Self.handledElsewhere.contains(name) || name.hasPrefix("abc") || name.isEmpty { return }
    if name.hasPrefix("end"), name != "endtext" { return }  // the matching begin… already warned
    /// Reads a length in `range` and applies it; geometry changes only when the page stays usable.
    func length(
      _ range: ClosedRange<Double>, geometry: Bool = false, _ body: (inout FormatDirectives, Double) -> Void
    ) {
      guard let points = checkedLength(value, in: range, directive) else { return }
      guard geometry else { return body(&self, points) }
      changeGeometry(directive) { body(&$0, points) }
    }
    func flag() -> Bool {
      StyleValues.bool(value.split(separator: " ").first.map(String.init) ?? "1") ?? true
    }
    let page = Limits.pageSide
    let margin = 0...page.upperBound
    switch name {
    case "pagewidth": length(page, geometry: true) { $0.setup.width = $1 }
    case "pageheight": length(page, geometry: true) { $0.setup.height = $1 }
    case "topmargin": length(margin, geometry: true) { $0.setup.marginTop = $1 }
    case "botmargin": length(margin, geometry: true) { $0.setup.marginBottom = $1 }
    case "leftmargin": length(margin, geometry: true) { $0.setup.marginLeft = $1 }
    case "rightmargin": length(margin, geometry: true) { $0.setup.marginRight = $1 }
    case "gutter": length(margin, geometry: true) { $0.setup.gutter = $1 }
    case "landscape":
      let landscape = flag()
      changeGeometry(directive) {
        if landscape != ($0.setup.width > $0.setup.height) { $0.setup.turn() }
      }
    case "scale":
      guard let scale = checkedNumber(value, in: Limits.scale, directive) else { return }
      setup.staffSpace = 6 * scale
    case "staffwidth":
      length(Limits.minimumContentSide...page.upperBound, geometry: true) {
        $0.setup.marginRight = max(0, $0.setup.width - $0.setup.marginLeft - $1)
      }
    case "indent": length(margin, geometry: true) { $0.options.indent = $1 }
    case "splittune": options.splitTunes = flag()
    case "oneperpage": options.onePerPage = flag()
    case "vertical-justify": options.justifyVertically = flag()
    case "header", "footer":
      let font = (name == "header" ? setup.header?.font : setup.footer?.font) ?? headFont()
      let head = RunningHead.tabSeparated(Self.unquoted(value), font: font)
      if name == "header" { setup.header = head } else { setup.footer = head }
    case "headerfont":
      let font = checkedFont(value, base: setup.header?.font ?? headFont(), directive)
      setup.header?.font = font
    case "footerfont":
      let font = checkedFont(value, base: setup.footer?.font ?? headFont(), directive)
      setup.footer?.font = font
    case "titlefont": setup.titleFont = checkedFont(value, base: setup.titleFont, directive)
    case "subtitlefont": setup.subtitleFont = checkedFont(value, base: setup.subtitleFont, directive)
    case "composerfont": setup.composerFont = checkedFont(value, base: setup.composerFont, directive)
    case "tempofont": setup.tempoFont = checkedFont(value, base: setup.tempoFont, directive)
    case "partsfont":
      setup.partsFont = checkedFont(value, base: setup.partsFont, directive)
      if Self.hasBox(value) { setup.partLabelsBoxed = true }
    case "gchordfont":
      setup.chordFont = checkedFont(value, base: setup.chordFont, directive)
      if Self.hasBox(value) { setup.chordSymbolsBoxed = true }
    case "gchordbox": setup.chordSymbolsBoxed = Self.bool(value)
    case "diagram":
      let word = value.split(separator: " ").first.map(String.init) ?? "1"
      if ["0", "no", "none", "off", "false"].contains(word.lowercased()) {
        setup.chordDiagrams = nil
      } else if let instrument = FrettedInstrument(named: word) {
        setup.chordDiagrams = instrument
      } else {
        warn(
          "%%diagram takes guitar (or 1), ukulele, mandolin or 0, not '\(Diagnostic.excerpt(word))'",
          directive)
      }
    case "chorddef":
      // %%chorddef NAME FRETS: x32030, or x 10 12 12 11 x past the ninth fret.
      let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2, let shape = ChordFingering(parts[1].trimmed) else {
        warn(
          "%%chorddef needs a chord and its frets, low string first: %%chorddef Cadd9 x32030", directive)
        return
      }
      setup.chordDefinitions[parts[0]] = shape
    case "partsbox": setup.partLabelsBoxed = Self.bool(value)
    case "annotationfont": setup.annotationFont = checkedFont(value, base: setup.annotationFont, directive)
    case "vocalfont": setup.vocalFont = checkedFont(value, base: setup.vocalFont, directive)
    case "wordsfont": setup.wordsFont = checkedFont(value, base: setup.wordsFont, directive)
    case "textfont": setup.textFont = checkedFont(value, base: setup.textFont, directive)
    case "topspace": length(Limits.verticalSpace) { $0.setup.topSpace = $1 }
    case "titlespace": length(Limits.verticalSpace) { $0.setup.titleSpace = $1 }
    case "musicspace": length(Limits.verticalSpace) { $0.setup.musicSpace = $1 }
    case "staffsep":
      length(Limits.verticalSpace) { $0.setup.systemGap = max(1, $1 / $0.setup.staffSpace - 6) }
    case "sysstaffsep": length(Limits.verticalSpace) { $0.setup.staffSeparation = $1 }
    case "titleformat": applyTitleFormat(value)
    case "writefields": applyWriteFields(value)
    case "titlecaps": setup.titleStyle.capitals = flag()
    case "titleleft": setup.titleStyle.alignment = flag() ? .left : .center
    case "titletrim":
      // 0/1, true/false, or a number: the longest tail moved (abcm2ps).
      let number = value.split(separator: " ").first.flatMap { Int($0) }
      setup.titleStyle.trim = number.map { max(0, $0) } ?? (flag() ? 1 : 0)
    case "linebreak":
      if value.contains("<none>") {
        options.lineBreaks = .optimal
      } else if value.contains("<EOL>") {
        options.lineBreaks = .source
      }
    case "continueall": if flag() { options.lineBreaks = .optimal }
    case "barsperstaff":
      guard let bars = checkedInteger(value, in: Limits.barCount, directive) else { return }
      options.barsPerStaff = bars > 0 ? bars : nil
    case "stretchlast":
      guard Double(value.split(separator: " ").first ?? "") != nil else {
        options.stretchLast = flag() ? 0 : 1
        return
      }
      guard let share = checkedNumber(value, in: Limits.stretchLast, directive) else { return }
      options.stretchLast = share
    case "measurenb", "barnumbers":
      // A negative interval turns bar numbers off, as in abcm2ps.
      if let first = value.split(separator: " ").first, let interval = Int(first), interval < 0 {
        options.measureNumbers = nil
        return
      }
      guard let interval = checkedInteger(value, in: Limits.barCount, directive) else { return }
      options.measureNumbers = interval
    case "transpose":
      guard let semitones = checkedInteger(value, in: Limits.transpose, directive) else { return }
      options.transpose = semitones
    default:
      warn("unknown directive %%\(Diagnostic.excerpt(directive.name)) (ignored)", directive)
    }
  }

  private func headFont() -> FontSpec { FontSpec(family: setup.textFont.family, size: 10) }

  mutating func warn(_ message: String, _ directive: Directive) {
    warnings.append((message, directive.range))
  }

  /// `%%writefields COPQ 1` adds fields, `… 0` removes them; no flag means add.
  mutating func applyWriteFields(_ value: String) {
    let parts = value.split(separator: " ")
    guard let letters = parts.first else { return }
    let on = parts.count < 2 || StyleValues.bool(String(parts[1])) != false
    for letter in letters where letter.isLetter {
      if on { setup.titleStyle.fields.insert(letter) } else { setup.titleStyle.fields.remove(letter) }
    }
  }

  /// `%%titleformat`: which of T C O R Q print, and the title's alignment (`T-1` left,
  /// `T1` right, `T` or `T0` centred); boxes (`,`) and concatenation (`+`) are ignored.
  mutating func applyTitleFormat(_ value: String) {
    var fields: Set<Character> = []
    let characters = Array(value)
    for (index, character) in characters.enumerated() where character.isUppercase {
      fields.insert(character)
      guard character == "T" else { continue }
      let rest = String(characters[(index + 1)...].prefix { $0 == "-" || $0.isNumber })
      setup.titleStyle.alignment = rest == "-1" ? .left : rest == "1" ? .right : .center
    }
    setup.titleStyle.fields = fields.union(setup.titleStyle.fields.intersection(["W", "N", "H", "X"]))
  }

  static func unquoted(_ text: String) -> String {
    text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"")
      ? String(text.dropFirst().dropLast()) : text
  }

  /// True when a font directive ends with abcm2ps's `box` flag.
  static func hasBox(_ value: String) -> Bool {
    Self.unquoted(value).split(separator: " ").dropFirst().contains { $0.lowercased() == "box" }
  }

  /// An abcm2ps boolean: `1`, `true`, `yes` (or nothing) are true.
  static func bool(_ value: String) -> Bool {
    let word = value.split(separator: " ").first.map { $0.lowercased() } ?? ""
    return word.isEmpty || ["1", "true", "yes", "on"].contains(word)
  }
}
