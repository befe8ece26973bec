/// Text built as UTF-8 bytes with the dumps' number format: what the display-list dumps
/// write, several times faster than string interpolation.
///
/// The bytes live in one growable buffer written through a pointer: a dump writes
/// hundreds of megabytes a piece at a time, and an array's per-append capacity and
/// uniqueness checks were most of its cost.
struct DumpText {
  /// The growable buffer (a class, so the memory is freed with the last copy).
  private final class Buffer {
    var base: UnsafeMutablePointer<UInt8>
    var count = 0
    var capacity: Int

    init(capacity: Int) {
      self.capacity = max(capacity, 64)
      base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Room for `extra` more bytes; returns where they go.
    @inline(__always) func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
      if count + extra > capacity { grow(to: count + extra) }
      return base + count
    }

    func grow(to needed: Int) {
      let larger = max(needed, capacity * 2)
      let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
      moved.update(from: base, count: count)
      base.deallocate()
      base = moved
      capacity = larger
    }
  }

  private let buffer: Buffer

  init(capacity: Int = 0) {
    buffer = Buffer(capacity: capacity)
  }

  var bytes: [UInt8] { Array(UnsafeBufferPointer(start: buffer.base, count: buffer.count)) }

  var string: String {
    String(decoding: UnsafeBufferPointer(start: buffer.base, count: buffer.count), as: UTF8.self)
  }

  mutating func put(_ text: StaticString) {
    text.withUTF8Buffer { put($0) }
  }

  /// A string's bytes. (Literals take the StaticString form above: a pointer and a count,
  /// where a String literal is first checked for where its bytes are.)
  mutating func put(string text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ put($0) }) == nil {
      for byte in text.utf8 { put(byte: byte) }
    }
  }

  private mutating func put(_ source: UnsafeBufferPointer<UInt8>) {
    guard let start = source.baseAddress else { return }
    buffer.reserve(source.count).update(from: start, count: source.count)
    buffer.count += source.count
  }

  mutating func put(byte: UInt8) {
    buffer.reserve(1).pointee = byte
    buffer.count += 1
  }

  /// A whole number.
  mutating func integer(_ value: Int) {
    let target = buffer.reserve(21)
    var sign = 0
    if value < 0 {
      target.pointee = UInt8(ascii: "-")
      sign = 1
    }
    buffer.count += sign + Self.digits(value.magnitude, at: target + sign)
  }

  /// Writes the decimal digits of `magnitude` at `target` (room for 20); returns how many.
  /// Two digits a step (a dump writes millions of numbers).
  @inline(__always)
  private static func digits(_ magnitude: UInt, at target: UnsafeMutablePointer<UInt8>) -> Int {
    var length = 1
    var probe = magnitude
    while probe >= 100 {
      probe /= 100
      length += 2
    }
    if probe >= 10 { length += 1 }
    var cursor = target + length
    var rest = magnitude
    while rest >= 100 {
      let pair = rest % 100
      rest /= 100
      cursor -= 2
      cursor[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair / 10)
      cursor[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair % 10)
    }
    if rest >= 10 {
      cursor[-2] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / 10)
      cursor[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
    } else {
      cursor[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
    }
    return length
  }

  /// A number rounded to 0.01 with no trailing zeros (`12`, `12.5`, `-0.25`), as
  /// `DisplayListJSON.number`.
  mutating func number(_ value: Double) {
    guard value.isFinite, abs(value) < 1e15 else {
      put(value.isNaN ? "0" : value < 0 ? "-1e15" : "1e15")
      return
    }
    let hundredths = Int((value * 100).rounded())
    let target = buffer.reserve(24)
    var length = 0
    if hundredths < 0 {
      target.pointee = UInt8(ascii: "-")
      length = 1
    }
    let magnitude = hundredths.magnitude
    length += Self.digits(magnitude / 100, at: target + length)
    let fraction = magnitude % 100
    if fraction != 0 {
      target[length] = UInt8(ascii: ".")
      target[length + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 10)
      length += 2
      if fraction % 10 != 0 {
        target[length] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
        length += 1
      }
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
