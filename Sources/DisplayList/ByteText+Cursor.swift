/// Bytes written into room taken once (`ByteText.cursor(room:)`), without a capacity check
/// per write: a dump line or a PDF operator's operands are a dozen short writes, and the
/// checks, the count's updates and the call frames they kept were most of their cost.
///
/// The writer must not write more than the room it took; `ByteText.commit(_:)` counts what
/// it wrote. Numbers take at most `ByteText.Cursor.numberRoom` bytes each.
extension ByteText {
  public struct Cursor {
    @usableFromInline var at: UnsafeMutablePointer<UInt8>
    @usableFromInline let numbers: UnsafePointer<UInt32>

    /// The most bytes a number (`number`, `hundredths`, `integer`) writes, its separator
    /// included.
    public static let numberRoom = 24

    @usableFromInline init(at: UnsafeMutablePointer<UInt8>, numbers: UnsafePointer<UInt32>) {
      self.at = at
      self.numbers = numbers
    }

    @inlinable @inline(__always) public mutating func put(byte: UInt8) {
      at.pointee = byte
      at += 1
    }

    /// A literal of at most 16 bytes (operators, dump words): two eight-byte copies.
    @inlinable @inline(__always) public mutating func put(_ text: StaticString) {
      let count = text.utf8CodeUnitCount
      let source = text.utf8Start
      if count <= 8 {
        for index in 0..<count { at[index] = source[index] }
      } else {
        at.update(from: source, count: count)
      }
      at += count
    }

    /// `ByteText.number`: rounded to 0.01 with no trailing zeros, beyond ±10¹⁵ that bound.
    @inlinable @inline(__always) public mutating func number(_ value: Double, then separator: UInt8? = nil) {
      if abs(value) < 1e15 {
        hundredths(value)
      } else {
        bound(value)
      }
      if let separator { put(byte: separator) }
    }

    /// Not finite or beyond ±10¹⁵: `0` for NaN, else the bound with its sign.
    @usableFromInline mutating func bound(_ value: Double) {
      if value.isNaN {
        put(byte: UInt8(ascii: "0"))
      } else if value < 0 {
        put("-1e15")
      } else {
        put("1e15")
      }
    }

    /// `value` (finite, below 10¹⁵) to two places without trailing zeros: the whole part
    /// below 1000 and the places as one `NumberTable` entry each.
    @inlinable @inline(__always) public mutating func hundredths(_ value: Double) {
      let units = ByteText.rounded(value, times: 100)
      at.pointee = UInt8(ascii: "-")
      if units < 0 { at += 1 }
      let magnitude = units.magnitude
      let whole = magnitude / 100
      let fraction = Int(truncatingIfNeeded: magnitude &- whole &* 100)
      if whole < 1000 {
        let entry = numbers[Int(truncatingIfNeeded: whole)]
        UnsafeMutableRawPointer(at).storeBytes(of: entry, as: UInt32.self)
        at += Int(truncatingIfNeeded: entry >> 24)
      } else {
        at += ByteText.digits(whole, at: at)
      }
      let places = numbers[NumberTable.fractions &+ fraction]
      UnsafeMutableRawPointer(at).storeBytes(of: places, as: UInt32.self)
      at += Int(truncatingIfNeeded: places >> 24)
    }

    /// A whole number.
    @inlinable @inline(__always) public mutating func integer(_ value: Int) {
      if value >= 0 && value < 1000 {
        let entry = numbers[value]
        UnsafeMutableRawPointer(at).storeBytes(of: entry, as: UInt32.self)
        at += Int(truncatingIfNeeded: entry >> 24)
      } else {
        at.pointee = UInt8(ascii: "-")
        if value < 0 { at += 1 }
        at += ByteText.digits(value.magnitude, at: at)
      }
    }

    /// A space, a one-byte tag and a whole number (` t1`, ` c12`).
    @inlinable @inline(__always) public mutating func tagged(_ tag: UInt8, _ value: Int) {
      at[0] = 0x20
      at[1] = tag
      at += 2
      integer(value)
    }
  }

  /// Room for `room` bytes, to be written through the cursor and counted by `commit`.
  @inlinable @inline(__always) public mutating func cursor(room: Int) -> Cursor {
    Cursor(at: buffer.reserve(room), numbers: buffer.numbers)
  }

  /// Counts the bytes written through `cursor` (taken from this text, with nothing
  /// written to the text in between).
  @inlinable @inline(__always) public mutating func commit(_ cursor: Cursor) {
    buffer.count = cursor.at - buffer.base
  }
}
