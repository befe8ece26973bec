import DisplayList
import Layout
import Testing

/// Golden text dumps of the display list: any change to engraving shows up as a diff to
/// review. Re-record with `RECORD_SNAPSHOTS=1 swift test --filter GoldenDumpTests`.
@Suite struct GoldenDumpTests {
  static let tunes: [(name: String, abc: String)] = [
    (
      "reel-with-endings",
      """
      X:1
      T:Golden Reel
      C:Test
      R:reel
      M:4/4
      L:1/8
      K:G
      |:GABG dGBG|ABcA BGEG|1 DGBd gdBG:|2 A2 AB cBAF||
      """
    ),
    (
      "jig-dotted-and-rests",
      """
      X:2
      T:Golden Jig
      T:with a subtitle
      M:6/8
      L:1/8
      Q:3/8=120
      K:Dm
      A>BA d2e|f3 z2 e|^c2A =B/c/d/e/ f|d6|]
      """
    ),
    (
      "ledger-lines-accidentals-bass",
      """
      X:3
      T:Golden Bass
      M:3/4
      L:1/4
      K:Bb clef=bass
      B,,2 C,|D, ^F, A,|_d2 z|[B,DF]3|]
      """
    ),
  ]

  @Test(arguments: tunes.map(\.name))
  func displayListDump(name: String) throws {
    let abc = try #require(Self.tunes.first { $0.name == name }).abc
    let list = try LayoutFixture.engrave(abc + "\n")
    try Snapshot.assert(DisplayListDumper.dump(list), named: name)
  }

  @Test func jsonFormIsStable() throws {
    let list = try LayoutFixture.engrave(Self.tunes[0].abc + "\n")
    let json = DisplayListJSON.encode(list)
    #expect(json.hasPrefix("{\n  \"version\": 1,\n  \"title\": \"Golden Reel\",\n  \"pages\": ["))
    try Snapshot.assert(json, named: "reel-with-endings.json")
  }
}
