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
    (
      "ties-slurs-tuplets-graces",
      """
      X:4
      T:Golden Curves
      M:4/4
      L:1/8
      K:D
      (DE F2-) F2 (3ABc | {g}d2 {/e}f2 .(Bc .d)e | [DF]4- [DF]2 z2 |
      (,AB c)d ('FE D2) | B,4-' B,4 |]
      """
    ),
    (
      "ossia-staffscale-voicescale",
      """
      X:4
      T:Golden Ossia
      M:4/4
      L:1/8
      %%score [O (M A)]
      V:O staffscale=0.7
      V:M
      V:A
      K:G
      [V:O] x8 | gabc' d'c'ba |]
      [V:M] GABc dedB | G2 B2 d2 g2 |]
      [V:A]
      %%voicescale 0.7
      D8 | B,4 D4 |]
      """
    ),
    (
      "nested-tuplets",
      """
      X:4
      T:Golden Nested Tuplets
      M:2/4
      L:1/8
      K:C
      (3:2:5 c (3d/e/f/ g A2 | (3:2:5 c2 (3d e f g2 | (6:4:7 c d (3e f g a b | (3:2:7 (3c/d/e/ (3f/g/a/ b c2 |]
      """
    ),
    (
      "decorations-chords-annotations",
      """
      X:5
      T:Golden Marks
      M:3/4
      L:1/4
      K:G
      P:A
      "G"!p!.G ~A "D7"!trill!B | "^rall."!fermata!c2 "_poco"!>!d | "Em"!segno!e !crescendo(!f !crescendo)!g |
      "C"!D.S.!c3 |]
      """
    ),
    (
      "lyrics-and-words",
      """
      X:6
      T:Golden Song
      M:2/4
      L:1/8
      K:F
      F2 A2 | c3 d | c2- c2 | A4 |]
      w:Sing a-loud_ now more
      w:Then the sec-ond verse
      W:Words after the tune
      """
    ),
    (
      "changes-and-courtesy",
      """
      X:7
      T:Golden Changes
      M:4/4
      L:1/4
      %%measurenb 0
      K:C
      C D E F | G A B c |
      [K:A] A B c d | [M:3/4] e f g |
      [K:clef=bass] C, D, E, | Z2 | z3 |]
      """
    ),
    (
      "chords-accidentals-unisons",
      """
      X:8
      T:Golden Chords
      M:4/4
      L:1/4
      K:C
      [CEG] [^c^e^g] [DD] [FGA] | [_B,=DF]2 [ceg]2 |]
      """
    ),
    (
      "two-staves-braced",
      """
      X:9
      T:Golden Piano
      M:3/4
      L:1/8
      %%score {RH LH}
      K:F
      V:RH name="Right" snm="R."
      V:LH clef=bass name="Left"
      [V:RH] c2 A2 F2 | (GA B2) z2 | f4 e2 | f6 |]
      [V:LH] F,4 C,2 | B,,6 | C,2 E,2 C,2 | F,,6 |]
      """
    ),
    (
      "two-voices-one-staff",
      """
      X:10
      T:Golden Duet
      M:2/4
      L:1/8
      %%score (S A)
      K:C
      V:S
      V:A
      [V:S] e2 f2 | g4 | z2 e2 | c4 |]
      [V:A] c2 d2 | e2 d2 | c2 z2 | C4 |]
      """
    ),
    (
      "satb-shared-staves",
      """
      X:11
      T:Golden Hymn
      M:4/4
      L:1/4
      %%score [(S A) (T B)]
      K:G
      V:S name="Soprano"
      V:A name="Alto"
      V:T name="Tenor"
      V:B name="Bass" clef=bass
      [V:S] (B A) G2 | z4 | c .d e2- | e4 |]
      [V:A] G F D2 | z4 | A .B c2 | B4 |]
      [V:T] D- D B,2 | z4 | E F G2 | G4 |]
      [V:B] G, D, G,,2 | z4 | C, D, C,2 | G,,4 |]
      """
    ),
    (
      "mid-tune-score",
      """
      X:12
      T:Golden Score Change
      M:4/4
      L:1/4
      %%score {A B}
      K:C
      V:A
      CDEF|
      V:B clef=bass
      C,D,E,F,|
      %%score A
      V:A
      GABc|]
      """
    ),
    (
      "tremolos-and-microtones",
      """
      X:13
      T:Golden Tremolos
      M:4/4
      L:1/4
      K:C
      c !/!c !//!c !///!c | C!trem1!c C!trem2![Gc] | C2!trem1!c2 |
      ^/G ^3/2G _/G _3/2G | [^/c_/e]2 =G2 |]
      """
    ),
    (
      "nested-groups-voltas",
      """
      X:14
      T:Golden Groups
      M:3/4
      L:1/4
      %%score [(S A) {RH LH}] Vc
      K:F
      V:S name="Voices"
      V:A
      V:RH name="Organ"
      V:LH clef=bass
      V:Vc name="Cello" clef=bass
      [V:S] |: c d e |1 f3 :|2 c3 |]
      [V:A] |: A B c |1 A3 :|2 A3 |]
      [V:RH] |: F A c |1 F3 :|2 F3 |]
      [V:LH] |: F, C, A,, |1 F,,3 :|2 F,,3 |]
      [V:Vc] |: F, E, D, |1 F,3 :|2 F,3 |]
      """
    ),
    (
      "note-heads-and-beamon",
      """
      X:15
      T:Golden Heads
      M:2/4
      L:1/8
      %%map kit ^F heads=x
      %%map kit c print=e heads=triangle
      K:C
      V:1
      !head-diamond!C !head-triangle!D E!beamon!|F !style=harmonic!G2 !head-square!A|
      V:2 map=kit style=slash
      ^F c ^F c|B4|]
      """
    ),
    (
      "guitar-tablature",
      """
      X:16
      T:Golden Tablature
      M:2/4
      L:1/8
      %%tablature guitar capo=1 label="Guitar, capo 1"
      K:F
      |: [DF]EFG [A2c]AG | [F2A]ED [A,4EA]:|
      """
    ),
    (
      "measure-repeats",
      """
      X:17
      T:Golden Repeats
      M:2/4
      L:1/8
      K:D
      |: DFAd |
      %%repeat 1 2
      DFAd | DFAd | cBAG | FGAB |
      %%repeat 2
      cBAG | FGAB | A2 FA
      %%repeat 2 1
      FA d2 :|
      """
    ),
    (
      "cross-staff-notes",
      """
      X:18
      T:Golden Cross Staff
      M:4/4
      L:1/8
      %%score {RH LH}
      K:C
      V:RH
      c2 e2 g2 c'2 | [I:staff +1] G,A,B,C [I:staff -1] DEFG | [ceg]4 c[I:staff +1]G,[I:staff -1]e[I:staff +1]C |]
      V:LH clef=bass
      E,2 F,2 E,2 F,2 | E,8 | !xstem![C,E,G,]8 |]
      """
    ),
    (
      "octave-lines-and-marks",
      """
      X:19
      T:Golden Marks
      M:4/4
      L:1/8
      K:C
      !8va(!c'd'e'f' g'a'b'!8va)!c'' | !ped!C2 !ped-up!E2 !cresc!G2 !caesura!c2 |
      !-(!C2 !-)!c2 !~(!E2 !~)!e2 | !editorial!^c2 !courtesy!=c2 !invisible!e2 !stemless!g2 |
      !shortfermata!c4 !D.S.alcoda!!sfp!C4 |]
      """
    ),
    (
      // Issue 10: the details a tune-book reader notices.
      "engraving-finesse",
      #"""
      X:20
      T:Kesh, The
      M:2
      L:1/8
      K:G
      "^first""^second;two""_low"!sfz!G2 "Bb7/F#"(.B.A) ({A}G3) "^\~ca\351"g/ |:
      TB TA TG TF MG MF ME MD | ((3.E.E.E) G2 JB2 RA2 :: !trill!d2 [K:bass] D,2 |
      dB [K:treble] GA !fermata!B2 :|]
      T:Blues in Bb
      GcGc {cdefgab}c'2 "Bbmaj7sus4"BAGF "Eb"E2 |]
      """#
    ),
    (
      // A source line too wide for the page splits evenly (4 + 4), a five-bar line that
      // fits at a tighter spacing stays whole.
      "even-split",
      """
      X:22
      T:Even Split
      M:6/8
      L:1/8
      K:C
      ||((3G/A/B/)|c2d e2f|gec dBG|GBc dBG|(G/A/B)c dBG|c2d e2f|gec dBG|(G/A/B)c dgf|ecc c2:|
      |:"D"DFA "G"dBG|"A"ceg "D"fed|"Bm"dcB "G"BAG|"A7"ABc "D"dAF|"G"GAB "A"A3:|
      """
    ),
    (
      // ABC 2.0 `!` line breaks: the source line ends are no breaks.
      "bang-line-breaks",
      """
      X:21
      T:Bang Breaks
      M:4/4
      L:1/8
      K:G
      |:GABc dedB|dedB dedB|c2ec B2dB|
      c2A2 A2BA:|!|:d2gf edeg|
      fgaf g4:|
      """
    ),
    (
      // Tune-book ABC: grace notes before a bar line end the bar (no slur); a roll; a
      // second ending whose words would raise it keeps its first's height; "ca." tempo.
      "tune-book-abc",
      """
      X:23
      T:Tune Book ABC
      Q:1/4=ca. 112
      M:4/4
      L:1/8
      K:D
      |:A2FA ~d2cd|B2GB A4{g}|a2fa ~g2fg|[1 e2ce d4:|["2 to the end" e2cA d4|]
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
    #expect(json.hasPrefix("{\n  \"version\": 1,\n  \"pages\": ["))
    #expect(json.contains("\n  ],\n  \"title\": \"Golden Reel\""))
    try Snapshot.assert(json, named: "reel-with-endings.json")
  }
}
