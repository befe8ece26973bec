import ABCParser
import Foundation
import MusicXML
import ScoreModel
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What `MusicXMLExporter` writes for the features the format carries, read back with
/// libxml2 (FoundationXML) so every check looks at real XML.
@Suite struct MusicXMLExportTests {
  static func document(_ abc: String) throws -> XMLElement {
    let tune = try #require(ABCParser.parse(abc).tunebook.tunes.first)
    let text = MusicXMLExporter.document(for: tune)
    let document = try XMLDocument(data: Data(text.utf8), options: [])
    return try #require(document.rootElement())
  }

  static func values(_ root: XMLElement, _ xpath: String) throws -> [String] {
    try root.nodes(forXPath: xpath).map { $0.stringValue ?? "" }
  }

  @Test func headerPartsAndAttributes() throws {
    let root = try Self.document(
      """
      X:3
      T:Kesh Jig
      T:The Kesh
      C:Trad.
      M:6/8
      L:1/8
      K:Gmix
      GAG GAB|
      """)
    #expect(root.name == "score-partwise")
    #expect(root.attribute(forName: "version")?.stringValue == "4.0")
    #expect(try Self.values(root, "work/work-title") == ["Kesh Jig"])
    #expect(try Self.values(root, "identification/creator[@type='composer']") == ["Trad."])
    #expect(try Self.values(root, "credit/credit-type") == ["title", "composer"])
    #expect(try Self.values(root, "credit[1]/credit-words") == ["Kesh Jig", "\nThe Kesh"])
    #expect(try Self.values(root, "part/measure[1]/attributes/key/fifths") == ["0"])
    #expect(try Self.values(root, "part/measure[1]/attributes/key/mode") == ["mixolydian"])
    #expect(try Self.values(root, "part/measure[1]/attributes/time/beats") == ["6"])
    #expect(
      try Self.values(root, "part/measure[1]/note/beam[@number='1']") == ["begin", "continue", "end"] + [
        "begin", "continue", "end",
      ])
  }

  @Test func repeatsEndingsAndPickup() throws {
    let root = try Self.document(
      """
      X:1
      M:4/4
      L:1/4
      K:C
      G |: C D E F |1 G A B c :|2 c B A G |]
      """)
    let measures = try root.nodes(forXPath: "part/measure").compactMap { $0 as? XMLElement }
    #expect(measures.count == 4)
    #expect(measures[0].attribute(forName: "implicit")?.stringValue == "yes")
    #expect(measures[0].attribute(forName: "number")?.stringValue == "0")
    #expect(
      try Self.values(root, "part/measure[2]/barline[@location='left']/repeat/@direction") == ["forward"])
    #expect(try Self.values(root, "part/measure[3]/barline[@location='left']/ending/@number") == ["1"])
    #expect(try Self.values(root, "part/measure[3]/barline[@location='right']/ending/@type") == ["stop"])
    #expect(
      try Self.values(root, "part/measure[3]/barline[@location='right']/repeat/@direction") == ["backward"])
    #expect(try Self.values(root, "part/measure[4]/barline[@location='left']/ending/@number") == ["2"])
    #expect(
      try Self.values(root, "part/measure[4]/barline[@location='right']/ending/@type") == ["discontinue"])
    #expect(try Self.values(root, "part/measure[4]/barline[@location='right']/bar-style") == ["light-heavy"])
  }

  @Test func nestedTupletsAreNumberedMultipliedAndReadBack() throws {
    let abc = "X:1\nM:2/4\nL:1/8\nK:C\n(3:2:7 (3c/d/e/ (3f/g/a/ b c2|]\n"
    let root = try Self.document(abc)
    #expect(
      try Self.values(root, "//note/time-modification/actual-notes") == ["9", "9", "9", "9", "9", "9", "3"])
    #expect(try Self.values(root, "//notations/tuplet[@type='start']/@number") == ["1", "2", "2"])
    #expect(
      try Self.values(root, "//notations/tuplet[@number='2']/tuplet-actual/tuplet-number") == ["3", "3"])
    // Read back: the same tuplets, the same lengths.
    let tune = try #require(ABCParser.parse(abc).tunebook.tunes.first)
    let reread = try MusicXMLImporter.tune(from: Array(MusicXMLExporter.document(for: tune).utf8))
    func tuplets(_ tune: Tune) -> [Tuplet] {
      tune.voices.flatMap(\.elements).compactMap { if case .tupletStart(let t, _) = $0 { t } else { nil } }
        .map { Tuplet(p: $0.p, q: $0.q, r: $0.r) }
    }
    func lengths(_ tune: Tune) -> [Rational] {
      tune.voices.flatMap(\.elements).compactMap { if case .note(let n) = $0 { n.duration } else { nil } }
    }
    #expect(
      tuplets(reread) == [Tuplet(p: 3, q: 2, r: 7), Tuplet(p: 3, q: 2, r: 3), Tuplet(p: 3, q: 2, r: 3)])
    #expect(lengths(reread) == lengths(tune))
  }

  @Test func notesTupletsGracesTiesSlursAndMarks() throws {
    let root = try Self.document(
      """
      X:1
      M:4/4
      L:1/8
      K:D
      (3ABc {g}!trill!d2- d/e/ (f=c) !fermata![CEG]2 |
      """)
    #expect(
      try Self.values(root, "//note[time-modification]/time-modification/actual-notes") == ["3", "3", "3"])
    #expect(try Self.values(root, "//notations/tuplet/@type") == ["start", "stop"])
    #expect(try root.nodes(forXPath: "//note[grace]").count == 1)
    #expect(try Self.values(root, "//note[tie]/tie/@type") == ["start", "stop"])
    #expect(try Self.values(root, "//notations/slur/@type") == ["start", "stop"])
    #expect(try root.nodes(forXPath: "//ornaments/trill-mark").count == 1)
    #expect(try root.nodes(forXPath: "//notations/fermata").count == 1)
    #expect(try root.nodes(forXPath: "//note[chord]").count == 2)
    // C natural in D major: the written accidental and the sounding alteration.
    #expect(try Self.values(root, "//note[accidental]/accidental") == ["natural"])
    #expect(try Self.values(root, "//note[pitch/step='F']/pitch/alter") == ["1"])
    // d/e/ are sixteenths beamed together: two levels.
    #expect(try Self.values(root, "//note[type='16th'][1]/beam/@number").contains("2"))
  }

  @Test func chordSymbolsLyricsAndDynamics() throws {
    let root = try Self.document(
      """
      X:1
      M:3/4
      L:1/4
      K:C
      "Bbm7/F"!mf!A !crescendo(!B !crescendo)!c | "G"d2 "^D.C."z |
      w:hel-lo world_
      """)
    #expect(try Self.values(root, "//harmony/root/root-step") == ["B", "G"])
    #expect(try Self.values(root, "//direction/direction-type/words") == ["D.C."])
    #expect(try Self.values(root, "//harmony/root/root-alter") == ["-1"])
    #expect(try Self.values(root, "//harmony/kind") == ["minor-seventh", "major"])
    #expect(try Self.values(root, "//harmony/bass/bass-step") == ["F"])
    #expect(try root.nodes(forXPath: "//direction/direction-type/dynamics/mf").count == 1)
    #expect(try Self.values(root, "//direction/direction-type/wedge/@type") == ["crescendo", "stop"])
    // `world_`: the extender holds "world" over the next note.
    #expect(try Self.values(root, "//lyric/syllabic") == ["begin", "end", "single"])
    #expect(try Self.values(root, "//lyric/text") == ["hel", "lo", "world"])
  }

  @Test func scoreGroupsBecomePartsAndStaves() throws {
    let root = try Self.document(
      """
      X:1
      M:2/4
      L:1/4
      %%score (S A) {RH LH}
      V:S name="Soprano"
      V:A
      V:RH name="Piano"
      V:LH clef=bass
      K:C
      V:S
      c d |
      V:A
      A B |
      V:RH
      e f |
      V:LH
      C, D, |
      """)
    #expect(try Self.values(root, "part-list/score-part/part-name") == ["Soprano", "Piano"])
    // The single-part brace needs no part group; a bracket over two parts does (below).
    #expect(try root.nodes(forXPath: "part-list/part-group").isEmpty)
    #expect(try Self.values(root, "part[1]/measure[1]/note/voice") == ["1", "1", "2", "2"])
    #expect(try root.nodes(forXPath: "part[1]/measure[1]/backup").count == 1)
    #expect(try Self.values(root, "part[2]/measure[1]/attributes/staves") == ["2"])
    #expect(try Self.values(root, "part[2]/measure[1]/attributes/clef/sign") == ["G", "F"])
    #expect(try Self.values(root, "part[2]/measure[1]/note/staff") == ["1", "1", "2", "2"])
  }

  @Test func bracketsOverSeveralPartsArePartGroups() throws {
    let root = try Self.document(
      """
      X:1
      M:2/4
      L:1/4
      %%score [(S A) (T B)] | X
      K:C
      V:S
      c d |
      V:A
      A B |
      V:T
      e f |
      V:B
      C D |
      V:X
      G A |
      """)
    #expect(try Self.values(root, "part-list/part-group/@type") == ["start", "stop"])
    #expect(try Self.values(root, "part-list/part-group/group-symbol") == ["bracket"])
    #expect(
      try Self.values(root, "part-list/part-group[@type='stop']/following-sibling::score-part/@id") == ["P3"])
  }

  /// Readers number slurs per part: two voices of one staff with slurs open at once use
  /// different numbers (MuseScore dropped the second when both were 1).
  @Test func slursAreNumberedAcrossThePartsVoices() throws {
    let root = try Self.document(
      """
      X:1
      M:4/4
      L:1/4
      K:C
      V:1
      (cdef|g4)|
      V:2 merge
      (CD)EF|G4|
      """)
    let starts = try Self.values(root, "part[1]/measure[1]/note/notations/slur[@type='start']/@number")
    #expect(starts.count == 2)
    #expect(Set(starts).count == 2)
  }

  /// A `&` overlay after the first bar goes in the measure it is written in.
  @Test func anOverlayIsWrittenInItsOwnMeasure() throws {
    let root = try Self.document("X:1\nM:4/4\nL:1/4\nK:C\nCDEF|GABc & EFGA|c4|]\n")
    #expect(try Self.values(root, "part[1]/measure[1]/note[voice='2']/pitch/step").isEmpty)
    #expect(try Self.values(root, "part[1]/measure[2]/note[voice='2']/pitch/step") == ["E", "F", "G", "A"])
  }

  @Test func compressedArchiveHoldsContainerAndScore() throws {
    let tune = try #require(ABCParser.parse("X:1\nK:C\nCDEF|\n").tunebook.tunes.first)
    let archive = MusicXMLExporter.archive(for: tune)
    #expect(MXLContainer.isArchive(archive))
    let entries = try MXLContainer.directory(of: archive)
    #expect(Set(entries.keys) == ["mimetype", "META-INF/container.xml", "score.musicxml"])
    var budget = 1 << 20
    let mimetype = try MXLContainer.contents(
      of: try #require(entries["mimetype"]), in: archive, budget: &budget)
    #expect(String(decoding: mimetype, as: UTF8.self) == "application/vnd.recordare.musicxml")
    let score = try MXLContainer.contents(
      of: try #require(entries["score.musicxml"]), in: archive, budget: &budget)
    #expect(score == Array(MusicXMLExporter.document(for: tune).utf8))
    // The same tune gives the same bytes: nothing depends on time or chance.
    #expect(MusicXMLExporter.archive(for: tune) == archive)
  }
}
