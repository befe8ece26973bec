import DisplayList
import Layout
import ScoreModel

/// A page template: paper, margins, running heads, title style, staff size and book parts.
///
/// Read from the `key: value` format documented in Documentation/templates.md; the
/// built-ins in `PageTemplate+Builtins.swift` use the same format.
public struct PageTemplate: Hashable, Sendable {
  public var name: String
  public var description: String
  public var setup: PageSetup
  public var options: LayoutOptions
  /// Title page, contents, index and section breaks.
  public var matter: BookMatter
  /// How tunes are grouped into sections: nil, `rhythm` or `key`.
  public var groupBy: String?
  /// For incipit templates: bars to keep (0 = the whole first system).
  public var incipitBars: Int?

  public init(name: String, setup: PageSetup = .a4) {
    self.name = name
    description = ""
    self.setup = setup
    options = LayoutOptions()
    matter = BookMatter()
  }

  /// Reads a template file; a `base:` key (or `base`) supplies everything unset.
  public init(file: StyleFile, base: PageTemplate? = nil) throws(StyleFileError) {
    self = base ?? PageTemplate(name: "custom")
    if let baseName = file["base"] {
      guard let builtin = Self.builtin(baseName) else {
        throw StyleFileError(line: 1, message: "unknown base template '\(Diagnostic.excerpt(baseName))'")
      }
      self = builtin
    }
    var geometryLine: Int?
    var problems = file.problems
    for (key, value, line) in file.entries {
      do {
        try apply(key: key, value: value, line: line)
      } catch {
        problems.append(error)
      }
      if key.hasPrefix("page.") || key.hasPrefix("margins.") { geometryLine = line }
    }
    if let problem = FormatDirectives.geometryProblem(setup) {
      problems.append(
        StyleFileError(line: geometryLine ?? 1, message: "the page size and margins \(problem)"))
    }
    if let error = StyleFileError.combined(problems) { throw error }
  }

  private mutating func apply(key: String, value: String, line: Int) throws(StyleFileError) {
    func length(_ range: ClosedRange<Double> = 0...Limits.pageSide.upperBound) throws(StyleFileError)
      -> Double
    {
      guard let points = StyleValues.length(value) else {
        throw StyleFileError(
          line: line, message: "'\(Diagnostic.excerpt(value))' is not a length (e.g. 12pt, 15mm, 2cm, 1in)")
      }
      guard points.isFinite, range.contains(points) else {
        throw StyleFileError(
          line: line,
          message: "\(key) '\(Diagnostic.excerpt(value))' is out of range (\(FormatDirectives.points(range)))"
        )
      }
      return points
    }
    func flag() throws(StyleFileError) -> Bool {
      guard let bool = StyleValues.bool(value) else {
        throw StyleFileError(line: line, message: "'\(Diagnostic.excerpt(value))' is not yes or no")
      }
      return bool
    }
    func font(_ base: FontSpec) throws(StyleFileError) -> FontSpec {
      if let bad = StyleValues.badFontSize(in: value) {
        throw StyleFileError(
          line: line,
          message: "\(key): font size '\(Diagnostic.excerpt(bad))' is out of range "
            + "(\(FormatDirectives.points(Limits.fontSize)))")
      }
      return StyleValues.font(value, base: base)
    }
    switch key {
    case "name": name = value
    case "description": description = value
    case "base": break
    case "page.size": try setPaper(value, line: line)
    case "page.orientation":
      let landscape = value.lowercased() == "landscape"
      if landscape != (setup.width > setup.height) { setup.turn() }
    case "margins.top": setup.marginTop = try length()
    case "margins.bottom": setup.marginBottom = try length()
    case "margins.inner", "margins.left": setup.marginLeft = try length()
    case "margins.outer", "margins.right": setup.marginRight = try length()
    case "margins.gutter": setup.gutter = try length()
    case "margins.mirror": setup.mirrorMargins = try flag()
    case "music.staff-space": setup.staffSpace = try length(Limits.staffSpace)
    case "music.system-gap": setup.systemGap = try length(Limits.verticalSpace)
    case "music.tune-gap": setup.tuneGap = try length(Limits.verticalSpace)
    case "music.justify": options.justifyVertically = try flag()
    case "music.one-tune-per-page": options.onePerPage = try flag()
    case "music.two-to-a-row": options.twoToARow = try flag()
    case "music.split-tunes": options.splitTunes = try flag()
    case "music.stretch-last":
      guard let share = Double(value), Limits.stretchLast.contains(share) else {
        throw StyleFileError(
          line: line, message: "music.stretch-last '\(Diagnostic.excerpt(value))' is not a number from 0 to 1"
        )
      }
      options.stretchLast = share
    case "music.auto-break": options.lineBreaks = try flag() ? .optimal : .source
    case "music.chord-diagrams":
      if ["none", "no", ""].contains(value.lowercased()) {
        setup.chordDiagrams = nil
      } else if let instrument = FrettedInstrument(named: value) {
        setup.chordDiagrams = instrument
      } else {
        throw StyleFileError(line: line, message: "music.chord-diagrams is guitar, ukulele, mandolin or none")
      }
    case "music.chord-style":
      guard let chordStyle = ChordSymbolStyle(rawValue: value.lowercased()) else {
        throw StyleFileError(line: line, message: "music.chord-style is plain, superscript or jazz")
      }
      setup.chordSymbolStyle = chordStyle
    case "title.font": setup.titleFont = try font(setup.titleFont)
    case "title.subtitle-font": setup.subtitleFont = try font(setup.subtitleFont)
    case "title.composer-font": setup.composerFont = try font(setup.composerFont)
    case "title.info-font": setup.infoFont = try font(setup.infoFont)
    case "title.tempo-font": setup.tempoFont = try font(setup.tempoFont)
    case "title.align":
      guard let alignment = TextAlignment(rawValue: value.lowercased()) else {
        throw StyleFileError(line: line, message: "title.align is left, center or right")
      }
      setup.titleStyle.alignment = alignment
    case "title.caps": setup.titleStyle.capitals = try flag()
    case "title.fields": setup.titleStyle.fields = Set(value.filter { $0.isLetter })
    case "title.space": setup.titleSpace = try length(Limits.verticalSpace)
    case "title.music-space": setup.musicSpace = try length(Limits.verticalSpace)
    case "text.font": setup.textFont = try font(setup.textFont)
    case "text.words-font": setup.wordsFont = try font(setup.wordsFont)
    case "book.title-page": matter.titlePage = try flag()
    case "book.contents": matter.contents = try flag()
    case "book.index": matter.index = try flag()
    case "book.sections-on-new-page": matter.sectionsOnNewPage = try flag()
    case "book.list-columns":
      guard let columns = Int(value), (1...3).contains(columns) else {
        throw StyleFileError(
          line: line, message: "book.list-columns is 1, 2 or 3, not '\(Diagnostic.excerpt(value))'")
      }
      matter.listColumns = columns
    case "book.page-start":
      guard let number = Int(value), BookMatter.pageStarts.contains(number) else {
        throw StyleFileError(
          line: line,
          message: "book.page-start is a whole number from 1 to \(BookMatter.pageStarts.upperBound), "
            + "not '\(Diagnostic.excerpt(value))'")
      }
      matter.pageStart = number
    case "contents.columns", "book.contents-columns":
      let columns = value.lowercased().split { $0 == "," || $0 == " " }.map(String.init)
      for column in columns where !["number", "title", "key"].contains(column) {
        throw StyleFileError(
          line: line, message: "contents.columns lists number, title and key, not '\(column)'")
      }
      matter.contentsNumbers = columns.contains("number")
      matter.contentsKeys = columns.contains("key")
    case "book.language":
      guard let language = BookLanguage.named(value) else {
        throw StyleFileError(
          line: line,
          message:
            "book.language is one of \(BookLanguage.all.map(\.code).joined(separator: ", ")), not '\(value)'")
      }
      matter.language = language
    case "book.group-by": groupBy = ["", "none"].contains(value.lowercased()) ? nil : value.lowercased()
    case "incipit.bars":
      guard let bars = Int(value), Limits.barCount.contains(bars) else {
        throw StyleFileError(
          line: line, message: "incipit.bars is a whole number from 0 to \(Limits.barCount.upperBound)")
      }
      incipitBars = bars
    default:
      if key.hasPrefix("header.") || key.hasPrefix("footer.") {
        try applyRunningHead(key: key, value: value, line: line)
      } else {
        throw StyleFileError(line: line, message: "unknown template key '\(Diagnostic.excerpt(key))'")
      }
    }
  }

  private mutating func setPaper(_ value: String, line: Int) throws(StyleFileError) {
    let landscape = setup.width > setup.height
    switch value.lowercased() {
    case "a4": (setup.width, setup.height) = (595.28, 841.89)
    case "letter": (setup.width, setup.height) = (612, 792)
    case "a5": (setup.width, setup.height) = (419.53, 595.28)
    case "legal": (setup.width, setup.height) = (612, 1008)
    default:
      let parts = value.lowercased().split(separator: "x").map { String($0) }
      guard parts.count == 2, let width = StyleValues.length(parts[0]),
        let height = StyleValues.length(parts[1]),
        Limits.pageSide.contains(width), Limits.pageSide.contains(height)
      else {
        throw StyleFileError(
          line: line,
          message: "page.size is a4, a5, letter, legal or WIDTH x HEIGHT with sides from "
            + "\(FormatDirectives.points(Limits.pageSide)), not '\(Diagnostic.excerpt(value))'")
      }
      (setup.width, setup.height) = (width, height)
    }
    if landscape { setup.turn() }
  }

  private mutating func applyRunningHead(key: String, value: String, line: Int) throws(StyleFileError) {
    let isHeader = key.hasPrefix("header.")
    var head =
      (isHeader ? setup.header : setup.footer)
      ?? RunningHead(odd: ["", "", ""], font: FontSpec(family: setup.textFont.family, size: 9))
    let field = String(key.split(separator: ".").last ?? "")
    let slots = ["left": 0, "center": 1, "right": 2]
    switch field {
    case "font":
      if let bad = StyleValues.badFontSize(in: value) {
        throw StyleFileError(
          line: line,
          message: "\(key): font size '\(Diagnostic.excerpt(bad))' is out of range "
            + "(\(FormatDirectives.points(Limits.fontSize)))")
      }
      head.font = StyleValues.font(value, base: head.font)
    case "first-page":
      head.skipFirstPage = !(StyleValues.bool(value) ?? true)
    case "rule": head.rule = StyleValues.bool(value) ?? false
    case "none":
      if StyleValues.bool(value) == true {
        if isHeader { setup.header = nil } else { setup.footer = nil }
        return
      }
    default:
      if let slot = slots[field] {
        head.odd[slot] = value
      } else if field.hasPrefix("even-"), let slot = slots[String(field.dropFirst(5))] {
        // Once even pages have parts of their own, a part not given is empty (never a
        // copy of the odd page's, which doubled a page number on every spread).
        var even = head.even ?? ["", "", ""]
        even[slot] = value
        head.even = even
      } else {
        throw StyleFileError(line: line, message: "unknown template key '\(Diagnostic.excerpt(key))'")
      }
    }
    if isHeader { setup.header = head } else { setup.footer = head }
  }
}
