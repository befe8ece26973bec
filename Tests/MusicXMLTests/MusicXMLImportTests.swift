import ABCParser
import Foundation
import MusicXML
import ScoreModel
import Testing

/// `MusicXMLImporter` and `ABCWriter`: MusicXML written by other programs (timewise,
/// without written accidentals, voices with gaps) reads into the same notes.
@Suite struct MusicXMLImportTests {
  static func notes(_ xml: String) throws -> [String] {
    let tune = try MusicXMLImporter.tune(from: Array(xml.utf8))
    let abc = ABCWriter.text(of: tune)
    let reread = try #require(ABCParser.parse(abc).tunebook.tunes.first)
    return NoteListing.lines(for: reread)
  }

  static let attributes = """
    <attributes><divisions>2</divisions><key><fifths>-1</fifths></key>
    <time><beats>2</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>
    """

  static func note(_ step: String, _ octave: Int, _ duration: Int, voice: Int = 1, alter: Int? = nil)
    -> String
  {
    let alterText = alter.map { "<alter>\($0)</alter>" } ?? ""
    return """
      <note><pitch><step>\(step)</step>\(alterText)<octave>\(octave)</octave></pitch>\
      <duration>\(duration)</duration><voice>\(voice)</voice></note>
      """
  }

  @Test func aSyllablesTextsRunTogetherUnlessTheFileElidesThem() throws {
    // A bold verse number, then the word, each text ending in a line break, and an empty
    // text (0610): one syllable "1.  Fern". MuseScore's elision written as a text of its
    // own (a SMuFL sign) and `<elision>` both join with ‿.
    func syllables(_ lyrics: [String]) throws -> [String?] {
      let notes = lyrics.map { lyric in
        """
        <note><pitch><step>C</step><octave>5</octave></pitch><duration>2</duration><voice>1</voice>\
        <lyric number="1"><syllabic>single</syllabic>\(lyric)</lyric></note>
        """
      }
      let xml = """
        <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Voice</part-name></score-part></part-list>
        <part id="P1"><measure number="1">\(Self.attributes)\(notes.joined())</measure></part></score-partwise>
        """
      let tune = try MusicXMLImporter.tune(from: Array(xml.utf8))
      return tune.voices.flatMap(\.elements).compactMap { element -> String?? in
        guard case .note(let note) = element else { return nil }
        return .some(note.lyrics.first??.text)
      }
    }
    let found = try syllables([
      "<text font-weight=\"bold\">1.\n</text><text font-weight=\"normal\">  Fern\n</text><text></text>",
      "<text>re</text><text font-family=\"Leland Text\">\u{E551}</text><text>où</text>",
      "<text>re</text><elision/><text>où</text>",
    ])
    #expect(found == ["1.  Fern", "re‿où", "re‿où"])
  }

  @Test func partwiseVoicesWithBackupAndNoWrittenAccidentals() throws {
    // B flat from the key, then a B natural and a following B that stays natural in the
    // bar: the ABC writer must add the accidentals the MusicXML leaves implicit.
    let xml = """
      <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Flute</part-name></score-part></part-list>
      <part id="P1"><measure number="1">\(Self.attributes)
      \(Self.note("B", 4, 1, alter: -1))\(Self.note("B", 4, 1, alter: 0))\(Self.note("B", 4, 2, alter: 0))
      <backup><duration>4</duration></backup>
      \(Self.note("D", 4, 2, voice: 2))<forward><duration>2</duration></forward>
      </measure><measure number="2">\(Self.note("F", 4, 4, alter: 1))</measure></part></score-partwise>
      """
    #expect(
      try Self.notes(xml) == [
        "1 1 0 1/2 70", "1 1 1 1 71", "1 1 1/2 1/2 71", "1 1 2 2 66", "1 2 0 1 62",
      ])
    let tune = try MusicXMLImporter.tune(from: Array(xml.utf8))
    #expect(tune.voices.count == 2)
    #expect(tune.voices[0].name == "Flute")
    #expect(tune.initialKey.fifths == -1)
    #expect(tune.initialKey.tonic == .f)
  }

  @Test(arguments: [
    ("bracket=\"no\" show-number=\"none\"", TupletStyle(when: .never, number: .none)),
    ("bracket=\"no\"", TupletStyle(when: .noBracket)),
    (
      "bracket=\"yes\" show-number=\"both\" placement=\"below\"",
      TupletStyle(when: .always, number: .ratio, side: .below)
    ),
    ("", TupletStyle()),
  ])
  func aTupletKeepsHowTheFileDrawsIt(attributes: String, style: TupletStyle) throws {
    // Three triplet quavers; the start's attributes say whether bracket and number show.
    let triplet = (0..<3).map { index in
      let tuplet =
        index == 0
        ? "<notations><tuplet type=\"start\" \(attributes)/></notations>"
        : index == 2 ? "<notations><tuplet type=\"stop\"/></notations>" : ""
      return """
        <note><pitch><step>C</step><octave>5</octave></pitch><duration>1</duration><voice>1</voice><type>eighth</type>\
        <time-modification><actual-notes>3</actual-notes><normal-notes>2</normal-notes></time-modification>\(tuplet)</note>
        """
    }.joined()
    let xml = """
      <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Flute</part-name></score-part></part-list>
      <part id="P1"><measure number="1"><attributes><divisions>3</divisions><time><beats>1</beats><beat-type>4</beat-type></time>\
      </attributes>\(triplet)</measure></part></score-partwise>
      """
    let tune = try MusicXMLImporter.tune(from: Array(xml.utf8))
    let tuplets = tune.voices[0].elements.compactMap { element -> Tuplet? in
      if case .tupletStart(let tuplet, _) = element { return tuplet }
      return nil
    }
    #expect(tuplets.map(\.style) == [style])
    // Written back to MusicXML, it says the same.
    let back = try MusicXMLImporter.tune(from: Array(MusicXMLExporter.document(for: tune).utf8))
    let again = back.voices[0].elements.compactMap { element -> Tuplet? in
      if case .tupletStart(let tuplet, _) = element { return tuplet }
      return nil
    }
    if style != TupletStyle() { #expect(again.map(\.style) == [style]) }
  }

  @Test(arguments: [
    ("<strong-accent type=\"up\"/>", "umarcato"), ("<strong-accent type=\"down\"/>", "dmarcato"),
    ("<strong-accent/>", "marcato"),
  ])
  func aMarcatoPointsTheWayTheFileSays(mark: String, decoration: String) throws {
    let xml = """
      <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Piano</part-name></score-part></part-list>
      <part id="P1"><measure number="1"><attributes><divisions>1</divisions><time><beats>1</beats><beat-type>4</beat-type>\
      </time></attributes><note><pitch><step>E</step><octave>4</octave></pitch><duration>1</duration><voice>1</voice>\
      <type>quarter</type><stem>up</stem><notations><articulations>\(mark)</articulations></notations></note>\
      </measure></part></score-partwise>
      """
    func decorations(_ tune: Tune) -> [String] {
      tune.voices[0].elements.flatMap { element -> [String] in
        if case .note(let note) = element { return note.decorations.map(\.name) }
        return []
      }
    }
    let tune = try MusicXMLImporter.tune(from: Array(xml.utf8))
    #expect(decorations(tune) == [decoration])
    // Exported and read again, the marcato still points the same way; ABC keeps it too.
    let document = MusicXMLExporter.document(for: tune)
    let back = try MusicXMLImporter.tune(from: Array(document.utf8))
    #expect(decorations(back) == [decoration])
    let abc = try #require(ABCParser.parse(ABCWriter.text(of: tune)).tunebook.tunes.first)
    #expect(decorations(abc) == [decoration])
  }

  @Test func aSlurKeepsTheSideTheFileSetsIt() throws {
    func note(_ step: String, _ slur: String) -> String {
      """
      <note><pitch><step>\(step)</step><octave>4</octave></pitch><duration>1</duration><voice>1</voice>\
      <type>quarter</type><notations>\(slur)</notations></note>
      """
    }
    let xml = """
      <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Piano</part-name></score-part></part-list>
      <part id="P1"><measure number="1"><attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type>\
      </time></attributes>\(note("C", "<slur type=\"start\" orientation=\"under\" placement=\"below\"/>"))\
      \(note("D", "<slur type=\"stop\"/>"))\(note("E", "<slur type=\"start\"/>"))\(note("F", "<slur type=\"stop\"/>"))\
      </measure></part></score-partwise>
      """
    func sides(_ tune: Tune) -> [Bool?] {
      tune.voices[0].elements.flatMap { element -> [Bool?] in
        if case .note(let note) = element { return note.slurStarts.map(\.isBelow) }
        return []
      }
    }
    let tune = try MusicXMLImporter.tune(from: Array(xml.utf8))
    #expect(sides(tune) == [true, nil])
    let document = MusicXMLExporter.document(for: tune)
    #expect(document.contains("placement=\"below\""))
    #expect(sides(try MusicXMLImporter.tune(from: Array(document.utf8))) == [true, nil])
  }

  @Test func aTieKeepsTheSideTheFileSetsIt() throws {
    let xml = """
      <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Piano</part-name></score-part></part-list>
      <part id="P1"><measure number="1"><attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type>\
      </time></attributes>\
      <note><pitch><step>B</step><octave>4</octave></pitch><duration>2</duration><tie type="start"/><voice>1</voice>\
      <type>half</type><notations><tied type="start" orientation="under" placement="below"/></notations></note>\
      <note><pitch><step>B</step><octave>4</octave></pitch><duration>2</duration><tie type="stop"/><voice>1</voice>\
      <type>half</type><notations><tied type="stop"/></notations></note>\
      </measure></part></score-partwise>
      """
    func sides(_ tune: Tune) -> [Bool?] {
      tune.voices[0].elements.flatMap { element -> [Bool?] in
        if case .note(let note) = element { return note.heads.filter(\.isTiedToNext).map(\.tieBelow) }
        return []
      }
    }
    let tune = try MusicXMLImporter.tune(from: Array(xml.utf8))
    #expect(sides(tune) == [true])
    // ABC keeps it as abcm2ps writes it; the exported file says it again.
    let abc = ABCWriter.text(of: tune)
    #expect(abc.contains("B4-,"), "\(abc)")
    let document = MusicXMLExporter.document(for: tune)
    #expect(document.contains("orientation=\"under\""))
    #expect(sides(try MusicXMLImporter.tune(from: Array(document.utf8))) == [true])
  }

  static func titled(_ head: String) throws -> TuneMetadata {
    let xml = """
      <score-partwise version="4.0">\(head)
      <part-list><score-part id="P1"><part-name>Voice</part-name></score-part></part-list>
      <part id="P1"><measure number="1">\(Self.attributes)\(Self.note("C", 5, 4))</measure></part></score-partwise>
      """
    return try MusicXMLImporter.tune(from: Array(xml.utf8)).metadata
  }

  @Test func theTitleBlockIsWhatPageOnesCreditsPrint() throws {
    // As MuseScore prints it: the credits' words (a lyricist credit of two lines), the
    // song's own title first; a credit only repeating it ("1. Villanelle") left out.
    let metadata = try Self.titled(
      """
      <work><work-title>Les nuits d’été, Op.7</work-title></work><movement-title>Villanelle</movement-title>
      <identification><creator type="composer">H. Berlioz</creator><creator type="lyricist">T. Gautier</creator>
      <creator type="arranger">Transcribed from IMSLP</creator><rights>old rights</rights></identification>
      <credit page="1"><credit-type>title</credit-type><credit-words>Les nuits d’été, Op.7</credit-words></credit>
      <credit page="1"><credit-type>subtitle</credit-type><credit-words>1. Villanelle</credit-words></credit>
      <credit page="1"><credit-type>lyricist</credit-type><credit-words>Théophile Gautier</credit-words>
      <credit-words>English translation by Francis Hueffer</credit-words></credit>
      <credit page="1"><credit-type>composer</credit-type><credit-words>Hector Berlioz</credit-words></credit>
      <credit page="1"><credit-words justify="center" valign="top">À Louise</credit-words></credit>
      <credit page="1"><credit-type>rights</credit-type><credit-words>OpenScore (CC0)</credit-words></credit>
      <credit page="2"><credit-type>rights</credit-type><credit-words>page two</credit-words></credit>
      """)
    #expect(metadata.titles == ["Villanelle", "Les nuits d’été, Op.7, No. 1", "À Louise"])
    #expect(metadata.lyricists == ["Théophile Gautier", "English translation by Francis Hueffer"])
    #expect(metadata.composers == ["Hector Berlioz"])
    #expect(metadata.rights == "OpenScore (CC0)")
    // MuseScore prints no arranger creator; it is kept as the transcription note.
    #expect(metadata.arrangers.isEmpty)
    #expect(metadata.transcription == "Transcribed from IMSLP")
  }

  @Test func aSongsNumberInItsWorkStaysPrinted() throws {
    let metadata = try Self.titled(
      """
      <movement-number>3</movement-number><movement-title>In solitaria stanza</movement-title>
      <credit page="1"><credit-words justify="center" valign="top">6 Romanze</credit-words>
      <credit-words justify="center" valign="top">3. In solitaria stanza</credit-words></credit>
      """)
    #expect(metadata.titles == ["In solitaria stanza", "6 Romanze, No. 3"])
  }

  @Test func withoutCreditsTheCreatorsAreTheTitleBlock() throws {
    let metadata = try Self.titled(
      """
      <movement-title>Auf dem Wasser zu singen, D.774</movement-title>
      <identification><creator type="composer">Franz Schubert</creator><creator type="poet">F. L. Stolberg</creator>
      <creator type="translator">A. Translator</creator><rights>CC0</rights></identification>
      """)
    #expect(metadata.titles == ["Auf dem Wasser zu singen, D.774"])
    #expect(metadata.lyricists == ["F. L. Stolberg", "A. Translator"])
    #expect(metadata.composers == ["Franz Schubert"])
    #expect(metadata.rights == "CC0")
  }

  @Test(arguments: [(["stop"], false), (["stop", "start"], true)])
  func aTieIntoAGraceNoteReachesTheMainNoteOnlyWhenItGoesOn(graceTies: [String], tiedThrough: Bool) throws {
    let ties = graceTies.map { "<tie type=\"\($0)\"/>" }.joined()
    let xml = """
      <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>A</part-name></score-part></part-list>
      <part id="P1"><measure number="1">\(Self.attributes)
      <note><pitch><step>C</step><octave>5</octave></pitch><duration>2</duration><tie type="start"/><voice>1</voice></note>
      <note><grace/><pitch><step>C</step><octave>5</octave></pitch>\(ties)<voice>1</voice><type>eighth</type></note>
      <note><pitch><step>C</step><octave>5</octave></pitch><duration>2</duration><tie type="stop"/><voice>1</voice></note>
      </measure></part></score-partwise>
      """
    let tune = try MusicXMLImporter.tune(from: Array(xml.utf8))
    let notes = tune.voices[0].elements.compactMap { if case .note(let note) = $0 { note } else { nil } }
    #expect(notes.count == 2)
    #expect(notes.first?.heads.first?.isTiedToNext == tiedThrough)
    #expect(notes.last?.graceNotes?.notes.count == 1)
  }

  @Test func timewiseScoresReadLikePartwise() throws {
    let timewise = """
      <score-timewise version="4.0"><part-list><score-part id="P1"><part-name>A</part-name></score-part></part-list>
      <measure number="1"><part id="P1">\(Self.attributes)\(Self.note("C", 5, 4))</part></measure>
      <measure number="2"><part id="P1">\(Self.note("D", 5, 2))\(Self.note("E", 5, 2))</part></measure>
      </score-timewise>
      """
    #expect(try Self.notes(timewise) == ["1 1 0 2 72", "1 1 2 1 74", "1 1 3 1 76"])
  }

  @Test func exportedFeaturesComeBack() throws {
    let abc = """
      X:1
      T:Round Trip
      C:Someone
      R:jig
      M:6/8
      L:1/8
      K:Edor
      |: "Em"E2 B (3BAG !trill!F | {A}G3- G2 z :|1 [EB]3 e3 :|2 e6 |]
      w:one two three-ee four five six sev-en
      """
    let tune = try #require(ABCParser.parse(abc).tunebook.tunes.first)
    let imported = try MusicXMLImporter.tune(from: Array(MusicXMLExporter.document(for: tune).utf8))
    #expect(imported.metadata.titles == ["Round Trip"])
    #expect(imported.metadata.composers == ["Someone"])
    #expect(imported.metadata.rhythm == "jig")
    #expect(imported.initialKey.mode == .dorian)
    #expect(imported.initialKey.tonic == .e)
    let written = ABCWriter.text(of: imported)
    #expect(written.contains("K:EDor"))
    #expect(written.contains("\"Em\""))
    #expect(written.contains("!trill!"))
    #expect(written.contains("{A}"))
    #expect(written.contains("|1"))
    #expect(written.contains(":|2"))
    #expect(written.contains("w:"))
    let reread = try #require(ABCParser.parse(written).tunebook.tunes.first)
    #expect(NoteListing.lines(for: reread) == NoteListing.lines(for: tune))
  }

  @Test func compressedArchivesRead() throws {
    let tune = try #require(ABCParser.parse("X:1\nM:2/4\nL:1/8\nK:A\nABcd|e4|\n").tunebook.tunes.first)
    let imported = try MusicXMLImporter.tune(from: MusicXMLExporter.archive(for: tune))
    #expect(NoteListing.lines(for: imported) == NoteListing.lines(for: tune))
  }

  @Test func damagedInputsAreRefusedWithAReason() {
    #expect(throws: MusicXMLImporter.ImportError.self) {
      try MusicXMLImporter.tune(from: Array("<score-partwise><part".utf8))
    }
    #expect(throws: MusicXMLImporter.ImportError.self) {
      try MusicXMLImporter.tune(from: Array("<html><body/></html>".utf8))
    }
    #expect(throws: MusicXMLImporter.ImportError.self) {
      try MusicXMLImporter.tune(from: [0x50, 0x4B, 3, 4, 0, 0, 0])
    }
  }
}
