import ABCParser
import Foundation
import MusicXML
import ScoreModel
import Testing

/// MusicXML that no program wrote: absurd numbers, entity and archive bombs, deep
/// nesting, floods of attributes. Each is read with a diagnostic at its place, or refused
/// with a reason, and never traps, hangs or grows without bound.
@Suite struct MusicXMLHostileTests {
  /// A one-part score; `slot` names where `value` goes.
  static func score(_ slot: String, _ value: String) -> String {
    func put(_ name: String, _ normal: String) -> String { slot == name ? value : normal }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>V</part-name></score-part></part-list>
      <part id="P1"><measure number="1">
      <attributes><divisions>\(put("divisions", "2"))</divisions><staves>\(put("staves", "1"))</staves>
      <key><fifths>\(put("fifths", "0"))</fifths></key>
      <time><beats>4</beats><beat-type>\(put("beat-type", "4"))</beat-type></time>
      <clef><sign>G</sign><line>\(put("line", "2"))</line><clef-octave-change>\(put("clef-octave-change", "0"))</clef-octave-change></clef>
      <transpose><diatonic>0</diatonic><chromatic>\(put("chromatic", "0"))</chromatic></transpose></attributes>
      <direction><direction-type><metronome><beat-unit>quarter</beat-unit><per-minute>\(put("per-minute", "96"))</per-minute></metronome></direction-type></direction>
      <note><pitch><step>C</step><alter>\(put("alter", "0"))</alter><octave>4</octave></pitch><duration>\(put("duration", "2"))</duration><voice>1</voice><type>quarter</type>
      <time-modification><actual-notes>\(put("actual-notes", "1"))</actual-notes><normal-notes>1</normal-notes></time-modification></note>
      <forward><duration>\(put("forward", "2"))</duration></forward>
      <backup><duration>\(put("backup", "2"))</duration></backup>
      <note><pitch><step>E</step><octave>4</octave></pitch><duration>2</duration><voice>1</voice><type>quarter</type></note>
      </measure><measure number="2">
      <attributes><key><key-step>F</key-step><key-alter>\(put("key-alter", "1"))</key-alter></key></attributes>
      <note><pitch><step>F</step><octave>4</octave></pitch><duration>8</duration><voice>1</voice><type>whole</type></note>
      </measure></part></score-partwise>
      """
  }

  static let slots: [(slot: String, element: String)] = [
    ("divisions", "<divisions>"), ("duration", "<duration>"), ("forward", "<duration>"),
    ("backup", "<duration>"), ("alter", "<alter>"), ("per-minute", "<per-minute>"),
    ("actual-notes", "<actual-notes>"), ("fifths", "<fifths>"), ("key-alter", "<key-alter>"),
    ("beat-type", "<beat-type>"), ("line", "clef <line>"), ("clef-octave-change", "<clef-octave-change>"),
    ("staves", "<staves>"), ("chromatic", "<chromatic>"),
  ]

  static let absurd = [
    "nan", "inf", "-inf", "1e300", "-1e300", "99999999999999999999", "-99999999999999999999",
  ]

  @Test(arguments: slots)
  func absurdNumbersAreWarningsAtTheirElement(slot: String, element: String) throws {
    let normal = try MusicXMLImporter.read(Array(Self.score("", "").utf8))
    #expect(normal.warnings.isEmpty, "\(normal.warnings)")
    for value in Self.absurd {
      let xml = Self.score(slot, value)
      let reading = try MusicXMLImporter.read(Array(xml.utf8))
      let warning = try #require(reading.warnings.first, "\(slot)=\(value) read without a warning")
      #expect(warning.message.hasPrefix("part 'P1', measure "), "\(warning.message)")
      #expect(warning.message.contains("\(element) '\(value)'"), "\(warning.message)")
      // The warning points at the element that holds the value.
      let lines = xml.split(separator: "\n", omittingEmptySubsequences: false)
      let line = String(lines[warning.range.start.line - 1])
      let tag = element.split(separator: " ").last.map(String.init) ?? element
      let column = line.unicodeScalars.index(
        line.unicodeScalars.startIndex, offsetBy: warning.range.start.column - 1)
      #expect(String(line.unicodeScalars[column...]).hasPrefix(tag + value), "\(slot): \(line)")
      // What was read writes and parses as ABC without trouble.
      let abc = ABCWriter.text(of: reading.tune)
      #expect(ABCParser.parse(abc).tunebook.tunes.count == 1)
    }
  }

  @Test func staffCountsAndAlterationsCannotRunAway() throws {
    // `<staves>1e15</staves>` once looped for ever; a root-alter of 10^15 built a string of
    // that many sharps.
    let xml = Self.score("staves", "1e15").replacingOccurrences(
      of: "<direction>",
      with:
        "<harmony><root><root-step>C</root-step><root-alter>999999999999999</root-alter></root><kind>major</kind></harmony><direction>"
    )
    let reading = try MusicXMLImporter.read(Array(xml.utf8))
    #expect(reading.warnings.contains { $0.message.contains("<root-alter> '999999999999999'") })
    #expect(reading.tune.voices.count == 1)
  }

  @Test func entityBombsAreRefused() throws {
    // One 50 KB entity used 20,000 times would be a 1 GB title.
    let entity = String(repeating: "A", count: 50_000)
    let uses = String(repeating: "&a;", count: 20_000)
    let bomb = """
      <?xml version="1.0"?><!DOCTYPE score-partwise [<!ENTITY a "\(entity)">]>
      <score-partwise version="4.0"><work><work-title>\(uses)</work-title></work>
      <part-list><score-part id="P1"/></part-list><part id="P1"><measure number="1"/></part></score-partwise>
      """
    let error = try #require(throws: MusicXMLImporter.ImportError.self) {
      try MusicXMLImporter.read(Array(bomb.utf8))
    }
    #expect(error.description.contains("entit"), "\(error)")
    #expect(error.line == 2)
    // In an attribute value too.
    let inAttribute = bomb.replacingOccurrences(
      of: "<work><work-title>\(uses)</work-title></work>", with: "<work number=\"\(uses)\"/>")
    #expect(throws: MusicXMLImporter.ImportError.self) { try MusicXMLImporter.read(Array(inAttribute.utf8)) }
    // A small entity used a few times is fine.
    let fine = """
      <?xml version="1.0"?><!DOCTYPE score-partwise [<!ENTITY c "Schubert">]>
      <score-partwise version="4.0"><work><work-title>&c; &c;</work-title></work>
      <part-list><score-part id="P1"/></part-list><part id="P1"><measure number="1"/></part></score-partwise>
      """
    #expect(try MusicXMLImporter.read(Array(fine.utf8)).tune.title == "Schubert Schubert")
  }

  @Test func undeclaredEntitiesReadAsNothingWithAWarning() throws {
    let xml = """
      <?xml version="1.0"?><!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">
      <score-partwise version="4.0"><work><work-title>A&nbsp;B</work-title></work>
      <part-list><score-part id="P1"/></part-list><part id="P1"><measure number="1"/></part></score-partwise>
      """
    let reading = try MusicXMLImporter.read(Array(xml.utf8))
    #expect(reading.tune.title == "AB")
    #expect(reading.warnings.contains { $0.message.contains("&nbsp;") && $0.range.start.line == 2 })
  }

  @Test func deepNestingIsAnErrorNotAnEmptyScore() throws {
    let depth = 300
    let xml =
      "<score-partwise version=\"4.0\"><part-list><score-part id=\"P1\"/></part-list><part id=\"P1\"><measure number=\"1\">"
      + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
      + "</measure></part></score-partwise>"
    let error = try #require(throws: MusicXMLImporter.ImportError.self) {
      try MusicXMLImporter.read(Array(xml.utf8))
    }
    #expect(error.description.contains("nested more than \(Limits.xmlDepth) deep"))
    // The column is where the element past the limit starts: the 65th open element
    // (score-partwise, part and measure, then 61 <a>).
    let prefix = xml.prefix(error.column - 1)
    #expect(prefix.components(separatedBy: "<a>").count - 1 == Limits.xmlDepth - 3)
    #expect(xml.dropFirst(error.column - 1).hasPrefix("<a>"))
  }

  @Test func floodsOfAttributesAreRefused() throws {
    let attributes = (0..<200_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
    let xml = Self.score("", "").replacingOccurrences(of: "<direction>", with: "<direction \(attributes)>")
    let error = try #require(throws: MusicXMLImporter.ImportError.self) {
      try MusicXMLImporter.read(Array(xml.utf8))
    }
    #expect(error.description.contains("more than \(Limits.xmlAttributesPerElement) attributes"))
  }

  @Test func malformedXMLSaysWhereAndNeverPrints() throws {
    let error = try #require(throws: MusicXMLImporter.ImportError.self) {
      try MusicXMLImporter.read(Array("<score-partwise>\n  <part>\n</score-partwise>".utf8))
    }
    #expect(error.description.contains("mismatched tag"), "\(error)")
    #expect(error.line == 3)
  }

  @Test func longScoresStopAtTheTunesElementLimit() throws {
    let note =
      "<note><pitch><step>C</step><octave>4</octave></pitch><duration>1</duration><voice>1</voice><type>quarter</type></note>"
    let measure = "<measure number=\"1\">" + String(repeating: note, count: 40) + "</measure>"
    let count = Limits.elementsPerTune / 40 + 10
    let xml =
      "<score-partwise version=\"4.0\"><part-list><score-part id=\"P1\"/></part-list><part id=\"P1\">"
      + String(repeating: measure, count: count) + "</part></score-partwise>"
    let reading = try MusicXMLImporter.read(Array(xml.utf8))
    let elements = reading.tune.voices.reduce(0) { $0 + $1.elements.count }
    #expect(elements <= Limits.elementsPerTune + 41)
    #expect(reading.warnings.contains { $0.message.contains("too long") })
  }

  @Test func voicesPerPartAreBounded() throws {
    let notes = (1...40).map {
      "<note><pitch><step>C</step><octave>4</octave></pitch><duration>1</duration><voice>\($0)</voice></note><backup><duration>1</duration></backup>"
    }.joined()
    let xml =
      "<score-partwise version=\"4.0\"><part-list><score-part id=\"P1\"/></part-list><part id=\"P1\"><measure number=\"1\">"
      + notes + "</measure></part></score-partwise>"
    let reading = try MusicXMLImporter.read(Array(xml.utf8))
    #expect(reading.tune.voices.count == Limits.xmlVoicesPerPart)
    #expect(reading.warnings.contains { $0.message.contains("voice '33' and later ones are dropped") })
  }

  /// A flood of directions waiting for one note: kept to a bound, the rest dropped with a
  /// warning (each waiting mark is kept in time order, so an unbounded flood cost time
  /// for every one).
  @Test func floodsOfWaitingDirectionsAreBounded() throws {
    let directions = String(
      repeating:
        "<direction><direction-type><dynamics><p/></dynamics></direction-type><offset>4</offset></direction>",
      count: 20_000)
    let xml =
      "<score-partwise version=\"4.0\"><part-list><score-part id=\"P1\"/></part-list><part id=\"P1\"><measure number=\"1\">"
      + "<attributes><divisions>1</divisions></attributes>" + directions
      + "<note><pitch><step>C</step><octave>4</octave></pitch><duration>4</duration><voice>1</voice></note>"
      + "</measure><measure number=\"2\"><note><pitch><step>D</step><octave>4</octave></pitch><duration>4</duration>"
      + "<voice>1</voice></note></measure></part></score-partwise>"
    let reading = try MusicXMLImporter.read(Array(xml.utf8))
    #expect(reading.warnings.contains { $0.message.contains("directions wait for one note of this voice") })
    let notes = reading.tune.voices[0].elements.compactMap { element -> NoteEvent? in
      if case .note(let note) = element { return note }
      return nil
    }
    #expect(notes.count == 2)
    #expect(notes[1].decorations.count <= Limits.attachmentsPerNote)
  }
}
