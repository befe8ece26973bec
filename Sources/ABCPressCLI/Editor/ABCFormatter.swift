import ABCParser
import ScoreModel

/*
 ABCFormatter — the editor's "format document": header fields in the customary order and
 one space around every bar line.

 Method. Headers: the lines from `X:` to `K:` are cut into units — a field with its `+:`
 continuations, and the comments and `%%` lines just above it — and the units are put in
 the order X, T, C, O, A, R, M, L, Q, P, Z, N, G, H, B, D, F, S, I, U, m, V, K (a stable
 sort: titles, voices and instructions keep their order among themselves). Bars: the bar
 lines the parser found (their exact columns, endings included, so a `|` inside a chord
 symbol, a decoration or a lyric line is never touched) get one space on each side, except
 at the start or end of a line and where a chord symbol or decoration is written against
 the bar (it belongs to it). Spaces next to a bar never change beaming, so the music is
 the same; a tune the parser reports errors in is left alone.

     X:1\nK:G\nM:6/8\nT:Jig      →  X:1\nT:Jig\nM:6/8\nK:G
     |:GAB c2d|e2d|             →  |: GAB c2d | e2d |

 Limits. Only whole tunes are formatted; the file header and free text are kept as written.
 */

/// Rewrites a document's tunes in a normal form that reads the same.
enum ABCFormatter {
  static let fieldOrder = Array("XTCOARMLQPZNGHBDFSIUmVK")

  /// The formatted lines of `lines` (the same count), given the document's analysis.
  static func format(lines: some DocumentLines, analysis: DocumentAnalysis) -> [String] {
    var result = (1...max(lines.lineCount, 1)).map { $0 <= lines.lineCount ? String(lines.line($0)) : "" }
    edits(lines, analysis: analysis) { result[$0 - 1] = $1 }
    return result
  }

  /// The lines formatting changes, in order, as (1-based line, new text): one tune parsed
  /// at a time, so memory holds one tune whatever the document's length.
  static func edits(_ lines: some DocumentLines, analysis: DocumentAnalysis, _ emit: (Int, String) -> Void) {
    for tune in analysis.tunes where tune.endLine <= lines.lineCount {
      guard let source = analysis.source(of: tune, in: lines) else { continue }
      let parsed = source.parse()
      guard let model = parsed.tune, !parsed.diagnostics.contains(where: { $0.severity == .error }) else {
        continue
      }
      let headerEnd =
        (tune.startLine...tune.endLine).first { lines.line($0).hasPrefix("K:") } ?? tune.startLine
      let original = (tune.startLine...headerEnd).map { String(lines.line($0)) }
      for (offset, line) in orderedHeader(original).enumerated() where line != original[offset] {
        emit(tune.startLine + offset, line)
      }
      var bars: [Int: [SourceRange]] = [:]
      for voice in model.voices {
        for element in voice.elements {
          if case .bar(let bar) = element, bar.range.start.line == bar.range.end.line,
            bar.range.start.line > headerEnd, bar.range.start.line <= tune.endLine
          {
            bars[bar.range.start.line, default: []].append(bar.range)
          }
        }
      }
      for number in bars.keys.sorted() {
        let line = String(lines.line(number))
        let spacedLine = spaced(line, bars: bars[number] ?? [])
        if spacedLine != line { emit(number, spacedLine) }
      }
    }
  }

  /// Header lines in the customary field order (see the file's comment).
  static func orderedHeader(_ lines: [String]) -> [String] {
    var units: [(rank: Int, lines: [String])] = []
    var pending: [String] = []
    for line in lines {
      let scalars = Array(line.unicodeScalars)
      if scalars.count >= 2, scalars[1] == ":", scalars[0] != "+", scalars[0] != "%" {
        let letter = Character(scalars[0])
        let rank = fieldOrder.firstIndex(of: letter) ?? fieldOrder.firstIndex(of: "I")!
        units.append((rank, pending + [line]))
        pending = []
      } else if line.hasPrefix("+:"), !units.isEmpty, pending.isEmpty {
        units[units.count - 1].lines.append(line)
      } else {
        pending.append(line)
      }
    }
    // The first unit is the X: line; anything unusual keeps the header as written.
    guard let first = units.first, first.rank == 0, pending.isEmpty else { return lines }
    let sorted = units.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
    return sorted.flatMap(\.element.lines)
  }

  /// `line` with one space on each side of the bar lines at `bars` (1-based columns).
  static func spaced(_ line: String, bars: [SourceRange]) -> String {
    var scalars = Array(line.unicodeScalars)
    // From the right, so earlier columns stay valid.
    for bar in bars.sorted(by: { $0.start.column > $1.start.column }) {
      let start = bar.start.column - 1
      let end = bar.end.column - 1
      // A bar written inside a macro's replacement points at the macro call: not a bar here.
      guard start >= 0, end <= scalars.count, start < end, "|:[.".unicodeScalars.contains(scalars[start])
      else { continue }
      // After: one space before what follows (nothing at the end of the line or a comment).
      var after = end
      while after < scalars.count, scalars[after] == " " || scalars[after] == "\t" { after += 1 }
      if after < scalars.count, scalars[after] != "%", scalars[after] != "\\" {
        scalars.replaceSubrange(end..<after, with: [" "])
      } else if after == scalars.count {
        scalars.removeSubrange(end..<after)
      }
      // Before: one space after what precedes, unless it is attached to the bar.
      var before = start
      while before > 0, scalars[before - 1] == " " || scalars[before - 1] == "\t" { before -= 1 }
      guard before > 0 else {
        continue
      }
      let previous = scalars[before - 1]
      guard previous != "\"", previous != "!", previous != "+", previous != "." else { continue }
      scalars.replaceSubrange(before..<start, with: [" "])
    }
    return String(String.UnicodeScalarView(scalars))
  }
}
