import ABCParser
import ScoreModel
import Testing

/// A small deterministic pseudo-random generator (SplitMix64).
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite struct RobustnessTests {
  static let realTune = """
    %abc-2.1
    M:6/8

    X:12
    T:The Kesh
    R:jig
    Q:"Lively" 3/8=120
    L:1/8
    K:Gmaj clef=treble
    |:"G"G3 GAB|"D"A3 ABd|"G"edd gdd|"C"edB dBA|
    GAG GAB|A>BA ABd|(3edd !trill!gdd|[1 edB {c}BAG:|[2 [DB]zB [E^c]2||
    [K:D] ^f=f _b__b^^c z/z// x3/2 Z2|[M:C|][L:1/4] (5abcde .|[|]::$
    w: lyrics here
    %%vskip 10
    """

  @Test func randomBytesNeverCrash() {
    var generator = SplitMix64(state: 2024)
    let alphabet = Array(
      "ABCDEFGabcdefg^_=,'/0123456789|:[]{}()<>-\"!+%$\\ \n\tzxZXK:M:L:XTV.~&`y@#*;w:s:m:U:P:Q:hkuv".utf8)
    for round in 0..<300 {
      let length = Int(generator.next() % 400)
      var bytes: [UInt8] = []
      if round % 3 == 0 {
        bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      } else {
        bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      }
      let prefix = round % 2 == 0 ? "X:1\nK:C\n" : ""
      let text = prefix + String(decoding: bytes, as: UTF8.self)
      let result = ABCParser.parse(text)
      for diagnostic in result.diagnostics {
        #expect(diagnostic.range.start.line >= 1 && diagnostic.range.start.column >= 1)
      }
      for tune in result.tunebook.tunes {
        #expect(!ScoreDumper.dump(tune).isEmpty)
      }
    }
  }

  static let tokens = [
    "A", "c'", "^/d", "_3/2e", "z", "x2", "y", "Z2", "[CEG]", "{/g}", "{(AB}", "(", ")", ".(", ".-", "-",
    "(3", "(3:2:4", ">", "<", "|", "||", ":|", "|:", "[1", "|2", "&", "&\\\n", "(&", "&)", "!trill!",
    "+p+", "!<(!", "\"^a\\'e\"", "\"@1,2 x\"", "\"Am\"", "T", "~", "k", "h", "[V:2]", "[K:HP]", "[M:3/4]",
    "[L:1/16]", "[Q:1/4=90]", "[P:B]", "[U:h=!f!]", "[I:linebreak !]", "[r:x]", "$", "\n",
    "\nw: a-b _ * c~d \\- |",
    "\nw: x\n+: y", "\ns: !p! * |", "\nV:1 clef=bass octave=1 middle=d", "\nV:A&1", "\nT:Sec", "\nP:(AB",
    "\nm: ~n2 = (3o/n/m/ n", "~c2", "\nU:T = !nil!", "\n%%score (1 2) | {3",
    "\n%%propagate-accidentals pitch",
    "\nW: words", "\nK:Dphr ^f exp", " ", "&amp;", "\\u00e9", "`",
  ]

  @Test func randomTokenSoupNeverCrashes() {
    var generator = SplitMix64(state: 77)
    for _ in 0..<300 {
      let count = Int(generator.next() % 60)
      var text = "X:1\nK:C\n"
      for _ in 0..<count { text += Self.tokens[Int(generator.next() % UInt64(Self.tokens.count))] }
      let result = ABCParser.parse(text + "\n\nX:2\nK:G\nGAB|\n")
      for diagnostic in result.diagnostics {
        #expect(diagnostic.range.start.line >= 1 && diagnostic.range.start.column >= 1)
        #expect(diagnostic.range.start <= diagnostic.range.end)
      }
      #expect(result.tunebook.tunes.last?.voices.first?.elements.filter { $0.duration > .zero }.count == 3)
      for tune in result.tunebook.tunes {
        #expect(!ScoreDumper.dump(tune).isEmpty)
        for voice in tune.voices where voice.overlayOf == nil {
          #expect(voice.elements.allSatisfy { $0.duration >= .zero })
        }
      }
    }
  }

  @Test func truncationsOfARealTuneNeverCrash() {
    let scalars = Array(Self.realTune.unicodeScalars)
    var parsedTunes = 0
    for end in 0...scalars.count {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars[0..<end])
      let result = ABCParser.parse(String(view))
      parsedTunes += result.tunebook.tunes.count
      for tune in result.tunebook.tunes {
        #expect(tune.voices.count == 1)
        #expect(!ScoreDumper.dump(tune).isEmpty)
      }
    }
    #expect(parsedTunes > scalars.count / 2)
  }

  @Test func theRealTuneParsesCleanly() {
    let (book, diagnostics) = ABCParser.parse(Self.realTune)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(book.tunes.first?.title == "The Kesh")
    #expect(book.tunes.first?.initialMeter == .fraction(numerators: [6], denominator: 8))
  }

  static let brokenTunes: [String] = [
    "X:1\nK:C\n[CEG\n",
    "X:1\nK:C\n\"unterminated\n",
    "X:1\nK:C\n[K:Bb\n",
    "X:1\nL:1/0\nM:0/0\nK:Q#m\n(99abc A0 A/0 ^|\n",
    "X:1\nT:no key\nV:2\nabc>>>>>>d\n",
    "X:one\nK:G\n{{{!!!++\n",
    "X:1\nK:C\nI:linebreak !\n%%linebreak $\nZ99999999999999999999 (3:2:99999999999\n",
    "X:1\nK:D\n^^^^^^c''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''''A,,,,,,,,,,,,,,,\n",
    "X:1\nK:C\nA16384/16384 A/////////////////////////////////// [A99/99]99/99\n",
  ]

  @Test(arguments: brokenTunes)
  func aBrokenTuneDoesNotAffectTheNext(broken: String) {
    let good = "X:2\nT:Good\nM:3/4\nL:1/8\nK:D\nFGA Bcd|[CE]2 z2 ^c2|\n"
    let alone = ABCParser.parse(good)
    let after = ABCParser.parse(broken + "\n" + good)
    #expect(after.tunebook.tunes.count == 2)
    guard let expected = alone.tunebook.tunes.first, let actual = after.tunebook.tunes.last else {
      Issue.record("missing tune")
      return
    }
    #expect(ScoreDumper.dump(actual) == ScoreDumper.dump(expected))
    #expect(actual.metadata.titles == ["Good"])
    let lineOffset = broken.split(separator: "\n", omittingEmptySubsequences: false).count
    let secondTuneDiagnostics = after.diagnostics.filter { $0.range.start.line >= lineOffset + 1 }
    #expect(secondTuneDiagnostics.isEmpty, "\(secondTuneDiagnostics)")
  }

  @Test func tuneWithoutEmptyLineBeforeTheNextX() {
    let input = MarkedInput("X:1\nK:C\nABC\n1️⃣X:2\nK:D\nF\n")
    let (book, diagnostics) = ABCParser.parse(input.text)
    #expect(book.tunes.map(\.referenceNumber) == [1, 2])
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(book.tunes.last?.initialKey.fifths == 2)
  }
}
