import CABCPressZlib

/// zlib (RFC 1950) compression for PDF streams (`/FlateDecode`) and PNG image data.
enum Deflate {
  /// Compression level 1…9 for PDF streams: 3 gives files 10 % larger than 6 (and smaller
  /// than cairo's) at about half the deflate time.
  static let level: Int32 = 3

  /// How zlib looks for repeats: `.runs` only finds runs of one byte (zlib's Z_RLE), which
  /// suits filtered image rows (mostly zero) at a fraction of the time of a full search.
  enum Strategy {
    case standard
    case runs

    var zlibValue: Int32 {
      switch self {
      case .standard: Z_DEFAULT_STRATEGY
      case .runs: Z_RLE
      }
    }
  }

  /// The compressed bytes of `data` (or the data itself, uncompressed, if zlib fails).
  static func compress(_ data: [UInt8]) -> (bytes: [UInt8], compressed: Bool) {
    let output = data.withUnsafeBufferPointer { compress($0, level: level, strategy: .standard) }
    return output.map { ($0, true) } ?? (data, false)
  }

  /// The compressed bytes of `source`, or nil if zlib fails.
  static func compress(
    _ source: UnsafeBufferPointer<UInt8>, level: Int32, strategy: Strategy
  ) -> [UInt8]? {
    var length = compressBound(uLong(source.count))
    var output = [UInt8](repeating: 0, count: Int(length))
    let status = output.withUnsafeMutableBufferPointer { target in
      abcpress_compress(
        target.baseAddress, &length, source.baseAddress, uLong(source.count), level, strategy.zlibValue)
    }
    guard status == Z_OK else { return nil }
    // A fresh array of the compressed size: the work buffer's capacity is the input's.
    return Array(output[..<Int(length)])
  }
}
