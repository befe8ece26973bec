/// Text built as UTF-8 bytes, with short fixed-point numbers: what the display-list dumps,
/// the JSON form and the PDF content streams write, several times faster than string
/// interpolation or an array's appends.
///
/// The bytes live in one growable buffer written through a pointer: a dump or a book
/// writes hundreds of megabytes a piece at a time, and an array's per-append capacity and
/// uniqueness checks were most of its cost. The buffer is shared, not copied, by copies
/// of the value: keep one writer per text.
public struct ByteText {
  /// The growable buffer (a class, so the memory is freed with the last copy). Inlinable,
  /// with the short writes below, so a PDF page's writer in another module writes its bytes
  /// in place rather than through a call each.
  @usableFromInline final class Buffer {
    // Not checked for exclusive access at run time: seen from other modules, each read
    // and write was checked (one writer per text is the rule, as said above).
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline var count = 0
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    /// `NumberTable.entries`, read once here rather than through the global's accessor at
    /// every number.
    @usableFromInline let numbers: UnsafePointer<UInt32>

    init(capacity: Int) {
      self.capacity = max(capacity, 64)
      base = .allocate(capacity: self.capacity)
      numbers = NumberTable.entries
    }

    deinit { base.deallocate() }

    /// Room for `extra` more bytes; returns where they go.
    @inlinable @inline(__always) func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
      if count &+ extra > capacity { grow(to: count &+ extra) }
      return base + count
    }

    @usableFromInline func grow(to needed: Int) {
      let larger = max(needed, capacity * 2)
      let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
      moved.update(from: base, count: count)
      base.deallocate()
      base = moved
      capacity = larger
    }
  }

  @usableFromInline let buffer: Buffer

  public init(capacity: Int = 0) {
    buffer = Buffer(capacity: capacity)
  }

  /// The bytes written so far.
  public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: buffer.base, count: buffer.count)) }

  public var count: Int { buffer.count }

  /// Empties the text, keeping its room for what is written next.
  public mutating func clear() { buffer.count = 0 }

  /// Runs `body` over the bytes written so far, in place.
  public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(start: buffer.base, count: buffer.count))
  }

  public var string: String {
    String(decoding: UnsafeBufferPointer(start: buffer.base, count: buffer.count), as: UTF8.self)
  }

  @inlinable @inline(__always) public mutating func put(_ text: StaticString) {
    guard text.hasPointerRepresentation else { return text.withUTF8Buffer { put($0) } }
    put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// A string's bytes. (Literals take the StaticString form above: a pointer and a count,
  /// where a String literal is first checked for where its bytes are.)
  public mutating func put(string text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ put($0) }) == nil {
      for byte in text.utf8 { put(byte: byte) }
    }
  }

  /// Bytes written elsewhere, as they are.
  public mutating func put(bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { put($0) }
  }

  @inlinable @inline(__always) mutating func put(_ source: UnsafeBufferPointer<UInt8>) {
    guard let start = source.baseAddress else { return }
    let target = buffer.reserve(source.count)
    if source.count <= 8 {
      // An operator or a short word: byte by byte beats a call to copy memory.
      for index in 0..<source.count { target[index] = start[index] }
    } else {
      target.update(from: start, count: source.count)
    }
    buffer.count += source.count
  }

  @inlinable public mutating func put(byte: UInt8) {
    buffer.reserve(1).pointee = byte
    buffer.count += 1
  }

  /// Four upper-case hexadecimal digits, two a byte from a table.
  @inlinable public mutating func put(hex value: UInt16) {
    var cursor = cursor(room: 4)
    cursor.put(hex: value)
    commit(cursor)
  }

  /// "00" through "FF", each byte's two digits at twice its value.
  @usableFromInline static let hexPairs: StaticString =
    "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9FA0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBFC0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDFE0E1E2E3E4E5E6E7E8E9EAEBECEDEEEFF0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF"

  /// A whole number.
  public mutating func integer(_ value: Int) {
    let target = buffer.reserve(21)
    if value >= 0 && value < 100 {
      // A dump's staff, voice, line and column numbers: one or two digits, most of them.
      if value < 10 {
        target.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
        buffer.count += 1
      } else {
        let table = Self.pairs.utf8Start
        target[0] = table[value &* 2]
        target[1] = table[value &* 2 &+ 1]
        buffer.count += 2
      }
      return
    }
    var sign = 0
    if value < 0 {
      target.pointee = UInt8(ascii: "-")
      sign = 1
    }
    buffer.count += sign + Self.digits(value.magnitude, at: target + sign)
  }

  /// A whole number not below zero with leading zeros to `width` digits (a PDF's
  /// cross-reference offsets); a longer one whole.
  public mutating func integer(_ value: Int, width: Int) {
    let magnitude = UInt(max(value, 0))
    let target = buffer.reserve(max(width, 20))
    let zeros = max(width - Self.digitCount(magnitude), 0)
    for index in 0..<zeros { target[index] = UInt8(ascii: "0") }
    buffer.count += zeros + Self.digits(magnitude, at: target + zeros)
  }

  /// A space, a one-byte tag and a whole number (` t1`, ` c12`: a dump's context fields).
  @inline(__always)
  public mutating func tagged(_ tag: UInt8, _ value: Int) {
    let target = buffer.reserve(3)
    target[0] = 0x20
    target[1] = tag
    if value >= 0 && value < 10 {
      target[2] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
      buffer.count &+= 3
    } else {
      buffer.count &+= 2
      integer(value)
    }
  }

  /// "00" through "99", each pair of digits at twice its value.
  @usableFromInline static let pairs: StaticString =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

  /// How many decimal digits `magnitude` has.
  @inlinable @inline(__always)
  static func digitCount(_ magnitude: UInt) -> Int {
    if magnitude < 100 { return magnitude < 10 ? 1 : 2 }
    if magnitude < 10_000 { return magnitude < 1000 ? 3 : 4 }
    var length = 5
    var probe = magnitude / 10_000
    while probe >= 10 {
      probe /= 10
      length += 1
    }
    return length
  }

  /// Writes the decimal digits of `magnitude` at `target` (room for 20); returns how many.
  /// Two digits a step from a table (a dump writes millions of numbers, most of them
  /// below ten thousand).
  @inlinable @inline(__always)
  static func digits(_ magnitude: UInt, at target: UnsafeMutablePointer<UInt8>) -> Int {
    let length = digitCount(magnitude)
    let table = pairs.utf8Start
    var cursor = target + length
    var rest = magnitude
    while rest >= 100 {
      let pair = Int(truncatingIfNeeded: rest % 100) &* 2
      rest /= 100
      cursor -= 2
      cursor[0] = table[pair]
      cursor[1] = table[pair &+ 1]
    }
    if rest >= 10 {
      let pair = Int(truncatingIfNeeded: rest) &* 2
      cursor[-2] = table[pair]
      cursor[-1] = table[pair &+ 1]
    } else {
      cursor[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
    }
    return length
  }

  /// A number rounded to 0.01 with no trailing zeros (`12`, `12.5`, `-0.25`), as
  /// `DisplayListJSON.number`, then `separator` when given; beyond ±10¹⁵ written as that
  /// bound.
  /// (Inlined where it is called: a dump writes half a million of these for 400 tunes, and
  /// the call's frame and the separator's test were a third of each.)
  @inline(__always)
  public mutating func number(_ value: Double, then separator: UInt8? = nil) {
    var cursor = cursor(room: Cursor.numberRoom)
    cursor.number(value, then: separator)
    commit(cursor)
  }

  /// A number rounded to `places` (1…3) decimals with no trailing zeros (`12`, `12.5`,
  /// `-0.333`), as PDF writes them, then `separator` when given; one that is not finite,
  /// or beyond ±10¹², as `0`.
  /// (Inlinable: a PDF page writes its coordinates through this from another module.)
  @inlinable @inline(__always)
  public mutating func decimal(_ value: Double, places: Int, then separator: UInt8? = nil) {
    guard abs(value) < 1e12 else {
      put(byte: UInt8(ascii: "0"))
      if let separator { put(byte: separator) }
      return
    }
    if places == 2 {
      hundredths(value, then: separator)
    } else {
      fixed(value, places: min(max(places, 1), 3))
      if let separator { put(byte: separator) }
    }
  }

  /// `fixed(value, places: 2)` (finite, below 10¹⁵), then `separator` when given, written
  /// through a cursor (`Cursor.hundredths`).
  @inlinable @inline(__always)
  mutating func hundredths(_ value: Double, then separator: UInt8?) {
    var cursor = cursor(room: Cursor.numberRoom)
    cursor.hundredths(value)
    if let separator { cursor.put(byte: separator) }
    commit(cursor)
  }

  /// `value` × `unit` rounded half away from zero as `rounded()` rounds, without the libm
  /// call: the fraction a truncation leaves is exact, so the comparison with one half is too.
  @inlinable @inline(__always)
  static func rounded(_ value: Double, times unit: Double) -> Int {
    let scaled = value * unit
    let units = Int(scaled)
    let left = scaled - Double(units)
    return left >= 0.5 ? units &+ 1 : left <= -0.5 ? units &- 1 : units
  }

  /// Room for a number's bytes, its minus sign written when `units` is negative: where
  /// they go and how many are written.
  @usableFromInline @inline(__always)
  func signed(_ units: Int) -> (UnsafeMutablePointer<UInt8>, Int) {
    let target = buffer.reserve(26)
    guard units < 0 else { return (target, 0) }
    target.pointee = UInt8(ascii: "-")
    return (target, 1)
  }

  /// `value` (finite, below 10¹⁵) rounded half away from zero to `places` decimals.
  @usableFromInline
  mutating func fixed(_ value: Double, places: Int) {
    let unit: UInt = places == 3 ? 1000 : places == 2 ? 100 : 10
    let units = Self.rounded(value, times: Double(unit))
    let (target, signLength) = signed(units)
    var length = signLength
    let magnitude = units.magnitude
    length += Self.digits(magnitude / unit, at: target + length)
    let fraction = magnitude % unit
    if fraction != 0 {
      // Every place written, then the trailing zeros taken back (one digit is not zero).
      let zero = UInt8(ascii: "0")
      target[length] = UInt8(ascii: ".")
      let first = target + length + 1
      switch places {
      case 3:
        first[0] = zero &+ UInt8(truncatingIfNeeded: fraction / 100)
        first[1] = zero &+ UInt8(truncatingIfNeeded: fraction / 10 % 10)
        first[2] = zero &+ UInt8(truncatingIfNeeded: fraction % 10)
      case 2:
        first[0] = zero &+ UInt8(truncatingIfNeeded: fraction / 10)
        first[1] = zero &+ UInt8(truncatingIfNeeded: fraction % 10)
      default:
        first[0] = zero &+ UInt8(truncatingIfNeeded: fraction)
      }
      var written = places
      while first[written - 1] == zero { written -= 1 }
      length += 1 + written
    }
    buffer.count += length
  }

  /// A JSON string literal.
  mutating func quoted(_ text: String) {
    put(byte: UInt8(ascii: "\""))
    for byte in text.utf8 {
      if let escape = JSONText.escape(byte) { put(string: escape) } else { put(byte: byte) }
    }
    put(byte: UInt8(ascii: "\""))
  }
}
