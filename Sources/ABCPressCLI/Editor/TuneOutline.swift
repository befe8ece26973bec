import ABCParser
import ScoreModel

/// A document's tunes as editor symbols, and where its macros, user symbols and parts are
/// defined (go to definition).
enum TuneOutline {
  /// One symbol per tune: "X:12 The Kesh", spanning the tune's lines (1-based).
  static func symbols(_ analysis: DocumentAnalysis) -> [(
    name: String, detail: String, lines: ClosedRange<Int>
  )] {
    analysis.tunes.map { entry in
      let number = entry.referenceNumber.map { "X:\($0)" } ?? "X:"
      let title = entry.firstTitle ?? "(untitled)"
      return (
        number + " " + title, "lines \(entry.startLine)–\(entry.endLine)", entry.startLine...entry.endLine
      )
    }
  }

  /// Where the word at `column` (1-based) of line `lineNumber` is defined, as a 1-based
  /// line and column: a `P:` part named in the header's play order (its `P:` in the body),
  /// a macro (`m:`) or a user symbol (`U:`) used in the music.
  static func definition(lines: some DocumentLines, lineNumber: Int, column: Int, analysis: DocumentAnalysis)
    -> (line: Int, column: Int)?
  {
    guard lineNumber >= 1, lineNumber <= lines.lineCount else { return nil }
    let line = Array(lines.line(lineNumber).unicodeScalars)
    guard column >= 1, column <= line.count else { return nil }
    let here = line[column - 1]
    // The scope: the tune the line is in, and the file header (lines before the first tune).
    let tune = analysis.tune(atLine: lineNumber)
    let firstTune = analysis.firstTuneLine ?? lines.lineCount + 1
    var scope = Array(1..<min(firstTune, lines.lineCount + 1))
    if let tune { scope += Array(tune.startLine...min(tune.endLine, lines.lineCount)) }
    func text(_ number: Int) -> [Unicode.Scalar] { Array(lines.line(number).unicodeScalars) }

    if line.starts(with: ["P", ":"]), let tune, here.properties.isAlphabetic {
      // A part of the play order: its P: line (or [P:…] field) in the tune's body.
      for number in tune.startLine...min(tune.endLine, lines.lineCount) where number != lineNumber {
        let other = text(number)
        if other.starts(with: ["P", ":"]), other.dropFirst(2).first(where: { $0 != " " }) == here {
          return (number, 1)
        }
        if let index = find(["[", "P", ":", here], in: other) { return (number, index + 1) }
      }
      return nil
    }
    for number in scope {
      let other = text(number)
      guard other.count > 2, other[1] == ":", other[0] == "m" || other[0] == "U" else { continue }
      guard let equals = other.firstIndex(of: "=") else { continue }
      let name = Array(other[2..<equals]).filter { $0 != " " && $0 != "\t" }
      guard !name.isEmpty else { continue }
      // Every place the name stands on the line: is the cursor inside one of them?
      var start = 0
      while start + name.count <= line.count {
        if Array(line[start..<start + name.count]) == name, start < column, column <= start + name.count,
          !(lineNumber == number)
        {
          return (number, 1)
        }
        start += 1
      }
    }
    return nil
  }

  private static func find(_ needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where Array(haystack[start..<start + needle.count]) == needle {
      return start
    }
    return nil
  }
}
