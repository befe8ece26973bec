/*
 ByteWriter and ByteReader — a compact binary form for laid-out music kept between runs.

 Method. Values are appended to a byte array: unsigned integers as LEB128 (7 bits a byte,
 so small counts take one byte), signed ones zig-zagged first, doubles as their 64-bit
 patterns (exact: a value read back is bit for bit the value written, so output made
 from a stored layout is byte-identical to output made afresh), strings interned (the
 first use writes the text, later uses its number in the record's table; texts of four
 bytes or fewer are written out every time, and numbered all the same). A record is
 read back in the order it was written; the reader never traps on damaged bytes, it
 reports `nil` and the caller treats the record as missing.

     writer.uint(3); writer.string("noteheadBlack"); writer.string("noteheadBlack")
     → 03 00 0d 'n' 'o' … 'k' 01      (the second use is entry 1 of the table)

 Limits. No versioning inside a record: callers key records by the program's build.
 */

/// Appends integers, doubles and interned strings to a byte array.
public struct ByteWriter {
  public private(set) var bytes: [UInt8] = []
  private var strings: [String: Int] = [:]
  /// How many texts the record's table has (the reader's numbering): short ones too.
  private var tableCount = 0
  /// Subtracted from items' source lines (lines kept relative to a tune's first line, so
  /// a tune moved down its file by an edit above it reads back at its new lines).
  public var lineShift = 0

  public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  public mutating func uint(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  public mutating func count(_ value: Int) { uint(UInt64(max(0, value))) }

  public mutating func int(_ value: Int) {
    let wide = Int64(value)
    uint(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
  }

  public mutating func double(_ value: Double) {
    var bits = value.bitPattern
    for _ in 0..<8 {
      bytes.append(UInt8(truncatingIfNeeded: bits))
      bits >>= 8
    }
  }

  public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

  /// An optional double: a presence byte, then the value.
  public mutating func double(_ value: Double?) {
    bool(value != nil)
    if let value { double(value) }
  }

  public mutating func string(_ value: String) {
    let utf8 = value.utf8
    // A short text (a glyph's letter in a font's table, a chord's "G") is written out each
    // time instead of looked up: a reference would save a byte or two, and hashing it into
    // the table cost more than writing the rest of a PDF piece's record. The reader numbers
    // every text written out, so the numbers still agree.
    if utf8.count > Self.shortText {
      if let index = strings[value] {
        uint(UInt64(index) + 1)
        return
      }
      strings[value] = tableCount
    }
    tableCount += 1
    uint(0)
    count(utf8.count)
    bytes.append(contentsOf: utf8)
  }

  /// The longest text (UTF-8 bytes) written out every time rather than interned.
  static let shortText = 4

  /// Raw bytes with their length.
  public mutating func data(_ value: [UInt8]) {
    count(value.count)
    bytes.append(contentsOf: value)
  }
}
