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
    let alphabet = Array("ABCDEFGabcdefg^_=,'/0123456789|:[]{}()<>-\"!+%$\\ \n\tzxZXK:M:L:XTV.~&`y".utf8)
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
