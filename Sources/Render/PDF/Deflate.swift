import CABCPressZlib

/// zlib (RFC 1950) compression for PDF streams (`/FlateDecode`).
enum Deflate {
  /// Compression level 1…9: 3 gives files 10 % larger than 6 (and smaller than cairo's) at
  /// about half the deflate time.
  static let level: Int32 = 3

  /// The compressed bytes of `data` (or the data itself, uncompressed, if zlib fails).
  static func compress(_ data: [UInt8]) -> (bytes: [UInt8], compressed: Bool) {
    var length = compressBound(uLong(data.count))
    var output = [UInt8](repeating: 0, count: Int(length))
    let status = data.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), level)
      }
    }
    guard status == Z_OK else { return (data, false) }
    // A fresh array of the compressed size: the work buffer's capacity is the input's.
    return (Array(output[..<Int(length)]), true)
  }
}
