import ScoreModel

/// `m:` macros, expanded in music lines before they are parsed (ABC 2.1 §9).
///
/// Method: a static macro (`m: ~G3 = G{A}G{F}G`) replaces its exact left side. A
/// transposing macro has the letter `n` where a note goes (`m: ~n2 = (3o/n/m/ n`): it
/// matches any note letter with octave marks there, and in the replacement `n` is
/// that note while `h`…`w` are the notes that many steps away (`o` one step up, `m`
/// one step down). Expansion is one left-to-right pass; at each position the longest
/// matching macro wins; quoted strings and `!…!` decorations are copied untouched, and
/// the replacement is not expanded again (so macros cannot recurse).
///
/// Example: with `m: ~n2 = (3o/n/m/ n`, `~c2` → `(3d/c/B/ c`.
///
/// Each scalar of the expanded line remembers the written span it came from (the whole
/// macro call for a replacement), so diagnostics and click-to-source point at what was
/// written. Known limits: accidentals before a transposing macro's note are not moved. A line
/// grows to at most `Limits.expandedLineLength` scalars: past that the rest of the line
/// is copied unexpanded (and the caller reports it), so a macro written a million times
/// cannot build a gigabyte line.
struct MacroTable {
  /// One macro: the left side split at its `n`, and the replacement.
  struct Macro {
    var prefix: [Unicode.Scalar]
    /// The text after `n`, for a transposing macro; nil for a static one.
    var suffix: [Unicode.Scalar]?
    var replacement: [Unicode.Scalar]
  }

  private(set) var macros: [Macro] = []
  /// First scalars of the macros, to skip positions quickly.
  private var firstScalars: Set<Unicode.Scalar> = []

  var isEmpty: Bool { macros.isEmpty }
  /// How many macros are defined.
  var count: Int { macros.count }

  /// Adds a definition `left = right`; returns false when it is malformed.
  mutating func define(_ definition: String) -> Bool {
    let scalars = Array(definition.unicodeScalars)
    guard let equals = scalars.firstIndex(of: "=") else { return false }
    let left = Array(String(String.UnicodeScalarView(scalars[..<equals])).trimmingWhitespace.unicodeScalars)
    let right = Array(
      String(String.UnicodeScalarView(scalars[(equals + 1)...])).trimmingWhitespace.unicodeScalars)
    guard let first = left.first else { return false }
    var macro = Macro(prefix: left, suffix: nil, replacement: right)
    if let n = left.firstIndex(of: "n"), n > 0 {
      macro.prefix = Array(left[..<n])
      macro.suffix = Array(left[(n + 1)...])
    }
    macros.removeAll { $0.prefix == macro.prefix && $0.suffix == macro.suffix }
    macros.append(macro)
    macros.sort { ($0.prefix.count + ($0.suffix?.count ?? 0)) > ($1.prefix.count + ($1.suffix?.count ?? 0)) }
    firstScalars.insert(first)
    return true
  }

  /// The line with macros expanded, or nil when nothing matched: for each scalar, the
  /// span of the written line it came from; `cut` is true when expansion stopped at
  /// `Limits.expandedLineLength`.
  func expand(_ scalars: [Unicode.Scalar]) -> (scalars: [Unicode.Scalar], written: [Range<Int>], cut: Bool)? {
    guard !macros.isEmpty, scalars.contains(where: { firstScalars.contains($0) }) else { return nil }
    var output: [Unicode.Scalar] = []
    var written: [Range<Int>] = []
    output.reserveCapacity(min(scalars.count * 2, Limits.expandedLineLength))
    written.reserveCapacity(output.capacity)
    /// Copies `scalars[range]` as written.
    func copy(_ range: Range<Int>) {
      for index in range {
        output.append(scalars[index])
        written.append(index..<(index + 1))
      }
    }
    var index = 0
    var changed = false
    var quote: Unicode.Scalar?
    let lastBang = scalars.lastIndex(of: "!") ?? -1
    while index < scalars.count {
      let scalar = scalars[index]
      if let open = quote {
        if scalar == open { quote = nil }
        copy(index..<(index + 1))
        index += 1
        continue
      }
      if scalar == "\"" || (scalar == "!" && index < lastBang) {
        quote = scalar
        copy(index..<(index + 1))
        index += 1
        continue
      }
      let budget = Limits.expandedLineLength - output.count
      if firstScalars.contains(scalar), let (text, length) = match(scalars, at: index, budget: budget) {
        guard text.count <= budget else {
          copy(index..<scalars.count)
          return (output, written, true)
        }
        output += text
        written += repeatElement(index..<(index + length), count: text.count)
        index += length
        changed = true
        continue
      }
      copy(index..<(index + 1))
      index += 1
    }
    return changed ? (output, written, false) : nil
  }

  /// The expansion and matched length of the first macro matching at `index`; the
  /// expansion stops growing once it passes `budget` scalars.
  private func match(_ scalars: [Unicode.Scalar], at index: Int, budget: Int) -> ([Unicode.Scalar], Int)? {
    for macro in macros where starts(scalars, at: index, with: macro.prefix) {
      var position = index + macro.prefix.count
      guard let suffix = macro.suffix else { return (macro.replacement, macro.prefix.count) }
      guard position < scalars.count, let base = NoteSpelling(scalars, at: &position),
        starts(scalars, at: position, with: suffix)
      else { continue }
      var text: [Unicode.Scalar] = []
      for scalar in macro.replacement where text.count <= budget {
        if ("h"..."w").contains(scalar) {
          let steps = Int(scalar.value) - Int(("n" as Unicode.Scalar).value)
          text += base.shifted(by: steps).spelling
        } else {
          text.append(scalar)
        }
      }
      return (text, position + suffix.count - index)
    }
    return nil
  }

  /// True when `scalars` holds `pattern` at `index`.
  private func starts(_ scalars: [Unicode.Scalar], at index: Int, with pattern: [Unicode.Scalar]) -> Bool {
    guard index + pattern.count <= scalars.count else { return false }
    for (offset, scalar) in pattern.enumerated() where scalars[index + offset] != scalar { return false }
    return true
  }
}

/// A note letter with octave marks, as a diatonic index, for transposing macros.
struct NoteSpelling {
  var diatonicIndex: Int

  /// Reads `c`, `C,`, `a''` at `position` (advancing it); nil when no note letter is there.
  init?(_ scalars: [Unicode.Scalar], at position: inout Int) {
    let letter = scalars[position]
    guard "ABCDEFGabcdefg".unicodeScalars.contains(letter), let step = Step(abcLetter: letter)
    else { return nil }
    var octave = letter.isASCIILowercase ? 5 : 4
    position += 1
    while position < scalars.count, scalars[position] == "'" || scalars[position] == "," {
      octave += scalars[position] == "'" ? 1 : -1
      position += 1
    }
    diatonicIndex = octave * 7 + step.rawValue
  }

  private init(index: Int) { diatonicIndex = index }

  /// The note `steps` diatonic steps away.
  func shifted(by steps: Int) -> NoteSpelling { NoteSpelling(index: diatonicIndex + steps) }

  /// The ABC spelling: `C`…`B` from octave 4 down with `,`, `c`…`b` from 5 up with `'`.
  var spelling: [Unicode.Scalar] {
    let octave = Int((Double(diatonicIndex) / 7).rounded(.down))
    let step = diatonicIndex - octave * 7
    if octave >= 5 {
      return [Array("cdefgab".unicodeScalars)[step]] + Array(repeating: "'", count: octave - 5)
    }
    return [Array("CDEFGAB".unicodeScalars)[step]] + Array(repeating: ",", count: max(4 - octave, 0))
  }
}
