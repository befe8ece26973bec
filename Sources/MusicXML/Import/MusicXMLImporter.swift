import Foundation
import ScoreModel

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads MusicXML (partwise or timewise, plain or compressed `.mxl`) into tunes of the
/// score model.
///
/// Method: libxml2 (through FoundationXML) parses the document; a timewise score is
/// regrouped part by part. Each part is read measure by measure (`PartReader`): every
/// staff-and-voice pair becomes a `Voice`, notes and rests land at their time (gaps are
/// filled with invisible rests, so `<backup>` and `<forward>` keep voices aligned), bar
/// lines, repeats and endings come from `<barline>`, and directions, harmonies and
/// notations become decorations and annotations through the tables export uses
/// (`MusicXMLMark`, `HarmonyKind`). A document is one tune.
///
/// Known limits: only what ABC can say is kept (no layout, no instruments); cross-staff
/// beams and notes moving between staves stay on their voice's staff; microtones are
/// rounded to semitones.
public enum MusicXMLImporter {
  /// Why a document could not be read.
  public struct ImportError: Error, CustomStringConvertible {
    public var description: String
  }

  /// The tune a MusicXML document (or `.mxl` archive) holds, numbered `X:number`.
  public static func tune(from bytes: [UInt8], number: Int = 1) throws -> Tune {
    let document = try Self.document(bytes)
    guard let root = document.rootElement() else { throw ImportError(description: "the document is empty") }
    let parts: [(id: String, measures: [XMLElement])]
    switch root.name {
    case "score-partwise":
      parts = root.elements(forName: "part").map { part in
        (part.attribute("id") ?? "", part.elements(forName: "measure"))
      }
    case "score-timewise":
      parts = timewiseParts(root)
    default:
      throw ImportError(
        description: "the document is <\(root.name ?? "?")>, not a MusicXML score-partwise or score-timewise")
    }
    var tune = Tune(referenceNumber: number, range: SourceRange(SourceLocation(line: 1, column: 1)))
    tune.metadata = metadata(root)
    tune.words = root.elements(path: ["identification", "miscellaneous", "miscellaneous-field"])
      .filter { $0.attribute("name") == "abc-W" }.map { $0.stringValue ?? "" }
    let names = partNames(root)
    var groups: [StaffGroup] = []
    var groupOfPart: [String: Int] = [:]
    var first = true
    for (index, part) in parts.enumerated() {
      var reader = PartReader(partIndex: index, name: names[part.id]?.name, isFirstPart: first)
      reader.shortName = names[part.id]?.short
      reader.read(part.measures)
      if first {
        tune.initialKey = reader.initialKey
        tune.initialMeter = reader.initialMeter
        tune.tempo = reader.initialTempo
        first = false
      }
      let voices = reader.voices()
      guard !voices.isEmpty else { continue }
      groupOfPart[part.id] = groups.count
      groups.append(reader.staffGroup(of: voices))
      tune.voices += voices
    }
    tune.unitNoteLength = Rational(1, 8)
    if tune.voices.count > 1 { tune.staffGroups = bracketed(groups, root: root, groupOfPart: groupOfPart) }
    return tune
  }

  /// The parts' staff groups with the part list's brackets and braces over several
  /// parts (`<part-group>`) joined into one group each; a part's own brace stays inside.
  private static func bracketed(_ groups: [StaffGroup], root: XMLElement, groupOfPart: [String: Int])
    -> [StaffGroup]
  {
    var spans: [(range: ClosedRange<Int>, bracket: StaffGroup.Bracket, joins: Bool)] = []
    var open: [String: (start: Int, bracket: StaffGroup.Bracket, joins: Bool)] = [:]
    var last = -1
    for child in root.elements(path: ["part-list"]).first?.children ?? [] {
      guard let element = child as? XMLElement else { continue }
      if element.name == "score-part", let id = element.attribute("id"), let group = groupOfPart[id] {
        last = group
      } else if element.name == "part-group" {
        let number = element.attribute("number") ?? "1"
        if element.attribute("type") == "start" {
          // A brace over several parts (two violins) becomes a bracket: in ABC a brace makes
          // its staves one instrument (a keyboard), and the parts must stay parts.
          let symbol = element.childText("group-symbol")
          let bracket: StaffGroup.Bracket = symbol == "brace" || symbol == "bracket" ? .bracket : .none
          open[number] = (last + 1, bracket, element.childText("group-barline") == "yes")
        } else if element.attribute("type") == "stop", let start = open.removeValue(forKey: number),
          start.bracket != .none, last > start.start
        {
          spans.append((start.start...last, start.bracket, start.joins))
        }
      }
    }
    var result: [StaffGroup] = []
    var index = 0
    while index < groups.count {
      guard
        let span = spans.first(where: { $0.range.lowerBound == index && $0.range.upperBound < groups.count })
      else {
        result.append(groups[index])
        index += 1
        continue
      }
      var joined = StaffGroup(bracket: span.bracket, staves: [], barLinesJoin: span.joins)
      for member in groups[span.range] {
        if member.staves.count > 1 {
          joined.inner.append(
            StaffGroup.Inner(
              bracket: member.bracket,
              staves: joined.staves.count..<(joined.staves.count + member.staves.count)))
        }
        joined.staves += member.staves
      }
      result.append(joined)
      index = span.range.upperBound + 1
    }
    return result
  }

  /// The parsed document: the bytes themselves, or the root file of an `.mxl` archive.
  static func document(_ bytes: [UInt8]) throws -> XMLDocument {
    var xml = bytes
    if MXLContainer.isArchive(bytes) {
      guard let entries = MXLContainer.entries(of: bytes) else {
        throw ImportError(description: "the .mxl archive cannot be read (damaged or not a ZIP file)")
      }
      var path: String?
      if let container = entries["META-INF/container.xml"],
        let document = try? XMLDocument(data: Data(container), options: [])
      {
        path = document.rootElement()?.elements(path: ["rootfiles", "rootfile"]).first?.attribute("full-path")
      }
      let name =
        path
        ?? entries.keys.sorted().first {
          !$0.hasPrefix("META-INF/") && ($0.hasSuffix(".xml") || $0.hasSuffix(".musicxml"))
        }
      guard let name, let root = entries[name] else {
        throw ImportError(description: "the .mxl archive holds no MusicXML score")
      }
      xml = root
    }
    // libxml2 as XMLDocument drives it recovers from damage (a truncated file reads as
    // a shorter score); a strict pass with XMLParser refuses what is not well formed.
    let parser = XMLParser(data: Data(xml))
    parser.shouldResolveExternalEntities = false
    let depth = ElementDepth()
    parser.delegate = depth
    guard parser.parse(), depth.closedRoot, depth.depth == 0 else {
      let line = parser.lineNumber
      let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "the document ends early"
      throw ImportError(description: "not well-formed XML (line \(line)): \(reason)")
    }
    do {
      return try XMLDocument(data: Data(xml), options: [.nodeLoadExternalEntitiesNever])
    } catch {
      throw ImportError(description: "not well-formed XML: \(error.localizedDescription)")
    }
  }

  /// A timewise score's measures regrouped by part.
  private static func timewiseParts(_ root: XMLElement) -> [(id: String, measures: [XMLElement])] {
    var order: [String] = []
    var measures: [String: [XMLElement]] = [:]
    for measure in root.elements(forName: "measure") {
      for part in measure.elements(forName: "part") {
        let id = part.attribute("id") ?? ""
        if measures[id] == nil { order.append(id) }
        // The part's content with the measure's attributes (number, implicit).
        let copy = XMLElement(name: "measure")
        for attribute in measure.attributes ?? [] {
          if let node = attribute.copy() as? XMLNode { copy.addAttribute(node) }
        }
        for child in part.children ?? [] {
          if let node = child.copy() as? XMLNode { copy.addChild(node) }
        }
        measures[id, default: []].append(copy)
      }
    }
    return order.map { ($0, measures[$0] ?? []) }
  }

  /// Each part's printed name and abbreviation.
  private static func partNames(_ root: XMLElement) -> [String: (name: String?, short: String?)] {
    var names: [String: (name: String?, short: String?)] = [:]
    func printed(_ element: XMLElement?) -> String? {
      guard let element, element.attribute("print-object") != "no" else { return nil }
      let text = (element.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
      return text.isEmpty ? nil : text
    }
    for part in root.elements(path: ["part-list", "score-part"]) {
      guard let id = part.attribute("id") else { continue }
      names[id] = (
        printed(part.elements(forName: "part-name").first),
        printed(part.elements(forName: "part-abbreviation").first)
      )
    }
    return names
  }

  private static func metadata(_ root: XMLElement) -> TuneMetadata {
    var metadata = TuneMetadata()
    let place = SourceRange(SourceLocation(line: 1, column: 1))
    func text(_ element: XMLElement) -> String {
      (element.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let credits = root.elements(forName: "credit")
    func credited(_ type: String) -> [String] {
      credits.filter { $0.elements(forName: "credit-type").contains { text($0) == type } }
        .flatMap { $0.elements(forName: "credit-words").map(text) }.filter { !$0.isEmpty }
    }
    var titles = root.elements(path: ["work", "work-title"]).map(text)
    titles += root.elements(forName: "movement-title").map(text)
    if titles.filter({ !$0.isEmpty }).isEmpty { titles = credited("title") }
    // Subtitles: their own credits, or further lines of the title credit (as export writes).
    let titleLines = credits.filter { $0.elements(forName: "credit-type").contains { text($0) == "title" } }
      .flatMap { $0.elements(forName: "credit-words").dropFirst().map(text) }
    metadata.titles =
      Array(titles.filter { !$0.isEmpty }.prefix(1))
      + (credited("subtitle") + titleLines).filter { !$0.isEmpty }
    metadata.composers = root.elements(path: ["identification", "creator"])
      .filter { $0.attribute("type") == "composer" }.map(text).filter { !$0.isEmpty }
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
}

/// Follows element nesting during a strict parse, to catch a document that stops early.
private final class ElementDepth: NSObject, XMLParserDelegate {
  var depth = 0
  var closedRoot = false

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    depth += 1
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    depth -= 1
    if depth == 0 { closedRoot = true }
  }
}

extension XMLElement {
  /// The value of an attribute, nil when absent.
  func attribute(_ name: String) -> String? { attribute(forName: name)?.stringValue }

  /// Descendants reached through the child names in `path`.
  func elements(path: [String]) -> [XMLElement] {
    var current = [self]
    for name in path { current = current.flatMap { $0.elements(forName: name) } }
    return current
  }

  /// The trimmed text of the first child named `name`.
  func childText(_ name: String) -> String? {
    elements(forName: name).first.map {
      ($0.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  /// The first child named `name` as a number.
  func childNumber(_ name: String) -> Double? { childText(name).flatMap(Double.init) }
}
