/*
 TuneSelection — which tunes of the inputs a run takes: `--select` and `--shard`.

 Method. `--select` is a comma-separated list; an item of digits is an X: number, `A-B` a
 range of them (`-B` from the start, `A-` to the end), anything else a title pattern:
 case-insensitive, `*` any run of characters and `?` one, matching anywhere in the first
 title unless it holds a wildcard (then the whole title). A tune is selected when any item
 matches. `--shard I/N` keeps every N-th selected tune starting with the I-th (1-based),
 counting in input order, so N runs with I = 1 … N share the tunes without overlap and
 together cover them — the same whatever `-j` or machine.

     --select 1-5,9,'*reel*'   --shard 2/4   (tunes 2, 6, 10 … of those selected)

 Limits. Titles are matched as written in the `T:` line (escapes such as `\'e` are not
 decoded first); the number is the `X:` as written.
 */

import Foundation

/// The tunes a run takes, by X: number, title and shard.
struct TuneSelection: Sendable, Equatable {
  enum Item: Sendable, Equatable {
    case numbers(ClosedRange<Int>)
    case title(String)
  }

  var items: [Item] = []
  /// `--shard I/N`: this run's index (0-based) and the number of shards.
  var shard: (index: Int, count: Int)?

  static func == (lhs: TuneSelection, rhs: TuneSelection) -> Bool {
    lhs.items == rhs.items && lhs.shard?.index == rhs.shard?.index && lhs.shard?.count == rhs.shard?.count
  }

  /// True when the selection takes every tune.
  var takesAll: Bool { items.isEmpty && shard == nil }

  init() {}

  /// Reads `--select` and `--shard` values; a malformed one is a usage error.
  init(select: String?, shard: String?) throws {
    if let select {
      for (item, quoted) in Self.items(select) where !item.isEmpty {
        items.append(quoted ? .title(item.lowercased()) : try Self.item(item))
      }
      guard !items.isEmpty else {
        throw UsageError("--select needs X: numbers, ranges or a title, got '\(select)'")
      }
    }
    if let shard {
      let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
        count <= 1_000_000,
        (1...count).contains(index)
      else {
        throw UsageError("--shard needs I/N with 1 ≤ I ≤ N (e.g. 2/8), got '\(shard)'")
      }
      self.shard = (index - 1, count)
    }
  }

  /// The comma-separated items of a list; an item in single or double quotes is a title
  /// (commas inside kept: `'Kesh, The'`), its quotes taken off.
  static func items(_ list: String) -> [(text: String, quoted: Bool)] {
    var items: [(text: String, quoted: Bool)] = []
    var current = ""
    var quote: Character?
    var wasQuoted = false
    for character in list {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "'" || character == "\"",
        current.trimmingCharacters(in: .whitespaces).isEmpty
      {
        quote = character
        wasQuoted = true
        current = ""
      } else if character == "," {
        items.append((wasQuoted ? current : current.trimmingCharacters(in: .whitespaces), wasQuoted))
        current = ""
        wasQuoted = false
      } else if !(wasQuoted && character == " ") {
        current.append(character)
      }
    }
    items.append((wasQuoted ? current : current.trimmingCharacters(in: .whitespaces), wasQuoted))
    return items
  }

  private static func item(_ text: String) throws -> Item {
    let isNumeric =
      text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") } && text.contains(where: \.isNumber)
    guard isNumeric else { return .title(text.lowercased()) }
    let bounds = text.split(separator: "-", omittingEmptySubsequences: false)
    switch bounds.count {
    case 1:
      guard let number = Int(text) else { break }
      return .numbers(number...number)
    case 2:
      let low = bounds[0].isEmpty ? Int.min : Int(bounds[0])
      let high = bounds[1].isEmpty ? Int.max : Int(bounds[1])
      guard let low, let high, low <= high else { break }
      return .numbers(low...high)
    default: break
    }
    throw UsageError("--select: '\(text)' is not an X: number or a range like 3-7")
  }

  /// Whether the selection (not the shard) takes a tune.
  func selects(referenceNumber: Int?, title: String?) -> Bool {
    guard !items.isEmpty else { return true }
    return items.contains { item in
      switch item {
      case .numbers(let range): referenceNumber.map(range.contains) ?? false
      case .title(let pattern): title.map { Self.matches(pattern, $0.lowercased()) } ?? false
      }
    }
  }

  /// Whether the shard takes the `ordinal`-th selected tune (1-based).
  func shardTakes(_ ordinal: Int) -> Bool {
    guard let shard else { return true }
    return (ordinal - 1) % shard.count == shard.index
  }

  /// `*`/`?` wildcards over the whole title; plain text anywhere in it.
  static func matches(_ pattern: String, _ title: String) -> Bool {
    guard pattern.contains("*") || pattern.contains("?") else { return title.contains(pattern) }
    let p = Array(pattern)
    let t = Array(title)
    var (i, j, star, mark) = (0, 0, -1, 0)
    while j < t.count {
      if i < p.count && (p[i] == "?" || p[i] == t[j]) {
        i += 1
        j += 1
      } else if i < p.count && p[i] == "*" {
        star = i
        mark = j
        i += 1
      } else if star >= 0 {
        i = star + 1
        mark += 1
        j = mark
      } else {
        return false
      }
    }
    while i < p.count && p[i] == "*" { i += 1 }
    return i == p.count
  }
}
