import Synchronization

/// A glyph's SMuFL name or a music font's family as a small number: within a process the
/// same text is always the same number, so a `GlyphShape` holds plain values only.
///
/// A display list holds tens of thousands of glyphs, copied as they are placed and freed
/// with their pages; with the two names as strings, each copy and each release of a glyph
/// was two reference counts. The names live in a table kept for the process (`NameTable`);
/// a number is its row. Reading a name takes no lock: a row is written once, before its
/// number is handed out.
public struct InternedName: Hashable, Sendable {
  /// The row in its table.
  public let number: UInt32

  @usableFromInline init(number: UInt32) { self.number = number }
}

/// Names made into numbers (`InternedName`), a row each, kept for the process.
///
/// Rows are only added, never changed or removed, so a reader needs no lock: it reads a
/// row whose number it was given, and the row was written before the number was handed out
/// (under the table's lock, which orders the write before the hand-over). A table holds at
/// most `capacity` names: display lists name a few hundred glyphs and a handful of fonts, so
/// a full table means hostile input (a forged cache record), which `interned` turns away.
public final class NameTable: Sendable {
  /// SMuFL glyph names.
  public static let glyphs = NameTable(capacity: 1 << 16)
  /// Music font families.
  public static let families = NameTable(capacity: 1 << 12)

  private struct Row {
    var text: String
    var bytes: UnsafeMutablePointer<UInt8>
    var count: Int
  }

  private let capacity: Int
  nonisolated(unsafe) private let rows: UnsafeMutablePointer<Row>
  /// Rows written so far (read without the lock by `family`'s scan).
  private let published = Atomic<Int>(0)
  private let numbers = Mutex<[String: UInt32]>([:])

  init(capacity: Int) {
    self.capacity = capacity
    rows = .allocate(capacity: capacity)
  }

  /// The number of `text`, adding a row for it when it has none; nil when the table is
  /// full.
  public func interned(_ text: String) -> InternedName? {
    numbers.withLock { numbers -> InternedName? in
      if let number = numbers[text] { return InternedName(number: number) }
      let count = published.load(ordering: .acquiring)
      guard count < capacity else { return nil }
      let utf8 = Array(text.utf8)
      let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(utf8.count, 1))
      utf8.withUnsafeBufferPointer {
        if let base = $0.baseAddress { bytes.initialize(from: base, count: $0.count) }
      }
      (rows + count).initialize(to: Row(text: text, bytes: bytes, count: utf8.count))
      numbers[text] = UInt32(count)
      published.store(count + 1, ordering: .releasing)
      return InternedName(number: UInt32(count))
    }
  }

  /// The number of `text` (the empty name's when the table is full: a forged input's
  /// many names, see `interned`).
  public func number(_ text: String) -> InternedName {
    interned(text) ?? interned("") ?? InternedName(number: 0)
  }

  /// A name among the table's first rows, compared without the lock, else interned: for
  /// a font family, looked up each time a staff starts.
  public func recent(_ text: String) -> InternedName {
    let count = min(published.load(ordering: .acquiring), 8)
    for row in 0..<count where rows[row].text == text { return InternedName(number: UInt32(row)) }
    return number(text)
  }

  /// The text of a name from this table.
  public func text(_ name: InternedName) -> String { rows[Int(name.number)].text }

  /// The UTF-8 bytes of a name from this table, read where they lie.
  public func withUTF8<T>(_ name: InternedName, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    // The two fields read in place: a copy of the row counted a reference to its text, an
    // object every thread shares.
    let row = rows + Int(name.number)
    return body(UnsafeBufferPointer(start: row.pointee.bytes, count: row.pointee.count))
  }
}
