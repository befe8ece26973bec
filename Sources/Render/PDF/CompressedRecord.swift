import CABCPressZlib

/// Parts of cache records packed with zlib (level 1): a tune's items shrink about 3.5
/// times, a piece's PDF operators about 4. The form is the unpacked length (4 bytes,
/// little-endian), then zlib's stream.
public enum CompressedRecord {
  public static func pack(_ bytes: [UInt8]) -> [UInt8] {
    var length = compressBound(uLong(bytes.count))
    var out = [UInt8](repeating: 0, count: Int(length) + 4)
    let count = UInt32(truncatingIfNeeded: bytes.count)
    for index in 0..<4 { out[index] = UInt8(truncatingIfNeeded: count >> (8 * UInt32(index))) }
    let status = bytes.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        compress2(output.baseAddress! + 4, &length, input.baseAddress, uLong(bytes.count), 1)
      }
    }
    guard status == Z_OK else { return [] }
    out.removeLast(out.count - 4 - Int(length))
    return out
  }

  /// The most a deflate stream expands (RFC 1951: 258 bytes from a 2-bit code, about 1032:1).
  static let maximumRatio = 1032

  /// The unpacked bytes, or nil when the record is damaged.
  @Sendable public static func unpack(_ bytes: [UInt8]) -> [UInt8]? {
    guard bytes.count > 4 else { return nil }
    var size = 0
    for index in 0..<4 { size |= Int(bytes[index]) << (8 * index) }
    // Deflate expands at most 1032 to 1: a length past that is a damaged (or forged) record,
    // refused before its buffer is made (a 9-byte record once asked for a gigabyte).
    guard size > 0, size < 1 << 30, size <= (bytes.count - 4) * maximumRatio + 64 else { return nil }
    var out = [UInt8](repeating: 0, count: size)
    var length = uLong(size)
    let status = bytes.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        uncompress(output.baseAddress, &length, input.baseAddress! + 4, uLong(bytes.count - 4))
      }
    }
    return status == Z_OK && length == uLong(size) ? out : nil
  }
}
