import Layout
import ScoreModel

/// One pass over ABC source lines that finds tunes, text blocks and directives between tunes.
struct SourceScan {
  enum Piece {
    /// A tune by its `X:` line, with text blocks found inside it.
    case tune(line: Int, trailing: [TextBlock])
    case block(BookBlock)
    case directive(Directive)
  }

  private(set) var pieces: [Piece] = []

  init(text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
    }
    var tuneLine: Int?
    var inTuneText: [TextBlock] = []
    var index = 0
    func closeTune() {
      if let line = tuneLine { pieces.append(.tune(line: line, trailing: inTuneText)) }
      tuneLine = nil
      inTuneText = []
    }
    while index < lines.count {
      let line = lines[index]
      let number = index + 1
      index += 1
      if line.hasPrefix("X:") {
        closeTune()
        tuneLine = number
        continue
      }
      if line.trimmed.isEmpty {
        closeTune()
        continue
      }
      guard line.hasPrefix("%%") else { continue }
      let body = String(line.dropFirst(2))
      let name = String(body.prefix { !$0.isWhitespace }).lowercased()
      let arguments = String(body.dropFirst(name.count)).trimmed
      var block: BookBlock?
      switch name {
      case "text": block = .text(TextBlock(lines: [TextEscapes.display(arguments)]))
      case "center": block = .text(TextBlock(lines: [TextEscapes.display(arguments)], mode: .center))
      case "begintext":
        var collected: [String] = []
        while index < lines.count, !lines[index].hasPrefix("%%endtext") {
          var text = lines[index]
          if text.hasPrefix("%%") { text = String(text.dropFirst(2)) }
          collected.append(TextEscapes.display(text))
          index += 1
        }
        index += 1
        let mode =
          TextMode(rawValue: arguments.lowercased())
          ?? (arguments.lowercased() == "ragged" ? .fill : .obeylines)
        block = .text(TextBlock(lines: collected, mode: mode))
      case "newpage": if tuneLine == nil { block = .pageBreak }
      case "vskip": if tuneLine == nil { block = StyleValues.length(arguments).map { .space($0) } }
      default:
        if tuneLine == nil {
          let range = SourceRange(SourceLocation(line: number, column: 1))
          pieces.append(.directive(Directive(name: name, arguments: arguments, range: range)))
        }
      }
      guard let block else { continue }
      if tuneLine != nil, case .text(let text) = block {
        inTuneText.append(text)
      } else {
        pieces.append(.block(block))
      }
    }
    closeTune()
  }
}
