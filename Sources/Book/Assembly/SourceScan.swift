import ABCParser
import Layout
import ScoreModel

/// Reads `%%` text and layout directives from source lines, one line at a time.
///
/// Outside tunes, `%%text`, `%%center`, `%%begintext … %%endtext`, `%%newpage` and
/// `%%vskip` become book blocks and every other directive is passed on; inside a tune only
/// the text directives count (its other directives belong to the tune).
struct SourceScan {
  enum Piece {
    case block(BookBlock)
    case directive(Directive)
  }

  /// Whether the lines are a tune's (only text blocks count there).
  let insideTune: Bool
  /// The open `%%begintext` block: its mode and the lines so far.
  private var open: (mode: TextMode, lines: [String])?

  init(insideTune: Bool) {
    self.insideTune = insideTune
  }

  /// The pieces of a tune's `%%` lines (`TuneSource.directiveLines`), as text blocks.
  static func textBlocks(in lines: [SourceText]) -> [TextBlock] {
    var scan = SourceScan(insideTune: true)
    return lines.flatMap { scan.scan($0) }.compactMap { piece in
      if case .block(.text(let block)) = piece { return block }
      return nil
    }
  }

  /// The piece `line` completes, if any.
  mutating func scan(_ source: SourceText) -> [Piece] {
    let line = source.text.hasSuffix("\r") ? String(source.text.dropLast()) : source.text
    if let block = open {
      guard !line.hasPrefix("%%endtext") else {
        open = nil
        return [.block(.text(TextBlock(lines: block.lines, mode: block.mode)))]
      }
      let text = line.hasPrefix("%%") ? String(line.dropFirst(2)) : line
      open?.lines.append(TextTypography.display(text))
      return []
    }
    guard line.hasPrefix("%%") else { return [] }
    let body = String(line.dropFirst(2))
    let name = String(body.prefix { !$0.isWhitespace }).lowercased()
    let arguments = String(body.dropFirst(name.count)).trimmed
    switch name {
    case "text": return [.block(.text(TextBlock(lines: [TextTypography.display(arguments)])))]
    case "center":
      return [.block(.text(TextBlock(lines: [TextTypography.display(arguments)], mode: .center)))]
    case "begintext":
      let mode =
        TextMode(rawValue: arguments.lowercased())
        ?? (arguments.lowercased() == "ragged" ? .fill : .obeylines)
      open = (mode, [])
      return []
    case "endtext": return []
    case "newpage": return insideTune ? [] : [.block(.pageBreak)]
    case "vskip":
      guard !insideTune, let points = StyleValues.length(arguments) else { return [] }
      return [.block(.space(points))]
    default:
      guard !insideTune else { return [] }
      let range = SourceRange(SourceLocation(line: source.line, column: 1))
      return [.directive(Directive(name: name, arguments: arguments, range: range))]
    }
  }

  /// An unterminated `%%begintext` block at the end of the input, as a block.
  mutating func finish() -> [Piece] {
    guard let block = open else { return [] }
    open = nil
    return [.block(.text(TextBlock(lines: block.lines, mode: block.mode)))]
  }
}
