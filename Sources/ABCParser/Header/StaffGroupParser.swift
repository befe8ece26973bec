import ScoreModel

/// Reads `%%score` / `%%staves` into staff groups.
///
/// Syntax: voice ids separated by spaces; `(S A)` puts voices on one staff; `[ … ]`
/// brackets and `{ … }` braces a group of staves; `|` between staves continues the bar
/// lines across the gap. Method: one pass with a small state: the open group (its
/// bracket and staves), the open parenthesis (its voices), and whether a `|` was seen
/// in the group. Each top-level staff outside brackets becomes its own group with
/// `.none`; a top-level `|` after a group sets that group's `barLinesJoin`.
///
/// Example: `%%score [S A] | (T B) {RH LH}` → bracket [[S],[A]] joined; none [[T,B]];
/// brace [[RH],[LH]].
///
/// A bracket or brace inside another (`[{RH LH} Vn]`) is kept as one of the outer group's
/// `inner` groups, over the staves it encloses.
///
/// Known limits: `*` (floating voice) marks are ignored.
enum StaffGroupParser {
  /// The groups, or nil (after a warning) when the value holds no voice.
  static func parse(_ scanner: LineScanner, diagnostics: DiagnosticCollector) -> [StaffGroup]? {
    var scanner = scanner
    var groups: [StaffGroup] = []
    var group: StaffGroup?
    var staff: [String]?
    var closers: [Unicode.Scalar] = []
    /// Where each open nested bracket started among the open group's staves.
    var innerStarts: [(bracket: StaffGroup.Bracket, first: Int)] = []
    /// Adds a finished staff to the open group, or as a group of its own.
    func addStaff(_ voices: [String]) {
      guard !voices.isEmpty else { return }
      if group != nil {
        group?.staves.append(voices)
      } else {
        groups.append(StaffGroup(bracket: .none, staves: [voices]))
      }
    }
    while let scalar = scanner.peek() {
      let start = scanner.position
      switch scalar {
      case " ", "\t", "*":
        scanner.advance()
      case "[", "{":
        scanner.advance()
        let bracket: StaffGroup.Bracket = scalar == "[" ? .bracket : .brace
        if let open = group {
          innerStarts.append((bracket, open.staves.count))
        } else {
          group = StaffGroup(bracket: bracket, staves: [])
        }
        closers.append(scalar == "[" ? "]" : "}")
      case "]", "}":
        scanner.advance()
        guard closers.last == scalar else {
          diagnostics.warning("unbalanced '\(Character(scalar))' in %%score", at: scanner.range(from: start))
          continue
        }
        closers.removeLast()
        if !closers.isEmpty, let inner = innerStarts.popLast(), let open = group,
          open.staves.count > inner.first
        {
          group?.inner.append(
            StaffGroup.Inner(bracket: inner.bracket, staves: inner.first..<open.staves.count))
        }
        if closers.isEmpty, let finished = group {
          groups.append(finished)
          group = nil
        }
      case "(":
        scanner.advance()
        staff = []
      case ")":
        scanner.advance()
        if let voices = staff { addStaff(voices) }
        staff = nil
      case "|":
        scanner.advance()
        if group != nil {
          group?.barLinesJoin = true
        } else if !groups.isEmpty {
          groups[groups.count - 1].barLinesJoin = true
        }
      default:
        let id = scanner.read { !$0.isABCWhitespace && !"[]{}()|*".unicodeScalars.contains($0) }
        if id.isEmpty { scanner.advance() }
        if staff != nil { staff?.append(id) } else { addStaff([id]) }
      }
    }
    if let voices = staff { addStaff(voices) }
    if let open = group {
      diagnostics.warning("unclosed bracket or brace in %%score", at: SourceRange(scanner.location))
      groups.append(open)
    }
    return groups.isEmpty ? nil : groups
  }
}
