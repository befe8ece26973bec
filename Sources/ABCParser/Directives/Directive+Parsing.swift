import ScoreModel

/// Reading `%%name arguments` lines.
extension Directive {
  /// The directive a `%%` line holds, or nil when the name is empty.
  init?(line: SourceLine) {
    var scanner = LineScanner(line: line, from: 2, to: line.scalars.count)
    scanner.skipWhitespace()
    let name = scanner.read { !$0.isABCWhitespace }
    guard !name.isEmpty else { return nil }
    let arguments = scanner.readRest()
    self.init(name: name, arguments: arguments, range: line.fullRange)
  }
}
