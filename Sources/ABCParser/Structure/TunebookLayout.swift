/// The coarse shape of a tune book: its file header lines and its tunes' lines.
///
/// Method: one pass over the lines. Lines before the first `X:` belong to the file
/// header region, cut into blocks at empty lines. A block made only of fields,
/// directives and comments is file header; a block with any other line is free text,
/// of which only the `%%` directives are kept. An `X:` line at the start of a
/// line opens a tune, which runs to the next empty line or EOF. An `X:` met inside a
/// tune also closes it (the parser warns), so one tune never swallows the next.
///
/// Example:
///
///     %abc-2.1            ← version line (a comment)
///     M:6/8               ← header field
///     %%scale 0.8         ← header directive
///                         ← empty line ends the file header
///     Some free text      ← ignored
///     X:1                 ← tune 1 …
///     K:G
///     GAB|
///                         ← … ends here
///
/// Lines between `%%beginxxx` and `%%endxxx` (text, SVG, PostScript) are dropped,
/// keeping only the two directive lines; an empty line there does not end a tune.
///
/// Known limits: directives and fields in free text *between* tunes are ignored
/// (abcm2ps would apply them to later tunes).
struct TunebookLayout {
  /// Field and directive lines of the file header, in order.
  var headerLines: [SourceLine] = []
  /// The lines of each tune, each starting with its `X:` line.
  var tunes: [[SourceLine]] = []
  /// Tunes (by index) that were cut short by an `X:` line without an empty line first.
  var unterminatedTunes: Set<Int> = []

  init(lines: [SourceLine]) {
    var current: [SourceLine]?
    var block: [SourceLine] = []
    var blockIsFreeText = false
    var textBlockEnd: String?
    for line in lines {
      // `%%begintext … %%endtext` (and svg, ps, ml …): opaque, may hold empty lines.
      if let end = textBlockEnd {
        if line.isDirective, line.code.hasPrefix(end) {
          textBlockEnd = nil
          current?.append(line)
        }
        continue
      }
      if line.isDirective, let name = Self.blockName(line) {
        textBlockEnd = "%%end" + name
      }
      let kind = LineKind.classify(line)
      if case .field(let label, _) = kind, label == "X" {
        flush(block, isFreeText: blockIsFreeText)
        block = []
        if let open = current {
          unterminatedTunes.insert(tunes.count)
          tunes.append(open)
        }
        current = [line]
        continue
      }
      if current != nil {
        if kind == .empty {
          if let open = current { tunes.append(open) }
          current = nil
        } else {
          current?.append(line)
        }
        continue
      }
      // Outside tunes: the file header region and free text.
      if !tunes.isEmpty { continue }
      switch kind {
      case .empty:
        flush(block, isFreeText: blockIsFreeText)
        block = []
        blockIsFreeText = false
      case .directive, .field: block.append(line)
      case .music: blockIsFreeText = true
      case .comment: break
      }
    }
    flush(block, isFreeText: blockIsFreeText)
    if let open = current { tunes.append(open) }
  }

  /// The `xxx` of a `%%beginxxx` line.
  static func blockName(_ line: SourceLine) -> String? {
    let code = line.code
    guard code.hasPrefix("%%begin") else { return nil }
    let name = code.dropFirst(7).prefix { $0.isLetter }
    return name.isEmpty ? nil : String(name)
  }

  /// Adds a finished block of the header region to `headerLines`.
  private mutating func flush(_ block: [SourceLine], isFreeText: Bool) {
    guard tunes.isEmpty else { return }
    headerLines += isFreeText ? block.filter(\.isDirective) : block
  }
}
