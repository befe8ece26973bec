import ABCParser
import ScoreModel
import Testing

/// Absurd and hostile input: every case parses in bounded time, reports what it cut, and
/// keeps the valid music around it.
@Suite struct HostileInputTests {
  static let header = "X:1\nM:4/4\nL:1/8\nK:C\n"

  /// Parses `text`, checking it takes less than `seconds` (debug builds are slow; the
  /// bound catches quadratic blow-ups, not small regressions).
  static func parse(_ text: String, seconds: Int = 10) -> (tune: Tune?, diagnostics: [Diagnostic]) {
    var result: (tunebook: Tunebook, diagnostics: [Diagnostic])?
    let elapsed = ContinuousClock().measure { result = ABCParser.parse(text) }
    #expect(elapsed < .seconds(seconds), "parsing took \(elapsed)")
    return (result?.tunebook.tunes.first, result?.diagnostics ?? [])
  }

  static func notes(_ tune: Tune?) -> [NoteEvent] {
    (tune?.voices.first?.elements ?? []).compactMap { if case .note(let note) = $0 { note } else { nil } }
  }

  static func has(_ diagnostics: [Diagnostic], _ severity: Severity, _ text: String) -> Bool {
    diagnostics.contains { $0.severity == severity && $0.message.contains(text) }
  }

  @Test(arguments: ["(99 ABC|", "(9999:1:9999 ABC|", "(3:0:2 ABC|", "(65 ABC|"])
  func absurdTupletsAreIgnored(body: String) {
    let (tune, diagnostics) = Self.parse(Self.header + body)
    #expect(Self.has(diagnostics, .error, "bad tuplet: p, q and r must be 1 to \(Limits.tupletSize)"))
    #expect(Self.notes(tune).map(\.duration) == Array(repeating: Rational(1, 8), count: 3))
  }

  @Test(arguments: ["A1000000/3 B|", "A/1000000000 B|", "A4097 B|", "A99999999999999999999 B|"])
  func absurdNoteLengthsReadAsOne(body: String) {
    let (tune, diagnostics) = Self.parse(Self.header + body)
    #expect(Self.has(diagnostics, .error, "note length out of range"))
    #expect(Self.notes(tune).map(\.duration) == [Rational(1, 8), Rational(1, 8)])
  }

  @Test func absurdUnitLengthAndMeterKeepTheDefaults() {
    let (tune, diagnostics) = Self.parse("X:1\nL:1/0\nM:1000000/1\nK:C\nABC|\n")
    #expect(Self.has(diagnostics, .error, "bad unit note length '1/0'"))
    #expect(Self.has(diagnostics, .error, "meter '1000000/1' out of range"))
    #expect(tune?.unitNoteLength == Rational(1, 8))
    #expect(Self.notes(tune).count == 3)
  }

  @Test func tenThousandVoicesStopAtTheLimit() {
    var text = "X:1\nL:1/8\nK:C\n"
    for voice in 1...10_000 { text += "V:\(voice)\nA|\n" }
    let (tune, diagnostics) = Self.parse(text)
    #expect(tune?.voices.count == Limits.voicesPerTune)
    let warnings = diagnostics.filter { $0.message.hasPrefix("more than \(Limits.voicesPerTune) voices") }
    #expect(warnings.count == 1)
    #expect(warnings.first?.message.contains("voice '257'") == true)
    // A dropped voice named again stays dropped; a kept one still gets its music.
    let (again, _) = Self.parse(text + "V:300\nB|\nV:2\nc|\n")
    #expect(again?.voices.contains { $0.id == "300" } == false)
    let second = again?.voices[1].elements.filter { if case .note = $0 { true } else { false } }
    #expect(second?.count == 2)
  }

  @Test func tooManyHeaderVoicesAreIgnored() {
    var text = "X:1\nL:1/8\n"
    for voice in 1...300 { text += "V:\(voice) clef=bass\n" }
    let (tune, diagnostics) = Self.parse(text + "K:C\nV:1\nA|\n")
    #expect(tune?.voices.count == Limits.voicesPerTune)
    #expect(Self.has(diagnostics, .warning, "voice '257' and later new voices are ignored"))
  }

  @Test func unterminatedConstructsAreReportedAndTheRestParses() {
    let cases: [(String, Severity, String)] = [
      ("(A B c|", .warning, "unclosed slur"),
      ("A [CEG", .error, "unterminated chord"),
      ("A \"abc B c", .error, "unterminated string"),
      ("A {ab", .error, "unterminated grace notes"),
      ("A !trill B", .warning, "unterminated decoration"),
      ("A [K:D B", .error, "unterminated inline field"),
    ]
    for (body, severity, message) in cases {
      let (tune, diagnostics) = Self.parse(Self.header + body + "\nGAB|\n")
      #expect(Self.has(diagnostics, severity, message), "\(body): \(diagnostics)")
      #expect(Self.notes(tune).count >= 4, "\(body)")
    }
  }

  @Test func aBangWithoutItsPairIsALineBreakNotNotesLost() {
    let (tune, diagnostics) = Self.parse(Self.header + "!abc A B|\n")
    #expect(!diagnostics.contains { $0.severity == .error })
    #expect(Self.notes(tune).count == 5)  // a, b, c, A, B
  }

  @Test func aMegabyteLineOfNotesIsReadUpToTheTuneLimit() {
    let line = String(repeating: "ABcd efga ", count: 100_000)
    let (tune, diagnostics) = Self.parse(Self.header + line + "|\n", seconds: 20)
    #expect(diagnostics.count == 1)
    #expect(
      Self.has(
        diagnostics, .error,
        "tune too long: only its first \(Limits.elementsPerTune) notes, rests and bar lines are read"
      ))
    #expect(Self.notes(tune).count == Limits.elementsPerTune)
  }

  @Test func nulBytesControlsAndBadUTF8AreReported() {
    let bytes: [UInt8] =
      Array(Self.header.utf8) + [0x41, 0x00, 0x42, 0x1B, 0x5B, 0x32, 0x4A, 0xFF, 0xC0, 0x43, 0x7C, 0x0A]
    let (tune, diagnostics) = Self.parse(String(decoding: bytes, as: UTF8.self))
    #expect(Self.has(diagnostics, .error, "unexpected '\u{0}'"))
    #expect(Self.has(diagnostics, .warning, "not valid UTF-8"))
    #expect(Self.notes(tune).count == 3)
  }

  @Test func controlCharactersInFieldsDoNotStopTheTune() {
    let (tune, diagnostics) = Self.parse("X:1\nT:\u{1B}[31mred\u{7}\nC:\u{0}\u{9B}\nK:C\nABC|\n")
    #expect(tune?.title.contains("red") == true)
    #expect(Self.notes(tune).count == 3)
    #expect(diagnostics.allSatisfy { !$0.description.contains("\u{1B}") })
  }

  @Test func pilesOnOneNoteAreCut() {
    let cases: [(String, String)] = [
      (String(repeating: "!trill!", count: 1000) + "A|", "decorations and annotations on one note"),
      (String(repeating: "\"x\"", count: 1000) + "A|", "decorations and annotations on one note"),
      (String(repeating: "(", count: 1000) + "A" + String(repeating: ")", count: 1000), "slurs open at once"),
      (String(repeating: "{g}", count: 1000) + "A|", "grace notes before one note"),
      ("[" + String(repeating: "C", count: 1000) + "]|", "notes in one chord"),
      ("A|\n" + String(repeating: "s:!trill!\n", count: 1000), "decorations and annotations on one note"),
    ]
    for (body, message) in cases {
      let (tune, diagnostics) = Self.parse(Self.header + body + "\n")
      #expect(Self.has(diagnostics, .warning, message), "\(message)")
      guard let note = Self.notes(tune).first else {
        Issue.record("no note for \(message)")
        continue
      }
      #expect(note.decorations.count + note.annotations.count <= Limits.attachmentsPerNote)
      #expect(note.slurStarts.count <= Limits.openSlurs)
      #expect((note.graceNotes?.notes.count ?? 0) <= Limits.graceNotesPerNote)
      #expect(note.heads.count <= Limits.notesPerChord)
    }
  }

  @Test func twentyThousandVersesStayLinear() {
    let text = Self.header + "ABC|\n" + String(repeating: "w:la la la\n", count: 20_000)
    let (tune, diagnostics) = Self.parse(text)
    #expect(Self.has(diagnostics, .warning, "more than \(Limits.versesPerBlock) w: verses"))
    #expect(Self.notes(tune).first?.lyrics.count == Limits.versesPerBlock)
  }

  @Test func macroBombsStopAtTheLineLimit() {
    let replacement = String(repeating: "ABCDEFGH", count: 1000)
    let stat = "X:1\nm: ~ = \(replacement)\nK:C\n" + String(repeating: "~", count: 100_000) + "\n"
    let transposing =
      "X:1\nm: ~n = \(String(repeating: "nopqrstuvw", count: 1000))\nK:C\n"
      + String(repeating: "~c", count: 10_000) + "\n"
    for text in [stat, transposing] {
      let (tune, diagnostics) = Self.parse(text)
      #expect(Self.has(diagnostics, .warning, "past \(Limits.expandedLineLength) characters"))
      #expect(Self.notes(tune).count <= Limits.expandedLineLength)
    }
    var many = "X:1\n"
    for index in 0..<1000 { many += "m: ~\(index) = ABC\n" }
    let (_, diagnostics) = Self.parse(many + "K:C\n~1|\n")
    #expect(
      diagnostics.filter { $0.message.hasPrefix("more than \(Limits.macrosPerTune) macros") }.count == 744)
  }

  @Test func diagnosticsStopAtTheLimitWithASummary() {
    let (_, diagnostics) = Self.parse(Self.header + String(repeating: "^|", count: 20_000) + "\n")
    #expect(diagnostics.count == Limits.diagnosticsPerFile + 1)
    let last = diagnostics.last
    #expect(last?.severity == .error)
    #expect(last?.message.hasPrefix("too many problems:") == true)
  }

  @Test func exactTimeNeverOverflows() {
    // Durations over distinct primes: the exact running time overflows Int.
    let primes = [4093, 4091, 4079, 4073, 4057, 4051, 4049, 4027, 4021, 4019, 4013, 4007, 4003]
    let body = primes.map { "A/\($0) (61:59:1B" }.joined(separator: " ") + "|\n"
    let (tune, _) = Self.parse(Self.header + body)
    #expect(Self.notes(tune).count == 2 * primes.count)
  }

  @Test func absurdOctavesAreClamped() {
    let (tune, diagnostics) = Self.parse(
      Self.header + "c" + String(repeating: "'", count: 100) + " C" + String(repeating: ",", count: 100)
        + "|\n")
    #expect(Self.has(diagnostics, .warning, "octave out of range"))
    #expect(
      Self.notes(tune).map { $0.heads[0].pitch.octave } == [
        Limits.octaves.upperBound, Limits.octaves.lowerBound,
      ])
  }

  @Test func extremeVoiceParametersAreReportedNotTrapped() {
    let (tune, diagnostics) = Self.parse(
      "X:1\nL:1/8\nV:1 transpose=-9223372036854775808 octave=-9223372036854775808 stafflines=99999999999\nK:C\nA|\n"
    )
    #expect(Self.has(diagnostics, .warning, "bad transpose= value"))
    #expect(Self.has(diagnostics, .warning, "bad octave= value"))
    #expect(Self.has(diagnostics, .warning, "bad stafflines= value"))
    #expect(tune?.voices.first?.transpose == 0)
  }

  @Test func absurdTemposAreCut() {
    let beats = String(repeating: "1/4 ", count: 100)
    let (tune, diagnostics) = Self.parse("X:1\nQ:\(beats)=99999999\nL:1/8\nK:C\nABC|\n")
    #expect(Self.has(diagnostics, .warning, "more than \(Limits.tempoRate) beats per minute"))
    #expect(Self.has(diagnostics, .warning, "more than \(Limits.tempoBeats) beat lengths"))
    #expect(tune?.tempo?.beatsPerMinute == Limits.tempoRate)
    #expect(tune?.tempo?.beats.count == Limits.tempoBeats)
  }

  @Test func aMegabyteOfRandomBytesParsesQuickly() {
    var generator = SplitMix64(state: 1_048_576)
    let bytes = (0..<(1 << 20)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let (_, diagnostics) = Self.parse(String(decoding: bytes, as: UTF8.self), seconds: 15)
    #expect(!diagnostics.isEmpty)
    #expect(diagnostics.count <= Limits.diagnosticsPerFile + 1)
  }
}
