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
      // A one-scalar literal may be kept as the scalar itself, not as bytes.
      guard text.hasPointerRepresentation else {
        return text.withUTF8Buffer { for byte in $0 { put(byte: byte) } }
      }
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

    /// `ByteText.decimal(value, places: 2, then: 0x20)`, as a PDF content stream writes
    /// its operands: two places and a space, `0 ` when not finite or beyond ±10¹².
    @inlinable @inline(__always) public mutating func operand(_ value: Double) {
      if abs(value) < 1e12 {
        hundredths(value)
      } else {
        put(byte: UInt8(ascii: "0"))
      }
      put(byte: 0x20)
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

    /// Four upper-case hexadecimal digits (a glyph's index in a PDF string).
    @inlinable @inline(__always) public mutating func put(hex value: UInt16) {
      let table = ByteText.hexPairs.utf8Start
      let high = Int(truncatingIfNeeded: value >> 8) &* 2
      let low = Int(truncatingIfNeeded: value & 0xFF) &* 2
      at[0] = table[high]
      at[1] = table[high &+ 1]
      at[2] = table[low]
      at[3] = table[low &+ 1]
      at += 4
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
