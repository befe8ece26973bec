import ABCParser
import ScoreModel
import Testing

/// Each input marks with `1️⃣`, `2️⃣` … where a diagnostic must start.
@Suite struct DiagnosticTests {
  /// Marked input, the expected severities in marker order.
  static let cases: [(String, [Severity])] = [
    // Unknown characters, one diagnostic per run.
    ("X:1\nK:C\nAB 1️⃣#* cd 2️⃣; e\n", [.error, .error]),
    // Unterminated string, chord, decoration, grace notes, inline field.
    ("X:1\nK:C\nAB 1️⃣\"Am cd\n", [.error]),
    ("X:1\nK:C\nAB 1️⃣[CEG\n", [.error]),
    ("X:1\nK:C\nAB 1️⃣!trill cd\n", [.warning]),
    ("X:1\nK:C\nAB 1️⃣{gag cd\n", [.error]),
    ("X:1\nK:C\nAB 1️⃣[K:D cd\n", [.error]),
    // Bad lengths.
    ("X:1\nK:C\nA1️⃣0 B2️⃣/0\n", [.error, .error]),
    ("X:1\nK:C\nA1️⃣99999 B\n", [.error]),
    // Notes in the header.
    ("X:1\nT:t\n1️⃣abc\nK:C\n", [.error]),
    // Accidental without a note, tie and broken rhythm with nothing before.
    ("X:1\nK:C\nA 1️⃣^| 2️⃣-B |3️⃣>c\n", [.error, .warning, .warning]),
    // Bad meter, bad unit length and a bad tuplet in the body.
    ("X:1\nK:C\nM:1️⃣x/y\nL:2️⃣0\n3️⃣(0abc\n", [.error, .error, .error]),
    // Unknown field letter.
    ("X:1\nK:C\n1️⃣E:elemskip\nA\n", [.warning]),
    // A second voice is no problem; the bad characters are.
    ("X:1\nV:A\nK:C\nA 1️⃣@@ %\nV:B\nB 2️⃣#\n", [.error, .error]),
  ]

  @Test(arguments: cases)
  func diagnosticsPointAtMarkers(marked: String, severities: [Severity]) {
    let input = MarkedInput(marked)
    let (_, diagnostics) = ABCParser.parse(input.text)
    let expected = (1...max(severities.count, 1)).prefix(severities.count).map { input[$0] }
    #expect(diagnostics.map(\.range.start) == expected, "\(diagnostics)")
    #expect(diagnostics.map(\.severity) == severities)
  }

  @Test func aBarThatDoesNotAddUpIsFine() {
    let (_, diagnostics) = ABCParser.parse("X:1\nM:4/4\nL:1/8\nK:C\nABC|ABCDEFGABC|\n")
    #expect(diagnostics.isEmpty)
  }

  @Test func validConstructsGiveNoDiagnostics() {
    let text = """
      X:1
      T:Everything valid
      M:6/8
      L:1/8
      Q:"Allegro" 3/8=120
      K:Ador clef=treble
      |:"Am"!p!A2B c>d e|{g}f2g (3abc .d~e|[1 [CEA]3- [CEA]2 z:|2 Z2|]
      "^text"u.A vB HC LD MEPF SGTA OB | x2 y z/ z// [K:G] [M:3/4] [L:1/4] G |\\
      !crescendo(!A !crescendo)!B +trill+c ||
      """
    let (book, diagnostics) = ABCParser.parse(text)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(book.tunes.first?.voices.first?.elements.isEmpty == false)
  }
}
