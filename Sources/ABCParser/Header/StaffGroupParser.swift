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
/// Under `%%staves` bar lines run through every gap a `|` does not part (under `%%score`
/// only where a `|` joins them).
///
/// `*` before a voice in a brace makes it float (abcm2ps): it joins the staff before it
/// and its notes go down to the next staff when they lie low. Under `%%staves` a brace of
/// three single voices floats the middle one (`{a b c}` is `{a *b c}`) and a brace of four
/// puts them on two staves (`{a b c d}` is `{(a b) (c d)}`), as abcm2ps reads them.
enum StaffGroupParser {
  /// The groups, or nil (after a warning) when the value holds no voice.
  static func parse(_ scanner: LineScanner, isStaves: Bool = false, diagnostics: DiagnosticCollector)
    -> [StaffGroup]?
  {
    var scanner = scanner
    var groups: [StaffGroup] = []
    var group: StaffGroup?
    var staff: [String]?
    var closers: [Unicode.Scalar] = []
    /// Where each open nested bracket started among the open group's staves.
    var innerStarts: [(bracket: StaffGroup.Bracket, first: Int)] = []
    /// A `*` was read: the next voice floats.
    var floats = false
    /// `%%staves`: a `|` was read inside the open group.
    var partedInside = false
    /// Adds a finished staff to the open group, or as a group of its own.
    func addStaff(_ voices: [String]) {
      guard !voices.isEmpty else { return }
      if floats, staff == nil, let open = group, open.bracket == .brace,
        let previous = open.staves.indices.last
      {
        // A floating voice shares the staff before it.
        group?.staves[previous] += voices
        group?.floating.formUnion(voices)
        floats = false
        return
      }
      floats = false
      if group != nil {
        group?.staves.append(voices)
      } else {
        var single = StaffGroup(bracket: .none, staves: [voices])
        single.joinsNext = isStaves
        groups.append(single)
      }
    }
    while let scalar = scanner.peek() {
      let start = scanner.position
      switch scalar {
      case " ", "\t":
        scanner.advance()
      case "*":
        scanner.advance()
        floats = true
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
        if closers.isEmpty, var finished = group {
          if isStaves {
            Self.applyStavesBraces(&finished)
            finished.barLinesJoin = !partedInside
            finished.joinsNext = true
            partedInside = false
          }
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
        if isStaves {
          // abcm2ps's `%%staves`: bar lines join everywhere a `|` does not part them.
          if group != nil {
            partedInside = true
          } else if !groups.isEmpty {
            groups[groups.count - 1].joinsNext = false
          }
        } else if group != nil {
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
    if !groups.isEmpty { groups[groups.count - 1].joinsNext = false }
    return groups.isEmpty ? nil : groups
  }

  /// abcm2ps's `%%staves` braces: three single voices float the middle one, four share two
  /// staves in pairs.
  static func applyStavesBraces(_ group: inout StaffGroup) {
    guard group.bracket == .brace, group.inner.isEmpty, group.floating.isEmpty,
      group.staves.allSatisfy({ $0.count == 1 })
    else { return }
    let voices = group.staves.map { $0[0] }
    switch voices.count {
    case 3:
      group.staves = [[voices[0], voices[1]], [voices[2]]]
      group.floating = [voices[1]]
    case 4:
      group.staves = [[voices[0], voices[1]], [voices[2], voices[3]]]
    default:
      break
    }
  }
}
