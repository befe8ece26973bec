import ScoreModel

/*
 BangLineBreaks — does a tune break its score lines with a bare `!` (ABC 1.6/2.0, abc2win)?

 Method. Before the body is read, one scan over its music lines looks at each `!` outside
 quoted text. As abcm2ps decides (and ABC 2.1 §12.2 describes), a second `!` before the
 next `|`, `[`, `]`, `:`, space or the end of the line makes the pair a decoration, skipped
 whole; a `!` with none is a line break. A `!` followed by a known decoration name, or a
 later `!` ending a name mid-line (`!fermat:a!x`), is a mistyped decoration instead (the
 body parser warns about it), not a break. When a tune
 has one such break, its writer broke lines with `!` and the ends of the source lines are
 not breaks: files of that age wrapped long score lines to fit an editor window.

 Example: `|:GABc dedB|dedB dedB!` + newline + `c2ec B2dB|c2A2 A2BA:|!` is one score line
 per `!`, not per source line (abcm2ps sets it the same way).

 Limits. Only loose reading (no `%abc-2.1`) applies it; an explicit `I:linebreak` wins.
 */

/// Detects `!` used as the score line break, which makes source line ends no breaks.
enum BangLineBreaks {
  /// True when a music line of `lines` holds a `!` that is a line break.
  static func used(in lines: [SourceLine]) -> Bool {
    var inBody = false
    for line in lines {
      switch LineKind.classify(line, inBody: inBody) {
      case .field(let label, _):
        if label == "K" { inBody = true }
      case .music:
        inBody = true
        if line.scalars[..<line.codeEnd].contains("!"), hasBreak(line) { return true }
      case .empty, .comment, .directive:
        continue
      }
    }
    return false
  }

  /// True when `line` holds a bare `!`.
  static func hasBreak(_ line: SourceLine) -> Bool {
    let scalars = line.scalars
    let end = line.codeEnd
    var index = 0
    var inQuote = false
    while index < end {
      let scalar = scalars[index]
      index += 1
      if scalar == "\"" { inQuote.toggle() }
      guard scalar == "!", !inQuote else { continue }
      var probe = index
      while probe < end, !"!|[]: \t".unicodeScalars.contains(scalars[probe]) { probe += 1 }
      if probe < end, scalars[probe] == "!" {
        index = probe + 1  // A decoration `!name!`.
        continue
      }
      let name = String(String.UnicodeScalarView(scalars[index..<probe].prefix { $0.isASCIILetter }))
      if !name.isEmpty,
        DecorationTable.isKnown(DecorationTable.canonical(name))
          || closesMistypedName(scalars, from: index, to: end)
      {
        continue
      }
      return true
    }
    return false
  }

  /// True when a later `!` follows a letter or digit and does not end the line: the end of
  /// a mistyped decoration (`!fermat:a!x`), as the body parser reads it.
  static func closesMistypedName(_ scalars: [Unicode.Scalar], from start: Int, to end: Int) -> Bool {
    var index = start + 1
    while index < end {
      if scalars[index] == "!",
        scalars[index - 1].properties.isAlphabetic || scalars[index - 1].asciiDigit != nil,
        scalars[(index + 1)..<end].contains(where: { !$0.isABCWhitespace })
      {
        return true
      }
      index += 1
    }
    return false
  }
}
