/*
 JSONScanner — reads a JSON document in one pass, straight into the caller's own values.

 Method. A cursor over UTF-8 bytes with one method per JSON construct: `object` calls back
 once per member with its key (the callback reads or skips the value), `array` once per
 element, `number` and `string` read scalars, `skipValue` passes over anything. Nothing is
 built that the caller does not keep, which makes a font's 136 KB of metadata a fraction of
 a millisecond instead of the ten Foundation's Codable decoder takes at every start.

     var scanner = JSONScanner(bytes)
     try scanner.object { key, scanner in
       if key == "family" { family = try scanner.string() } else { try scanner.skipValue() }
     }

 Limits. Strings support the escapes \" \\ \/ \b \f \n \r \t and \uXXXX (surrogate pairs
 joined); numbers are read with Swift's Double parser; nesting deeper than 64 is refused.
 */

#if canImport(Glibc)
  import Glibc
#endif

/// A one-pass JSON reader over UTF-8 bytes.
struct JSONScanner {
  /// Why a document could not be read, with the byte offset.
  struct Failure: Error, CustomStringConvertible {
    var offset: Int
    var reason: String
    var description: String { "\(reason) at byte \(offset)" }
  }

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Reads an object, calling `member` with each key; `member` must read or skip the value.
  mutating func object(_ member: (String, inout JSONScanner) throws -> Void) throws {
    try members(key: { try $0.string() }, member)
  }

  /// Reads an object as `object` does, passing each key's UTF-8 bytes rather than a string
  /// (for members known by plain names: no string is made per key).
  mutating func objectByKeyBytes(_ member: (ArraySlice<UInt8>, inout JSONScanner) throws -> Void) throws {
    try members(key: { try $0.keyBytes() }, member)
  }

  /// Reads an object, each key as `readKey` reads it.
  private mutating func members<Key>(
    key readKey: (inout JSONScanner) throws -> Key, _ member: (Key, inout JSONScanner) throws -> Void
  ) throws {
    try enter("{")
    defer { depth -= 1 }
    if try peek() == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      let key = try readKey(&self)
      try expect(":")
      try member(key, &self)
      if try next(closing: "}") { return }
    }
  }

  /// A key's bytes between its quotes (read as a string when it holds an escape).
  private mutating func keyBytes() throws -> ArraySlice<UInt8> {
    try expect("\"")
    let start = index
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
      index += 1
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
      index += 1
      return bytes[start..<index - 1]
    }
    index = start - 1
    return ArraySlice(try string().utf8)
  }

  /// Reads an array of numbers into `values`, returning how many the array held (those
  /// past the fourth are read and not kept): no array is made.
  mutating func numbers(into values: inout (Double, Double, Double, Double)) throws -> Int {
    var count = 0
    try array { scanner in
      let value = try scanner.number()
      switch count {
      case 0: values.0 = value
      case 1: values.1 = value
      case 2: values.2 = value
      case 3: values.3 = value
      default: break
      }
      count += 1
    }
    return count
  }

  /// True when `key` (bytes from `objectByKeyBytes`) is `name`.
  static func key(_ key: ArraySlice<UInt8>, is name: StaticString) -> Bool {
    guard key.count == name.utf8CodeUnitCount else { return false }
    return key.withUnsafeBufferPointer { bytes in
      memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
    }
  }

  /// Reads an array, calling `element` once per element; `element` must read or skip it.
  mutating func array(_ element: (inout JSONScanner) throws -> Void) throws {
    try enter("[")
    defer { depth -= 1 }
    if try peek() == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      try element(&self)
      if try next(closing: "]") { return }
    }
  }

  /// Reads an array of numbers.
  mutating func numbers() throws -> [Double] {
    var values: [Double] = []
    values.reserveCapacity(4)  // a box or a point: one allocation, not three
    try array { values.append(try $0.number()) }
    return values
  }

  /// Reads a number.
  mutating func number() throws -> Double {
    _ = try peek()
    let start = index
    while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
    if let value = Self.plainDecimal(bytes[start..<index]) { return value }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else { throw failure("not a number", at: start) }
    return value
  }

  /// Reads a string.
  mutating func string() throws -> String {
    try expect("\"")
    var scalars = String.UnicodeScalarView()
    var runStart = index
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        let text = String(decoding: bytes[runStart..<index], as: UTF8.self)
        index += 1
        if scalars.isEmpty { return text }
        scalars.append(contentsOf: text.unicodeScalars)
        return String(scalars)
      case UInt8(ascii: "\\"):
        scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
        index += 1
        scalars.append(try escape())
        runStart = index
      default:
        index += 1
      }
    }
    throw failure("unterminated string", at: runStart)
  }

  /// Passes over one value of any kind.
  mutating func skipValue() throws {
    switch try peek() {
    case UInt8(ascii: "{"): try object { _, scanner in try scanner.skipValue() }
    case UInt8(ascii: "["): try array { try $0.skipValue() }
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      while index < bytes.count, bytes[index] >= UInt8(ascii: "a"), bytes[index] <= UInt8(ascii: "z") {
        index += 1
      }
    default: _ = try number()
    }
  }

  /// Passes over a value as `skipValue` does, an object or array by its brackets and
  /// strings alone: the brackets must pair up and nest at most 64 deep, strings must end,
  /// and nothing but numbers, `true`, `false`, `null`, separators and white space may stand
  /// between; keys are not made into strings nor numbers read (a glyph's entry the engraver
  /// does not draw, four in five of a font's, passed over at a tenth of the cost).
  mutating func skipQuickly() throws {
    let first = try peek()
    guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return try skipValue() }
    let start = index
    let end: Int? = Self.byteClasses.withUnsafeBufferPointer { classes in
      bytes.withUnsafeBufferPointer { bytes -> Int? in
        // Bit n of `objects`: whether the bracket open at depth n + 1 is an object's.
        var objects: UInt64 = 0
        var depth = 0
        var at = start
        while at < bytes.count {
          let byte = bytes[at]
          switch classes[Int(byte)] {
          case 0:
            // A number, a literal, separators or white space: a run of such bytes at once.
            at += 1
            while at < bytes.count, classes[Int(bytes[at])] == 0 { at += 1 }
            continue
          case 1:  // a string: on to its closing quote
            at += 1
            while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
              at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard at < bytes.count else { return nil }
          case 2:  // an opening bracket
            guard depth < 64 else { return nil }
            if byte == UInt8(ascii: "{") {
              objects |= 1 << UInt64(depth)
            } else {
              objects &= ~(1 << UInt64(depth))
            }
            depth += 1
          case 3:  // a closing bracket: the open one's kind
            depth -= 1
            guard depth >= 0, (objects >> UInt64(depth)) & 1 == (byte == UInt8(ascii: "}") ? 1 : 0) else {
              return nil
            }
            if depth == 0 { return at + 1 }
          default:
            return nil
          }
          at += 1
        }
        return nil
      }
    }
    guard let end else { throw failure("malformed value", at: start) }
    index = end
  }

  /// `skipQuickly`'s byte classes: 0 passed over (numbers, literals, separators, white
  /// space), 1 a quote, 2 an opening and 3 a closing bracket, 4 anything else.
  private static let byteClasses: [UInt8] = (0...255).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "\""): 1
    case UInt8(ascii: "{"), UInt8(ascii: "["): 2
    case UInt8(ascii: "}"), UInt8(ascii: "]"): 3
    case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "E"):
      0
    default: 4
    }
  }

  /// Whether the next value is a number (after white space).
  mutating func atNumber() throws -> Bool {
    let byte = try peek()
    return byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private mutating func escape() throws -> Unicode.Scalar {
    guard index < bytes.count else { throw failure("unterminated string", at: index) }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      var value = try hex4()
      if (0xD800..<0xDC00).contains(value), bytes[index...].starts(with: Array("\\u".utf8)) {
        index += 2
        let low = try hex4()
        value = 0x10000 + (value - 0xD800) << 10 + (low & 0x3FF)
      }
      return Unicode.Scalar(value) ?? "\u{FFFD}"
    default: return Unicode.Scalar(byte)
    }
  }

  private mutating func hex4() throws -> UInt32 {
    guard index + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw failure("bad \\u escape", at: index) }
    index += 4
    return value
  }

  private mutating func enter(_ opening: Unicode.Scalar) throws {
    try expect(opening)
    depth += 1
    guard depth <= 64 else { throw failure("nested too deep", at: index) }
  }

  /// After a member or element: true at the closing bracket, false after a comma.
  private mutating func next(closing: Unicode.Scalar) throws -> Bool {
    let byte = try peek()
    index += 1
    if byte == UInt8(ascii: ",") { return false }
    if byte == UInt8(ascii: closing) { return true }
    throw failure("expected ',' or '\(closing)'", at: index - 1)
  }

  private mutating func expect(_ scalar: Unicode.Scalar) throws {
    guard try peek() == UInt8(ascii: scalar) else { throw failure("expected '\(scalar)'", at: index) }
    index += 1
  }

  /// The next byte after white space, not consumed.
  private mutating func peek() throws -> UInt8 {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return bytes[index]
      }
    }
    throw failure("unexpected end", at: index)
  }

  private func failure(_ reason: String, at offset: Int) -> Failure {
    Failure(offset: offset, reason: reason)
  }

  /// Powers of ten exact in a Double.
  private static let powersOfTen: [Double] = (0...22).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }

  /// A plain decimal (`-12.345`: a sign, digits and at most one point) of at most 15 digits
  /// and 22 places, as its digits over a power of ten. Both are exact in a Double, so the one
  /// rounded division is the correctly rounded value a full parser gives (Clinger's fast
  /// path), without a string and a library call per number (they were half of reading a
  /// font's metadata). Nil for any other form, which the full parser reads.
  static func plainDecimal(_ text: ArraySlice<UInt8>) -> Double? {
    var position = text.startIndex
    let negative = position < text.endIndex && text[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var places = 0
    var seenPoint = false
    while position < text.endIndex {
      let byte = text[position]
      position += 1
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digits += 1
        guard digits <= 15 else { return nil }
        mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
        if seenPoint { places += 1 }
      } else if byte == UInt8(ascii: ".") && !seenPoint {
        seenPoint = true
      } else {
        return nil
      }
    }
    guard digits > 0, places <= 22 else { return nil }
    let value = Double(mantissa) / powersOfTen[places]
    return negative ? -value : value
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
      UInt8(ascii: "e"), UInt8(ascii: "E"):
      true
    default: false
    }
  }
}
