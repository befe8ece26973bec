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
    let bound = Int(compressBound(uLong(source.count)))
    var status = Z_OK
    // Uninitialised: zlib writes what it produces, and the untouched rest costs nothing.
    let output = [UInt8](unsafeUninitializedCapacity: bound) { target, count in
      var length = uLong(bound)
      status = abcpress_compress(
        target.baseAddress, &length, source.baseAddress, uLong(source.count), level, strategy.zlibValue)
      count = status == Z_OK ? Int(length) : 0
    }
    guard status == Z_OK else { return nil }
    // A fresh array of the compressed size: the work buffer's capacity is the input's.
    return Array(output)
  }
}

/// A zlib stream fed piece by piece (a PNG's rows as they are filtered), so the whole
/// input never has to exist at once.
final class Deflater {
  /// zlib keeps a pointer back to its stream: the stream must not move, so it lives on
  /// the heap.
  private let stream: UnsafeMutablePointer<z_stream>
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)
  /// The compressed bytes so far.
  private(set) var output: [UInt8] = []
  private(set) var failed = false

  init(level: Int32, strategy: Deflate.Strategy) {
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    failed = abcpress_deflate_init(stream, level, strategy.zlibValue) != Z_OK
  }

  deinit {
    if !failed { deflateEnd(stream) }
    stream.deinitialize(count: 1)
    stream.deallocate()
  }

  /// Compresses `input`; `finish` ends the stream after it.
  func add(_ input: UnsafeBufferPointer<UInt8>, finish: Bool = false) {
    guard !failed else { return }
    stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
    stream.pointee.avail_in = uInt(input.count)
    let flush = finish ? Z_FINISH : Z_NO_FLUSH
    while true {
      let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
        stream.pointee.next_out = buffer.baseAddress
        stream.pointee.avail_out = uInt(buffer.count)
        let status = deflate(stream, flush)
        return (status, buffer.count - Int(stream.pointee.avail_out))
      }
      output.append(contentsOf: chunk[..<produced])
      if status == Z_STREAM_END { return }
      guard status == Z_OK || status == Z_BUF_ERROR else {
        failed = true
        return
      }
      // Done with this input once zlib has taken it all and had room to spare.
      if stream.pointee.avail_in == 0 && produced < chunk.count && !finish { return }
    }
  }
}
