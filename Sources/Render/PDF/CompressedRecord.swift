import CABCPressZlib
import Foundation

/// Parts of cache records packed in the zlib format (libdeflate's fastest level): a tune's
/// items shrink about 3.5 times, a piece's PDF operators about 4. The form is the
/// unpacked length (4 bytes, little-endian), then the zlib stream (read back by zlib).
public enum CompressedRecord {
  /// The packed form of `bytes` (empty if compressing fails).
  /// (Compressors are kept between records: zlib's `compress2` set up and cleared a
  /// stream for each one, which made a book's first cached run twice as slow as one
  /// without the cache.)
  public static func pack(_ bytes: [UInt8]) -> [UInt8] {
    let compressor = shelf.take()
    defer { shelf.give(compressor) }
    guard let packed = compressor.compress(bytes, after: 4) else { return [] }
    var out = packed
    let count = UInt32(truncatingIfNeeded: bytes.count)
    for index in 0..<4 { out[index] = UInt8(truncatingIfNeeded: count >> (8 * UInt32(index))) }
    return out
  }

  /// Compressors not in use, for any thread.
  private static let shelf = CompressorShelf()

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

/// Spare libdeflate compressors: one is taken for a record and given back after.
private final class CompressorShelf: @unchecked Sendable {
  private let lock = NSLock()
  private var spare: [Deflate.Compressor] = []

  func take() -> Deflate.Compressor {
    lock.lock()
    defer { lock.unlock() }
    return spare.popLast() ?? Deflate.Compressor()
  }

  func give(_ compressor: Deflate.Compressor) {
    lock.lock()
    spare.append(compressor)
    lock.unlock()
  }
}
