import ScoreModel

/// Reads MusicXML (partwise or timewise, plain or compressed `.mxl`) into tunes of the
/// score model.
///
/// Method: expat parses the document into a flat tree under limits (`XMLTreeReader`); a
/// timewise score is regrouped part by part. Each part is read measure by measure (`PartReader`): every
/// staff-and-voice pair becomes a `Voice`, notes and rests land at their time (gaps are
/// filled with invisible rests, so `<backup>` and `<forward>` keep voices aligned), bar
/// lines, repeats and endings come from `<barline>`, and directions, harmonies and
/// notations become decorations and annotations through the tables export uses
/// (`MusicXMLMark`, `HarmonyKind`). A document is one tune. Every number is checked
/// (`PartReader+Checks`): an absurd one is a warning at its line and column, never a trap.
///
/// Known limits: only what ABC can say is kept (no layout, no instruments); cross-staff
/// beams and notes moving between staves stay on their voice's staff; microtones are
/// rounded to semitones.
public enum MusicXMLImporter {
  /// Why a document could not be read, and where (1:1 when it is not about a place).
  public struct ImportError: Error, CustomStringConvertible {
    public var description: String
    public var line = 1
    public var column = 1
  }

  /// A document read: the tune and the warnings met (at lines and columns of the score's
  /// XML, with no file name).
  public struct Reading: Sendable {
    public var tune: Tune
    public var warnings: [Diagnostic]
  }

  /// The tune a MusicXML document (or `.mxl` archive) holds, numbered `X:number`.
  public static func tune(from bytes: [UInt8], number: Int = 1) throws -> Tune {
    try read(bytes, number: number).tune
  }

  /// The tune a MusicXML document (or `.mxl` archive) holds, and the warnings met.
  public static func read(_ bytes: [UInt8], number: Int = 1) throws(ImportError) -> Reading {
    let (tree, readerWarnings) = try Self.tree(bytes)
    guard let root = tree.root else { throw ImportError(description: "the document is empty") }
    var warnings = readerWarnings
    let parts: [(id: String, measures: [PartReader.MeasureSource])]
    switch root.name {
    case "score-partwise":
      parts = root.elements(forName: "part").map { part in
        (
          part.attribute("id") ?? "",
          part.elements(forName: "measure").map { .init(content: $0, number: $0.attribute("number") ?? "?") }
        )
      }
    case "score-timewise":
      parts = timewiseParts(root)
    default:
      throw ImportError(
        description:
          "the document is <\(Diagnostic.excerpt(root.name))>, not a MusicXML score-partwise or score-timewise"
      )
    }
    var tune = Tune(referenceNumber: number, range: SourceRange(SourceLocation(line: 1, column: 1)))
    tune.metadata = metadata(root)
    tune.words = root.elements(path: ["identification", "miscellaneous", "miscellaneous-field"])
      .filter { $0.attribute("name") == "abc-W" }.map(\.text)
    let names = partNames(root)
    // The size words are measured against: the score's default word font, else 10 points.
    let wordsSize =
      root.elements(path: ["defaults", "word-font"]).first?.attribute("font-size").flatMap {
        Double($0.trimmingSpaces)
      }.flatMap { $0.isFinite && $0 >= 4 && $0 <= 72 ? $0 : nil } ?? 10
    var groups: [StaffGroup] = []
    var groupOfPart: [String: Int] = [:]
    var first = true
    var budget = Limits.elementsPerTune
    let localMeters = LocalMeters.scales(of: parts.map { $0.measures.map(\.content) })
    let topSystemTexts = Self.systemTexts(parts.first?.measures.map(\.content) ?? [])
    for (index, part) in parts.enumerated() {
      var reader = PartReader(
        partIndex: index, partID: part.id, name: names[part.id]?.name, isFirstPart: first)
      reader.shortName = names[part.id]?.short
      reader.wordsSize = wordsSize
      reader.localScales = localMeters.scales[index]
      reader.topSystemTexts = topSystemTexts
      reader.localMeasures = localMeters.differing
      reader.elementBudget = budget
      reader.read(part.measures)
      warnings += reader.warnings
      budget = max(0, budget - reader.elementCount)
      if first {
        tune.initialKey = reader.initialKey
        tune.initialMeter = reader.initialMeter
        tune.tempo = reader.initialTempo
        first = false
      }
      let staffCount = groups.reduce(0) { $0 + $1.staves.count }
      var voices = reader.voices(firstStaff: staffCount + 1)
      // A part in another key or meter than the score's first (a transposing instrument,
      // a local time signature) starts with its own.
      for index in voices.indices {
        var opening: [VoiceElement] = []
        if reader.initialKey != tune.initialKey { opening.append(.keyChange(reader.initialKey, tune.range)) }
        if reader.initialMeter != tune.initialMeter {
          opening.append(.meterChange(reader.initialMeter, tune.range))
        }
        guard !opening.isEmpty else { continue }
        voices[index].elements.insert(contentsOf: opening, at: 0)
        voices[index].staffMoves = voices[index].staffMoves.map {
          var move = $0
          move.elementIndex += opening.count
          return move
        }
      }
      guard !voices.isEmpty else { continue }
      guard tune.voices.count + voices.count <= Limits.voicesPerTune else {
        warnings.append(
          Diagnostic(
            .warning,
            "more than \(Limits.voicesPerTune) voices in one score: part '\(Diagnostic.excerpt(part.id))' and later parts are dropped",
            at: SourceRange(SourceLocation(line: 1, column: 1))))
        break
      }
      groupOfPart[part.id] = groups.count
      groups.append(reader.staffGroup(of: voices))
      tune.voices += voices
    }
    tune.unitNoteLength = Rational(1, 8)
    // Bar numbers at each system's start, as notation programs print scores, unless the
    // file asks for none.
    let numbering = root.elements(forName: "part").first?.elements(forName: "measure").first?
      .elements(forName: "print").compactMap { $0.first("measure-numbering")?.trimmedText }.first
    if numbering != "none" {
      tune.directives.append(Directive(name: "measurenb", arguments: "0", range: tune.range))
    }
    if tune.voices.count > 1 { tune.staffGroups = bracketed(groups, root: root, groupOfPart: groupOfPart) }
    return Reading(tune: tune, warnings: warnings)
  }

  /// The parts' staff groups with the part list's brackets and braces over several
  /// parts (`<part-group>`) joined into one group each; a part's own brace stays inside,
  /// and so does a group nested in another (a choir's bracket holding braced sopranos).
  private static func bracketed(_ groups: [StaffGroup], root: XMLTree.Element, groupOfPart: [String: Int])
    -> [StaffGroup]
  {
    var spans: [(range: ClosedRange<Int>, symbol: StaffGroup.Bracket, joins: Bool)] = []
    var open: [String: (start: Int, symbol: StaffGroup.Bracket, joins: Bool)] = [:]
    var last = -1
    for element in root.first("part-list")?.children ?? [] {
      if element.name == "score-part", let id = element.attribute("id"), let group = groupOfPart[id] {
        last = group
      } else if element.name == "part-group" {
        let number = element.attribute("number") ?? "1"
        if element.attribute("type") == "start" {
          let symbol: StaffGroup.Bracket =
            switch element.childText("group-symbol") {
            case "brace": .brace
            case "bracket", "square": .bracket
            default: .none
            }
          open[number] = (last + 1, symbol, element.childText("group-barline") == "yes")
        } else if element.attribute("type") == "stop", let start = open.removeValue(forKey: number),
          start.symbol != .none, last > start.start, last < groups.count
        {
          spans.append((start.start...last, start.symbol, start.joins))
        }
      }
    }
    /// Whether `inner` lies within `outer` and is not `outer` itself.
    func nests(_ inner: ClosedRange<Int>, in outer: ClosedRange<Int>) -> Bool {
      inner != outer && outer.contains(inner.lowerBound) && outer.contains(inner.upperBound)
    }
    // The outermost spans make the groups; a span inside one is drawn inside it.
    let outer = spans.filter { span in !spans.contains { nests(span.range, in: $0.range) } }
    var result: [StaffGroup] = []
    var index = 0
    while index < groups.count {
      guard let span = outer.first(where: { $0.range.lowerBound == index }) else {
        result.append(groups[index])
        index += 1
        continue
      }
      // A brace over several parts at the top becomes a bracket: in ABC a brace makes its
      // staves one instrument (a keyboard), and the parts must stay parts.
      var joined = StaffGroup(
        bracket: span.symbol == .brace ? .bracket : span.symbol, staves: [], barLinesJoin: span.joins)
      var firstStaff: [Int: Int] = [:]
      for (offset, member) in groups[span.range].enumerated() {
        firstStaff[span.range.lowerBound + offset] = joined.staves.count
        if member.staves.count > 1 {
          joined.inner.append(
            StaffGroup.Inner(
              bracket: member.bracket,
              staves: joined.staves.count..<(joined.staves.count + member.staves.count)))
        }
        joined.staves += member.staves
      }
      for inner in spans where nests(inner.range, in: span.range) {
        guard let from = firstStaff[inner.range.lowerBound] else { continue }
        let to = firstStaff[inner.range.upperBound + 1] ?? joined.staves.count
        joined.inner.append(
          StaffGroup.Inner(bracket: inner.symbol, staves: from..<to, isOneInstrument: false))
      }
      result.append(joined)
      index = span.range.upperBound + 1
    }
    return result
  }

  /// The document's tree: the bytes themselves, or the root file of an `.mxl` archive
  /// (only the container and that file are inflated).
  static func tree(_ bytes: [UInt8]) throws(ImportError) -> (XMLTree, [Diagnostic]) {
    guard MXLContainer.isArchive(bytes) else { return try parsed(bytes, in: nil) }
    var budget = Limits.mxlInflatedSize
    do {
      let entries = try MXLContainer.directory(of: bytes)
      var path: String?
      if let container = entries["META-INF/container.xml"] {
        let text = try MXLContainer.contents(of: container, in: bytes, budget: &budget)
        let tree = try? XMLTreeReader.read(text).tree
        path = tree?.root?.first("rootfiles")?.first("rootfile")?.attribute("full-path")
      }
      let name =
        path
        ?? entries.keys.sorted().first {
          !$0.hasPrefix("META-INF/") && ($0.hasSuffix(".xml") || $0.hasSuffix(".musicxml"))
        }
      guard let name, let entry = entries[name] else {
        throw ImportError(description: "the .mxl archive holds no MusicXML score")
      }
      return try parsed(try MXLContainer.contents(of: entry, in: bytes, budget: &budget), in: name)
    } catch let failure as MXLContainer.ArchiveError {
      throw ImportError(description: "the .mxl archive cannot be read: \(failure.description)")
    } catch let failure as ImportError {
      throw failure
    } catch {
      throw ImportError(description: "the .mxl archive cannot be read: \(error)")
    }
  }

  /// The tree of a document's XML (`member`: its name in an archive, for messages).
  private static func parsed(_ xml: [UInt8], in member: String?) throws(ImportError) -> (
    XMLTree, [Diagnostic]
  ) {
    let inside = member.map { " in \(Diagnostic.excerpt($0))" } ?? ""
    do {
      let (tree, warnings) = try XMLTreeReader.read(xml)
      return (
        tree,
        warnings.map {
          Diagnostic(
            .warning, $0.message + inside, at: SourceRange(SourceLocation(line: $0.line, column: $0.column)))
        }
      )
    } catch {
      throw ImportError(description: error.message + inside, line: error.line, column: error.column)
    }
  }

  /// A timewise score's measures regrouped by part: each `<part>` inside a `<measure>` is
  /// that part's measure.
  private static func timewiseParts(_ root: XMLTree.Element) -> [(
    id: String, measures: [PartReader.MeasureSource]
  )] {
    var order: [String] = []
    var measures: [String: [PartReader.MeasureSource]] = [:]
    for measure in root.elements(forName: "measure") {
      let number = measure.attribute("number") ?? "?"
      for part in measure.elements(forName: "part") {
        let id = part.attribute("id") ?? ""
        if measures[id] == nil { order.append(id) }
        measures[id, default: []].append(.init(content: part, number: number))
      }
    }
    return order.map { ($0, measures[$0] ?? []) }
  }

  /// Each part's printed name and abbreviation.
  private static func partNames(_ root: XMLTree.Element) -> [String: (name: String?, short: String?)] {
    var names: [String: (name: String?, short: String?)] = [:]
    func printed(_ element: XMLTree.Element?) -> String? {
      guard let element, element.attribute("print-object") != "no" else { return nil }
      let text = element.trimmedText
      return text.isEmpty ? nil : text
    }
    for part in root.elements(path: ["part-list", "score-part"]) {
      guard let id = part.attribute("id") else { continue }
      names[id] = (
        printed(part.first("part-name")),
        printed(part.first("part-abbreviation"))
      )
    }
    return names
  }

  private static func metadata(_ root: XMLTree.Element) -> TuneMetadata {
    var metadata = TuneMetadata()
    let place = SourceRange(SourceLocation(line: 1, column: 1))
    func text(_ element: XMLTree.Element) -> String { element.trimmedText }
    // The credits of page 1 are what the file's own engraver printed (MuseScore prints
    // exactly them); a credit without a type is read by where it stands.
    let credits = Self.firstPageCredits(root)
    func credited(_ types: Set<String>) -> [String] {
      credits.filter { types.contains($0.type) }.flatMap { $0.words.split(separator: "\n").map(String.init) }
    }
    // The song's own title (`movement-title`) heads the page; the work it belongs to
    // (title, number, the song's number in it) is the subtitle, as editions print it.
    let workTitle = root.elements(path: ["work", "work-title"]).map(text).first { !$0.isEmpty }
    let movementTitle = root.elements(forName: "movement-title").map(text).first { !$0.isEmpty }
    var subtitles: [String] = []
    let titleCredits = credited(["title", "subtitle"])
    let title = movementTitle ?? workTitle ?? titleCredits.first
    let workNumber = root.elements(path: ["work", "work-number"]).map(text).first { !$0.isEmpty }
    if movementTitle != nil, var work = workTitle, work != movementTitle {
      if let workNumber, !work.contains(workNumber) { work += ", " + workNumber }
      if let number = root.elements(forName: "movement-number").map(text).first(where: { !$0.isEmpty }) {
        work += ", No. " + number
      }
      subtitles.append(work)
    } else if let workNumber, !(title ?? "").contains(workNumber) {
      subtitles.append(workNumber)
    }
    // Title and subtitle credits print too, unless they only repeat a title already
    // there (the credit "1. Villanelle" under the movement title "Villanelle").
    var titles = (title.map { [$0] } ?? []) + subtitles
    var number: String?
    for line in titleCredits {
      guard titles.contains(where: { Self.sameTitle($0, line) }) else {
        titles.append(line)
        continue
      }
      // The song's number in its work ("3." of "3. In solitaria stanza") stays printed.
      let digits = line.prefix { $0.isNumber }
      if !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". "),
        !titles.contains(where: { $0.contains("No. \(digits)") })
      {
        number = String(digits)
      }
    }
    // It joins the first subtitle (the work's), as "No. 3" follows a work title.
    if let number {
      if titles.count > 1 {
        titles[1] += ", No. \(number)"
      } else {
        titles.append("No. \(number)")
      }
    }
    metadata.titles = titles.filter { !$0.isEmpty }
    let creators = root.elements(path: ["identification", "creator"])
    func created(_ types: Set<String>) -> [String] {
      creators.filter { types.contains($0.attribute("type") ?? "") }.map(text).filter { !$0.isEmpty }
    }
    // Names as the page credits print them, else the creators.
    let creditedComposers = credited(["composer"])
    metadata.composers = creditedComposers.isEmpty ? created(["composer"]) : creditedComposers
    let creditedLyricists = credited(["lyricist", "poet", "translator"])
    metadata.lyricists =
      creditedLyricists.isEmpty ? created(["lyricist", "poet"]) + created(["translator"]) : creditedLyricists
    // An arranger prints only from a credit (MuseScore does not print the creator, which
    // in many files is a transcription note); the creator is kept as the transcription.
    metadata.arrangers = credited(["arranger"])
    metadata.transcription = created(["arranger"]).first
    let creditedRights = credited(["rights"])
    metadata.rights =
      creditedRights.isEmpty
      ? root.elements(path: ["identification", "rights"]).map(text).first { !$0.isEmpty }
      : creditedRights.joined(separator: "\n")
    metadata.textsAsWritten = true
    for field in root.elements(path: ["identification", "miscellaneous", "miscellaneous-field"]) {
      guard let name = field.attribute("name"), name.hasPrefix("abc-"), name.count == 5,
        let label = name.last, PartwiseWriter.keptFields.contains(label)
      else { continue }
      let value = text(field)
      metadata.fields.append(InformationField(label: label, value: value, range: place))
      switch label {
      case "O": metadata.origins.append(value)
      case "R": metadata.rhythm = value
      case "S": metadata.source = value
      case "P": metadata.parts = value
      default: break
      }
    }
    return metadata
  }

  /// One `<credit>` of page 1: its type (from `<credit-type>`, else from where its
  /// words stand) and its words, lines joined by newlines.
  struct PageCredit {
    var type: String
    var words: String
  }

  /// The words of a part's system directions (`system="only-top"`), by measure index.
  static func systemTexts(_ measures: [XMLTree.Element]) -> Set<SystemText> {
    var texts = Set<SystemText>()
    for (index, measure) in measures.enumerated() {
      for direction in measure.elements(forName: "direction")
      where direction.attribute("system") == "only-top" {
        let words = direction.elements(forName: "direction-type").flatMap { $0.elements(forName: "words") }
          .map(\.trimmedText).filter { !$0.isEmpty }
        if !words.isEmpty { texts.insert(SystemText(measure: index, text: words.joined(separator: " "))) }
      }
    }
    return texts
  }

  static func firstPageCredits(_ root: XMLTree.Element) -> [PageCredit] {
    var result: [PageCredit] = []
    for credit in root.elements(forName: "credit").prefix(Limits.xmlCredits)
    where (credit.attribute("page")?.trimmingSpaces ?? "1") == "1" {
      let words = credit.elements(forName: "credit-words")
      let text = words.map(\.trimmedText).filter { !$0.isEmpty }.joined(separator: "\n")
      guard !text.isEmpty else { continue }
      var type = credit.elements(forName: "credit-type").map(\.trimmedText).first { !$0.isEmpty } ?? ""
      if type.isEmpty, let first = words.first {
        // Untyped: flush left is the poet, flush right the composer, centred at the top a
        // title line, centred at the bottom the rights.
        switch first.attribute("justify") ?? first.attribute("halign") ?? "" {
        case "left": type = "lyricist"
        case "right": type = "composer"
        default: type = first.attribute("valign") == "bottom" ? "rights" : "subtitle"
        }
      }
      result.append(PageCredit(type: type, words: text))
    }
    return result
  }

  /// Whether two titles are the same but for a number before one ("1. Villanelle").
  static func sameTitle(_ a: String, _ b: String) -> Bool {
    func bare(_ text: String) -> Substring {
      var rest = Substring(text)
      let digits = rest.prefix { $0.isNumber }
      if !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(". ") {
        rest = rest.dropFirst(digits.count + 2)
      }
      return rest
    }
    return bare(a) == bare(b) || a.contains(b) && !b.isEmpty
  }
}
