import ScoreModel

/// One physical line of ABC source as Unicode scalars, with its comment already cut off.
///
/// Columns are 1-based and count Unicode scalars, matching `SourceLocation`.
struct SourceLine: Sendable {
  /// The 1-based line number in the file.
  let number: Int
  /// Every scalar of the line, without the line terminator.
  let scalars: [Unicode.Scalar]
  /// Index one past the last scalar that is code (a `%` comment starts here).
  let codeEnd: Int

  init(number: Int, scalars: [Unicode.Scalar]) {
    self.number = number
    self.scalars = scalars
    self.codeEnd = CommentStripper.codeEnd(of: scalars)
  }

  /// The location of the scalar at `index` (0-based).
  func location(at index: Int) -> SourceLocation {
    SourceLocation(line: number, column: index + 1)
  }

  /// The range from scalar `start` up to `end` (0-based, half open).
  func range(from start: Int, to end: Int) -> SourceRange {
    SourceRange(start: location(at: start), end: location(at: max(start, end)))
  }

  /// The range of the whole line.
  var fullRange: SourceRange { range(from: 0, to: scalars.count) }

  /// The text of scalars `start..<end`, clamped to the line.
  func text(from start: Int, to end: Int) -> String {
    let lower = min(max(start, 0), scalars.count)
    let upper = min(max(end, lower), scalars.count)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(upper - lower)
    for scalar in scalars[lower..<upper] {
      if scalar.value < 128 {
        bytes.append(UInt8(scalar.value))
      } else {
        UTF8.encode(scalar) { bytes.append($0) }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The code part of the line (comment removed).
  var code: String { text(from: 0, to: codeEnd) }

  /// True when the line holds only whitespace (an empty line ends a tune).
  var isBlank: Bool { scalars.allSatisfy { $0.isABCWhitespace } }

  /// True when the line has no code at all once the comment is cut off.
  var isCodeBlank: Bool { scalars[0..<codeEnd].allSatisfy { $0.isABCWhitespace } }

  /// True when the line starts with `%%` (a stylesheet directive).
  var isDirective: Bool {
    scalars.count >= 2 && scalars[0] == "%" && scalars[1] == "%"
  }

  /// Splits text into lines at `\n`, `\r\n` or `\r`.
  static func split(_ text: String) -> [SourceLine] {
    var lines: [SourceLine] = []
    var current: [Unicode.Scalar] = []
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" && previousWasCR {
        previousWasCR = false
        continue
      }
      previousWasCR = scalar == "\r"
      if scalar == "\n" || scalar == "\r" {
        lines.append(SourceLine(number: lines.count + 1, scalars: current))
        current.removeAll(keepingCapacity: true)
      } else {
        current.append(scalar)
      }
    }
    if !current.isEmpty {
      lines.append(SourceLine(number: lines.count + 1, scalars: current))
    }
    return lines
  }
}
