import ABCParser
import ScoreModel
import Testing

@Suite struct ScoreDumperTests {
  @Test func jigWithRepeatsAndEndings() {
    let text = """
      X:3
      T:Dump
      M:6/8
      K:D
      |:f>g a2 (3bag|[1 [df]3- [df] z2:|
      [2 ^c=c c Z2|]
      """
    let (book, diagnostics) = ABCParser.parse(text)
    #expect(diagnostics.isEmpty)
    guard let tune = book.tunes.first else {
      Issue.record("no tune")
      return
    }
    let expected = """
      tune 3 meter=6/8 unit=1/8 key=D major(2) clef=treble
      voice 1
      0 bar single |:
      0 note 3/16 F5(+1)
      3/16 note 1/16 G5 beamed
      1/4 note 1/4 A5
      1/2 tuplet 3:2:3
      1/2 note 1/12 B5 written=1/8
      7/12 note 1/12 A5 beamed written=1/8
      2/3 note 1/12 G5 beamed written=1/8
      3/4 bar single ending=1
      3/4 note 3/8 [D5- F5(+1)-]
      9/8 note 1/8 [D5 F5(+1)]
      5/4 rest 1/4
      3/2 bar single :| ending=2
      3/2 break
      3/2 note 1/8 ^C5(+1)
      13/8 note 1/8 =C5 beamed
      7/4 note 1/8 C5
      15/8 rest 3/2 bars=2
      27/8 bar thinThick
      27/8 break
      """
    #expect(ScoreDumper.dump(tune) == expected)
  }

  @Test func keyMeterClefChangesAndRests() {
    let dump = Parse.dump("C[K:Bb clef=bass]B,[M:C|]x/ z3/2 [L:1/2]E,\\\n^^F,,__G,,,", header: "K:C")
    let expected = """
      0 note 1/8 C4
      1/8 key Bb major(-2)
      1/8 clef bass
      1/8 note 1/8 B3(-1)
      1/4 meter C|
      1/4 rest 1/16 invisible
      5/16 rest 3/16
      1/2 note 1/2 E3(-1)
      1 note 1/2 ^^F2(+2)
      3/2 note 1/2 __G1(-2) beamed
      2 break
      """
    #expect(dump == expected)
  }
}
