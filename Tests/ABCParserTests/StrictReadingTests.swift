import ABCParser
import ScoreModel
import Testing

/// Strict reading warns about ABC 2.1 §10 outdated syntax; loose reading stays silent.
@Suite struct StrictReadingTests {
  /// Parses `text` under strict reading (a `%abc-2.1` line first).
  private func strict(_ marked: String) -> (input: MarkedInput, tune: Tune?, diagnostics: [Diagnostic]) {
    let input = MarkedInput("%abc-2.1\n" + marked)
    let (book, diagnostics) = ABCParser.parse(input.text)
    return (input, book.tunes.first, diagnostics)
  }

  /// Parses `text` without a version line (loose reading).
  private func loose(_ marked: String) -> (tune: Tune?, diagnostics: [Diagnostic]) {
    let (book, diagnostics) = ABCParser.parse(MarkedInput(marked).text)
    return (book.tunes.first, diagnostics)
  }

  private func noteCount(_ tune: Tune?) -> Int {
    tune?.voices.first?.elements.filter { if case .note = $0 { true } else { false } }.count ?? -1
  }

  private func breakCount(_ tune: Tune?) -> Int {
    tune?.voices.first?.elements.filter { if case .lineBreak = $0 { true } else { false } }.count ?? -1
  }

  @Test func areaFieldIsDeprecated() {
    let text = "X:1\n1️⃣A:Donegal\nK:C\nA\n"
    let (input, tune, diagnostics) = strict(text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(diagnostics.first?.severity == .warning)
    #expect(diagnostics.first?.message.contains("§10.1") == true)
    #expect(tune?.metadata.origins == ["Donegal"])
    #expect(loose(text).diagnostics.isEmpty)
  }

  @Test func tempoInUnitNoteLengthsIsDeprecated() {
    let text = "X:1\nQ:1️⃣120\nK:C\nA [Q:2️⃣C=90] B [Q:1/4=100] c\n"
    let (input, tune, diagnostics) = strict(text)
    #expect(diagnostics.map(\.range.start) == [input[1], input[2]])
    #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.message.contains("§10.1") })
    #expect(tune?.tempo?.beatsPerMinute == 120)
    #expect(noteCount(tune) == 3)
    #expect(loose(text).diagnostics.isEmpty)
  }

  @Test func bangLineBreakIsDeprecatedButStillBreaks() {
    let text = "X:1\nK:C\nABC 1️⃣!DEF|GAB2️⃣!\n"
    let (input, tune, diagnostics) = strict(text)
    #expect(diagnostics.map(\.range.start) == [input[1], input[2]])
    #expect(diagnostics.allSatisfy { $0.message.contains("§10.2.1") })
    #expect(noteCount(tune) == 9)
    #expect(breakCount(tune) == 2)  // The `!` in the line and the line end.
  }

  @Test func looseReadingTakesANonDecorationBangAsALineBreak() {
    // ABC 2.1 §12.2: no second `!` before `|[:]`, a space or the line end → a break.
    let (tune, diagnostics) = loose("X:1\nK:C\nABC !DEF|GAB!\n")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(noteCount(tune) == 9)
    #expect(breakCount(tune) == 2)
  }

  @Test func mistypedDecorationWithALaterBangIsStillReported() {
    let input = MarkedInput("X:1\nK:C\nc 1️⃣!fermat:a!B |]\n")
    let (_, diagnostics) = ABCParser.parse(input.text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(diagnostics.first?.message == "unterminated decoration: missing closing '!'")
    // A known decoration name after a lone `!` is a typo too, not a line break.
    let typo = MarkedInput("X:1\nK:C\nA 1️⃣!trill B\n")
    let (_, typoDiagnostics) = ABCParser.parse(typo.text)
    #expect(typoDiagnostics.map(\.range.start) == [typo[1]])
  }

  @Test func plusDecorationsNeedTheDecorationInstruction() {
    let text = "X:1\nK:C\n1️⃣+trill+A !trill!B\n"
    let (input, tune, diagnostics) = strict(text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(diagnostics.first?.message.contains("§10.2.2") == true)
    let decorations = tune?.voices.first?.elements.compactMap {
      if case .note(let note) = $0 { note.decorations.map(\.name) } else { nil }
    }
    #expect(decorations == [["trill"], ["trill"]])
    #expect(loose(text).diagnostics.isEmpty)
  }

  @Test func bangDecorationsUnderThePlusDialectAreReported() {
    let text = "X:1\nI:decoration +\nK:C\n+trill+A 1️⃣!trill!B\n"
    let (input, _, diagnostics) = strict(text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(diagnostics.first?.message.contains("§12.1.2") == true)
    #expect(loose(text).diagnostics.isEmpty)
    // `I:linebreak !` implies `I:decoration +` (§12.1.2): `+…+` is then declared.
    #expect(strict("X:1\nI:linebreak !\nK:C\n+trill+A!B\n").diagnostics.isEmpty)
  }

  @Test func backslashFieldContinuationIsDisallowed() {
    let text = "X:1\nT:A long 1️⃣\\\ntitle\nK:C\nA\n"
    let (input, tune, diagnostics) = strict(text)
    #expect(diagnostics.map(\.range.start) == [input[1]])
    #expect(diagnostics.first?.message.contains("§10.3") == true)
    #expect(tune?.title.hasSuffix("title") == true)
    #expect(loose(text).diagnostics.isEmpty)
  }

  @Test func directivesReplacedIn21AreDeprecated() {
    let text = "X:1\n%%1️⃣continueall true\n%%2️⃣abc-copyright 2011\nI:3️⃣abc-edited-by me\nK:C\nA\n"
    let (input, _, diagnostics) = strict(text)
    #expect(diagnostics.map(\.range.start) == [input[1], input[2], input[3]])
    #expect(diagnostics.allSatisfy { $0.message.contains("§10.4") })
    #expect(loose(text).diagnostics.isEmpty)
  }

  @Test func currentSyntaxIsSilentUnderStrictReading() {
    let text = "X:1\nT:Fine\nO:Donegal\nQ:1/4=120\nK:C\n!trill!A B $ c|\nw:la la\n+:la\n"
    #expect(strict(text).diagnostics.isEmpty)
  }
}
