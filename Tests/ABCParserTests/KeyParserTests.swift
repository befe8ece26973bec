import ABCParser
import ScoreModel
import Testing

@Suite struct KeyParserTests {
  /// Value, tonic, alter, mode, fifths.
  static let keys: [(String, Step?, Int, Mode, Int)] = [
    ("C", .c, 0, .major, 0),
    ("G", .g, 0, .major, 1),
    ("F", .f, 0, .major, -1),
    ("Bb", .b, -1, .major, -2),
    ("F#", .f, 1, .major, 6),
    ("C#", .c, 1, .major, 7),
    ("Cb", .c, -1, .major, -7),
    ("Am", .a, 0, .minor, 0),
    ("Em", .e, 0, .minor, 1),
    ("A minor", .a, 0, .minor, 0),
    ("D major", .d, 0, .major, 2),
    ("Ador", .a, 0, .dorian, 1),
    ("ADOR", .a, 0, .dorian, 1),
    ("A Dorian", .a, 0, .dorian, 1),
    ("E phr", .e, 0, .phrygian, 0),
    ("Flyd", .f, 0, .lydian, 0),
    ("GMix", .g, 0, .mixolydian, 0),
    ("Gmixolydian", .g, 0, .mixolydian, 0),
    ("Aaeo", .a, 0, .aeolian, 0),
    ("Bloc", .b, 0, .locrian, 0),
    ("Cion", .c, 0, .ionian, 0),
    ("Bbmin", .b, -1, .minor, -5),
    ("none", nil, 0, .major, 0),
  ]

  @Test(arguments: keys)
  func key(value: String, tonic: Step?, alter: Int, mode: Mode, fifths: Int) {
    let (tune, diagnostics) = Parse.tune("", header: "K:\(value)")
    #expect(diagnostics.isEmpty)
    let key = tune?.initialKey
    #expect(key?.tonic == tonic)
    #expect(key?.tonicAlter == alter)
    #expect(key?.mode == mode)
    #expect(key?.fifths == fifths)
  }

  @Test func explicitAccidentals() {
    let key = Parse.tune("", header: "K:D =c ^g").tune?.initialKey
    #expect(key?.fifths == 2)
    #expect(key?.explicitAccidentals == [.c: .natural, .g: .sharp])
    #expect(key?.isExplicitOnly == false)
    #expect(key?.writtenAccidentals.map(\.step) == [.f, .g])
  }

  @Test func explicitOnlySignature() {
    let key = Parse.tune("", header: "K:D exp _b _e ^f").tune?.initialKey
    #expect(key?.isExplicitOnly == true)
    #expect(Set(key?.writtenAccidentals.map(\.step) ?? []) == [.b, .e, .f])
  }

  @Test func highlandPipes() {
    let upper = Parse.tune("", header: "K:HP").tune?.initialKey
    #expect(upper?.writtenAccidentals.isEmpty == true)
    let lower = Parse.tune("", header: "K:Hp").tune?.initialKey
    #expect(lower?.writtenAccidentals.map(\.step) == [.f, .c])
  }

  static let clefs: [(String, Clef)] = [
    ("C clef=bass", .bass),
    ("C bass", .bass),
    ("C alto", .alto),
    ("C tenor", .tenor),
    ("C treble", .treble),
    ("C treble-8", Clef(shape: .treble, octaveShift: -1)),
    ("C bass+8", Clef(shape: .bass, octaveShift: 1)),
    ("G clef=alto1", Clef(shape: .alto, line: 1)),
    ("clef=bass", .bass),
  ]

  @Test(arguments: clefs)
  func clef(value: String, expected: Clef) {
    let (tune, diagnostics) = Parse.tune("", header: "K:\(value)")
    #expect(diagnostics.isEmpty)
    #expect(tune?.voices.first?.clef == expected)
  }

  @Test func unknownModeIsAWarning() {
    let input = MarkedInput("X:1\nK:1️⃣Dxyz\n")
    let (tune, diagnostics) = Parse.tune("", header: "K:Dxyz")
    _ = tune
    let located = Parse.book(input.text).diagnostics
    #expect(diagnostics.map(\.severity) == [.warning])
    #expect(Parse.locations(located) == [input[1]])
  }
}
