/// Reads what a ByteWriter wrote (see ByteWriter.swift); every read returns nil once the
/// bytes run out or are wrong.
public struct ByteReader {
  private let bytes: [UInt8]
  private var offset = 0
  private var strings: [String] = []
  /// Added to items' source lines (see `ByteWriter.lineShift`).
  public var lineShift = 0

  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether every byte has been read.
  public var isAtEnd: Bool { offset == bytes.count }

  public mutating func uint() -> UInt64? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count, shift < 64 {
      let byte = bytes[offset]
      offset += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
    return nil
  }

  /// A count or index, refused when larger than the bytes left could hold.
  public mutating func count() -> Int? {
    guard let value = uint(), value <= UInt64(bytes.count) else { return nil }
    return Int(value)
  }

  public mutating func int() -> Int? {
    guard let raw = uint() else { return nil }
    let value = Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    return Int(value)
  }

  public mutating func double() -> Double? {
    guard offset + 8 <= bytes.count else { return nil }
    var bits: UInt64 = 0
    for index in (0..<8).reversed() { bits = bits << 8 | UInt64(bytes[offset + index]) }
    offset += 8
    return Double(bitPattern: bits)
  }

  public mutating func bool() -> Bool? {
    guard offset < bytes.count, bytes[offset] <= 1 else { return nil }
    defer { offset += 1 }
    return bytes[offset] == 1
  }

  /// An optional double written by `ByteWriter.double(_: Double?)`: `.some(nil)` when absent.
  public mutating func optionalDouble() -> Double?? {
    guard let present = bool() else { return nil }
    guard present else { return .some(nil) }
    return double().map { .some($0) }
  }

  public mutating func string() -> String? {
    guard let tag = uint() else { return nil }
    if tag > 0 {
      guard tag <= UInt64(strings.count) else { return nil }
      return strings[Int(tag - 1)]
    }
    guard let length = count(), offset + length <= bytes.count else { return nil }
    // Decoded from the contiguous bytes (through an array slice it took the generic path).
    let start = offset
    let value = bytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[start..<start + length]), as: UTF8.self)
    }
    offset += length
    strings.append(value)
    return value
  }

  public mutating func data() -> [UInt8]? {
    guard let length = count(), offset + length <= bytes.count else { return nil }
    defer { offset += length }
    return Array(bytes[offset..<offset + length])
  }
}
