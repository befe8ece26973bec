import ABCParser
import ScoreModel
import Testing

@Suite struct LineBreakAndFieldTests {
  private func breakCount(_ body: String, header: String = "L:1/8\nK:C") -> Int {
    Parse.elements(body, header: header).filter { if case .lineBreak = $0 { true } else { false } }.count
  }

  @Test func eachMusicLineEndsWithABreak() {
    #expect(breakCount("AB|\ncd|\nef|") == 3)
  }

  @Test func backslashContinuesTheLine() {
    #expect(breakCount("AB|\\\ncd| \\  % comment\nef|") == 1)
  }

  @Test func dollarBreaksByDefault() {
    #expect(breakCount("AB|$cd|") == 2)
  }

  @Test func linebreakDollarOnly() {
    #expect(breakCount("AB|$cd|\nef|", header: "I:linebreak $\nL:1/8\nK:C") == 1)
    #expect(breakCount("AB|$cd|\nef|", header: "%%linebreak $\nL:1/8\nK:C") == 1)
  }

  @Test func linebreakBang() {
    let (tune, diagnostics) = Parse.tune("AB|!cd|\nef|", header: "I:linebreak !\nL:1/8\nK:C")
    #expect(diagnostics.isEmpty)
    let breaks = tune?.voices.first?.elements.filter { if case .lineBreak = $0 { true } else { false } }
    #expect(breaks?.count == 1)
  }

  @Test func bareBangBreaksMakeLineEndsNoBreaks() {
    // ABC 2.0 / abc2win: the `!` breaks; the wrapped source lines do not.
    #expect(breakCount("GABc|dedB|\nc2ec|B2dB!|c2A2|\nA2BA:|!|:d2gf|") == 2)
    #expect(breakCount("AB|!cd|\nef|\ngA|") == 1)
    // Decorations and mistyped decorations are no breaks: line ends break as usual.
    #expect(breakCount("!trill!AB|\ncd|\nef|") == 3)
    #expect(breakCount("AB !fermat:a!x|\ncd|") == 2)
    // ABC 2.1 reading keeps the line ends.
    let strict = ABCParser.parse("%abc-2.1\n\nX:1\nL:1/8\nK:C\nAB|!cd|\nef|\n").tunebook.tunes.first
    #expect(
      strict?.voices.first?.elements.filter { if case .lineBreak = $0 { true } else { false } }.count == 3)
  }

  @Test func linebreakNoneInFileHeader() {
    let (book, _) = Parse.book("I:linebreak <none>\n\nX:1\nK:C\nAB|$cd|\nef|\n")
    #expect(
      book.tunes.first?.voices.first?.elements.contains { if case .lineBreak = $0 { true } else { false } }
        == false)
  }

  @Test func inlineFields() {
    let elements = Parse.elements("A[K:D]F[M:3/4]G[L:1/4]c[K:clef=bass]C", header: "M:4/4\nL:1/8\nK:C")
    let summary = elements.map(ScoreDumperProbe.kind)
    #expect(summary == ["note", "key", "note", "meter", "note", "note", "clef", "note", "break"])
    if case .keyChange(let key, _) = elements[1] { #expect(key.fifths == 2) }
    if case .note(let note) = elements[2] { #expect(note.heads[0].soundingAlter == 1) }
    if case .meterChange(let meter, _) = elements[3] {
      #expect(meter == .fraction(numerators: [3], denominator: 4))
    }
    if case .note(let note) = elements[5] { #expect(note.duration == Rational(1, 4)) }
    if case .clefChange(let clef, _) = elements[6] { #expect(clef == .bass) }
  }

  @Test func bodyFieldLines() {
    let elements = Parse.elements(
      "A\nK:Bb\nB\nM:6/8\nL:1/4\nc\nT:Section B\nw:la la\nd", header: "L:1/8\nK:C")
    let summary = elements.map(ScoreDumperProbe.kind)
    #expect(
      summary == [
        "note", "break", "key", "note", "break", "meter", "note", "break", "title", "note", "break",
      ])
    if case .note(let note) = elements[3] { #expect(note.heads[0].soundingAlter == -1) }
    if case .note(let note) = elements[6] { #expect(note.duration == Rational(1, 4)) }
  }

  @Test func bodyMeterDoesNotChangeTheUnitLength() {
    let notes = Parse.notes("A\nM:2/4\nA", header: "M:4/4\nK:C")
    #expect(notes.map(\.duration) == [Rational(1, 8), Rational(1, 8)])
  }
}

/// Names element kinds for compact assertions.
enum ScoreDumperProbe {
  static func kind(_ element: VoiceElement) -> String {
    switch element {
    case .note: "note"
    case .rest: "rest"
    case .bar: "bar"
    case .keyChange: "key"
    case .meterChange: "meter"
    case .clefChange: "clef"
    case .lineBreak: "break"
    case .tupletStart: "tuplet"
    case .tempoChange: "tempo"
    case .partLabel: "part"
    case .sectionTitle: "title"
    case .spacer: "spacer"
    }
  }
}
