import ScoreModel

/// Checks a header `P:` play order: `P:ABAB`, `P:A2B`, `P:(AB)3`, `P:A.B.C`.
///
/// Grammar: `order := item*`, `item := (letter | '(' order ')') digits?`, with spaces
/// and `.` allowed between items. Method: a recursive descent over the scalars with a
/// depth counter; the first problem (an unexpected character, a `)` without `(`, an
/// unclosed `(`) is reported as a warning and the order is kept as text.
///
/// Example: `P:(AB)2C` is fine; `P:A(B` → warning "unclosed '(' in P:".
enum PartsParser {
  /// Reports the first syntax problem of the play order `scanner` covers.
  static func validate(_ scanner: LineScanner, diagnostics: DiagnosticCollector) {
    var scanner = scanner
    var depth = 0
    var openPositions: [Int] = []
    var sawItem = false
    while let scalar = scanner.peek() {
      let start = scanner.position
      scanner.advance()
      switch scalar {
      case "A"..."Z":
        sawItem = true
        _ = scanner.readNumber()
      case "(":
        depth += 1
        openPositions.append(start)
      case ")":
        guard depth > 0 else {
          diagnostics.warning("')' without '(' in P: play order", at: scanner.range(from: start))
          return
        }
        depth -= 1
        openPositions.removeLast()
        _ = scanner.readNumber()
      case " ", "\t", ".":
        continue
      default:
        diagnostics.warning(
          "unexpected '\(Character(scalar))' in P: play order; expected part letters A–Z, '(' ')' and repeat counts",
          at: scanner.range(from: start))
        return
      }
    }
    if let open = openPositions.last {
      diagnostics.warning("unclosed '(' in P: play order", at: scanner.line.range(from: open, to: open + 1))
    } else if !sawItem {
      diagnostics.warning("empty P: play order", at: SourceRange(scanner.location))
    }
  }
}
