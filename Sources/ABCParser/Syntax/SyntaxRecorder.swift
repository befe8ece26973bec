import ScoreModel

/// Collects the tokens of a parse that asked for them (`ABCParser.syntaxTokens`); off in
/// ordinary parsing, where the parser holds none.
final class SyntaxRecorder {
  private(set) var tokens: [SyntaxToken] = []

  /// Records `kind` over the scalars `start..<end` of `line` (in written columns, so a
  /// macro's expansion marks the macro as written).
  func record(_ kind: SyntaxToken.Kind, in line: SourceLine, from start: Int, to end: Int) {
    guard end > start else { return }
    let range = line.range(from: start, to: end)
    guard range.end.line == range.start.line, range.end.column > range.start.column else { return }
    tokens.append(
      SyntaxToken(line: range.start.line, start: range.start.column, end: range.end.column, kind: kind))
  }

  /// Records a whole line that is not music: a comment, a directive, a field (label and
  /// value), or free text; and a `%` comment after the code of any line.
  func recordLine(_ line: SourceLine, as kind: LineKind, outsideTunes: Bool = false) {
    switch kind {
    case .empty: return
    case .comment: record(.comment, in: line, from: 0, to: line.scalars.count)
    case .directive: record(.directive, in: line, from: 0, to: line.scalars.count)
    case .field(let label, let valueStart):
      record(.field, in: line, from: 0, to: valueStart)
      record(label == "w" || label == "W" ? .lyrics : .value, in: line, from: valueStart, to: line.codeEnd)
      recordComment(line)
    case .music:
      if outsideTunes {
        record(.text, in: line, from: 0, to: line.scalars.count)
      }
    }
  }

  /// Records the `%` comment after a line's code, if it has one.
  func recordComment(_ line: SourceLine) {
    record(.comment, in: line, from: line.codeEnd, to: line.scalars.count)
  }

  /// The tokens in source order, each column in at most one (where a macro's expansion
  /// recorded several over the same written text, the first stays; of two starting
  /// together, the longer).
  func sorted() -> [SyntaxToken] {
    let ordered = tokens.sorted { ($0.line, $0.start, $1.end) < ($1.line, $1.start, $0.end) }
    var kept: [SyntaxToken] = []
    kept.reserveCapacity(ordered.count)
    for token in ordered {
      if let last = kept.last, last.line == token.line, token.start < last.end { continue }
      kept.append(token)
    }
    return kept
  }
}
