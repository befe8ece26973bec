import ABCParser
import Foundation
import ScoreModel
import Testing

/// `I:abc-include FILE`: the caller's resolver supplies the text; cycles and missing
/// files are reported.
@Suite struct IncludeTests {
  /// A resolver over an in-memory set of files.
  static func resolver(_ files: [String: String]) -> ABCParser.IncludeResolver {
    { name, _ in files[name].map { .file(path: name, text: $0) } ?? .refused("file not found or unreadable") }
  }

  @Test func includedLinesAreReadInPlace() {
    let resolver = Self.resolver(["head.abc": "M:3/4\nL:1/4"])
    let (book, diagnostics) = ABCParser.parse(
      "X:1\nT:Waltz\nI:abc-include head.abc\nK:D\nDEF|\n", file: "main.abc", includeResolver: resolver)
    #expect(diagnostics.isEmpty)
    let tune = book.tunes.first
    #expect(tune?.initialMeter == .fraction(numerators: [3], denominator: 4))
    #expect(tune?.voices.first?.elements.first?.duration == Rational(1, 4))
  }

  @Test func directiveFormAndFileHeaderIncludeWholeTunes() {
    let resolver = Self.resolver(["tunes.abc": "X:1\nT:A\nK:C\nC|\n\nX:2\nT:B\nK:C\nD|\n"])
    let (book, diagnostics) = ABCParser.parse(
      "%%abc-include tunes.abc\n\nX:3\nT:C\nK:C\nE|\n", includeResolver: resolver)
    #expect(diagnostics.isEmpty)
    #expect(book.tunes.map { $0.metadata.titles } == [["A"], ["B"], ["C"]])
  }

  @Test func missingFileIsAWarning() {
    let (book, diagnostics) = ABCParser.parse(
      "X:1\nI:abc-include nowhere.abc\nK:C\nC|\n", includeResolver: Self.resolver([:]))
    #expect(book.tunes.count == 1)
    #expect(diagnostics.map(\.message) == ["cannot include 'nowhere.abc': file not found or unreadable"])
    #expect(diagnostics.first?.range.start.line == 2)
  }

  @Test func cyclesAreCut() {
    let resolver = Self.resolver(["a.abc": "I:abc-include b.abc\nM:6/8", "b.abc": "I:abc-include a.abc"])
    let (book, diagnostics) = ABCParser.parse(
      "X:1\nI:abc-include a.abc\nK:C\nC|\n", file: "main.abc", includeResolver: resolver)
    #expect(book.tunes.first?.initialMeter == .fraction(numerators: [6], denominator: 8))
    #expect(diagnostics.map(\.message) == ["'a.abc' includes itself; include skipped"])
  }

  @Test func withoutAResolverTheIncludeIsOnlyNoted() {
    let (_, diagnostics) = ABCParser.parse("X:1\nI:abc-include a.abc\nK:C\nC|\n")
    #expect(diagnostics.map(\.severity) == [.note])
  }
}

/// The parser's own include bounds, whatever the resolver allows.
@Suite struct IncludeLimitTests {
  @Test func includedTextStopsAtTheTotalBudget() {
    let part = String(repeating: "%", count: Limits.includeFileSize - 10)
    let resolver: ABCParser.IncludeResolver = { name, _ in .file(path: name, text: part) }
    let includes = (0..<5).map { "I:abc-include part\($0).abc" }.joined(separator: "\n")
    let (book, diagnostics) = ABCParser.parse(
      "X:1\n\(includes)\nK:C\nABC|\n", file: "main.abc", includeResolver: resolver)
    #expect(book.tunes.count == 1)
    // Four parts of 4 MB also pass the tune's own size limit, which cuts the tune's text first.
    #expect(
      diagnostics.map(\.message) == [
        "tune longer than \(Limits.maxTuneScalars >> 20) Mi characters; the rest of it is skipped",
        "includes would add more than \(Limits.includeTotalSize >> 20) MB to this file; 'part4.abc' skipped",
      ])
  }

  @Test func aFanOutBombReadsEachFileOnce() {
    let calls = Counter()
    let resolver: ABCParser.IncludeResolver = { name, _ in
      calls.add()
      let level = Int(name.dropFirst().dropLast(4)) ?? 0
      let next = String(repeating: "I:abc-include b\(level + 1).abc\n", count: 10)
      return .file(path: name, text: level < 30 ? next : "M:3/4\n")
    }
    let (book, diagnostics) = ABCParser.parse(
      "X:1\nI:abc-include b0.abc\nK:C\nABC|\n", file: "main.abc", includeResolver: resolver)
    #expect(book.tunes.count == 1)
    #expect(calls.value < 10 * (Limits.includeDepth + 2))
    #expect(diagnostics.contains { $0.message.contains("was already included") })
    #expect(diagnostics.contains { $0.message.contains("nested more than \(Limits.includeDepth) deep") })
  }

  @Test func tooManyIncludeLinesAreCut() {
    let resolver: ABCParser.IncludeResolver = { name, _ in .file(path: name, text: "N:x\n") }
    let includes = (0..<1100).map { "I:abc-include f\($0).abc" }.joined(separator: "\n")
    let (_, diagnostics) = ABCParser.parse(
      "X:1\n\(includes)\nK:C\nABC|\n", file: "main.abc", includeResolver: resolver)
    #expect(diagnostics.count == 1)
    #expect(
      diagnostics.first?.message.hasPrefix("more than \(Limits.includeCount) abc-include lines") == true)
  }
}

/// A thread-safe call counter for resolvers.
final class Counter: @unchecked Sendable {
  private var count = 0
  private let lock = NSLock()
  var value: Int { lock.withLock { count } }
  func add() { lock.withLock { count += 1 } }
}
