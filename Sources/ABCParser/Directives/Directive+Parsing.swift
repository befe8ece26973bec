import ScoreModel

/// Reading `%%name arguments` lines.
extension Directive {
  /// The directive a `%%` line holds, or nil when the name is empty.
  init?(line: SourceLine) {
    var scanner = LineScanner(line: line, from: 2, to: line.scalars.count)
    scanner.skipWhitespace()
    let name = scanner.read { !$0.isABCWhitespace }
    guard !name.isEmpty else { return nil }
    let arguments = Self.strippingComment(scanner.readRest())
    self.init(name: name, arguments: arguments, range: line.fullRange)
  }

  /// The arguments without a trailing `% comment` (abcm2ps reads `%%staffsep 1cm % wide`
  /// as `1cm`): a `%` after a space or tab, outside quotes and not written `\%`. A `%`
  /// inside a word (`%%text 50% off`) stays.
  static func strippingComment(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var inString = false
    var previous: Character = " "
    var escaped = false
    for index in text.indices {
      let character = text[index]
      defer { previous = character }
      if escaped {
        escaped = false
        continue
      }
      if character == "\\" {
        escaped = true
      } else if character == "\"" {
        inString.toggle()
      } else if character == "%" && !inString && (previous == " " || previous == "\t") {
        return String(text[..<index]).trimmingWhitespace
      }
    }
    return text
  }
}
