import CABCPressDeflate
import CABCPressZlib

/// zlib-format (RFC 1950) compression for PDF streams (`/FlateDecode`) and cache records
/// (`CompressedRecord`), by libdeflate, and PNG image data (`Deflater`, by zlib).
enum Deflate {
  /// libdeflate's level for PDF streams: its fastest, which on the corpus book's page
  /// content (92 MB) compresses twice as fast as zlib's level 3 did and 4 % smaller
  /// (7.0 MB against 7.3 MB for 3,000 pages).
  static let level: Int32 = 1

  /// The compressed bytes of `data` in one piece, by libdeflate (or the data itself,
  /// uncompressed, if it fails).
  static func compress(_ data: [UInt8]) -> (bytes: [UInt8], compressed: Bool) {
    Compressor().compress(data)
  }

  /// A libdeflate compressor kept for many streams (a page encoder's: making one costs as
  /// much as compressing a small page). One thread at a time.
  final class Compressor {
    private let handle: OpaquePointer?

    init() {
      handle = libdeflate_alloc_compressor(Deflate.level)
    }

    deinit {
      if let handle { libdeflate_free_compressor(handle) }
    }

    /// `data` compressed in the zlib format, or itself (uncompressed) if that fails.
    func compress(_ data: [UInt8]) -> (bytes: [UInt8], compressed: Bool) {
      guard let output = compress(data, after: 0) else { return (data, false) }
      return (output, true)
    }

    /// `data` compressed in the zlib format after `header` bytes left for the caller
    /// (zeros), or nil if that fails.
    func compress(_ data: [UInt8], after header: Int) -> [UInt8]? {
      guard let handle else { return nil }
      let bound = libdeflate_zlib_compress_bound(handle, data.count)
      var size = 0
      let output = [UInt8](unsafeUninitializedCapacity: header + bound) { buffer, count in
        for index in 0..<header { buffer[index] = 0 }
        size = data.withUnsafeBytes { input in
          libdeflate_zlib_compress(
            handle, input.baseAddress, input.count, buffer.baseAddress! + header, bound)
        }
        count = size > 0 ? header + size : 0
      }
      return size > 0 ? output : nil
    }
  }
}

/// A zlib stream: a PNG's rows compressed one at a time as they are filtered (so the
/// whole image never has to exist at once). It looks only for runs of one byte (zlib's
/// Z_RLE), which suits filtered rows (mostly zero) at a fraction of a full search's time.
final class Deflater {
  /// zlib keeps a pointer back to its stream: the stream must not move, so it lives on
  /// the heap.
  private let stream: UnsafeMutablePointer<z_stream>
  /// Where zlib writes before the bytes join `output` (uninitialised: zero-filling 64 KB per
  /// image was measurable).
  private let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
  /// The compressed bytes so far.
  private(set) var output: [UInt8] = []
  private(set) var failed = false
  private let started: Bool

  init(level: Int32) {
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    started = abcpress_deflate_init(stream, level, Z_RLE) == Z_OK
    failed = !started
  }

  deinit {
    if started { deflateEnd(stream) }
    stream.deinitialize(count: 1)
    stream.deallocate()
    chunk.deallocate()
  }

  /// Compresses `input`; `finish` ends the stream after it.
  func add(_ input: UnsafeBufferPointer<UInt8>, finish: Bool = false) {
    guard !failed else { return }
    stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
    stream.pointee.avail_in = uInt(input.count)
    let flush = finish ? Z_FINISH : Z_NO_FLUSH
    while true {
      stream.pointee.next_out = chunk.baseAddress
      stream.pointee.avail_out = uInt(chunk.count)
      let status = deflate(stream, flush)
      let produced = chunk.count - Int(stream.pointee.avail_out)
      output.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<produced]))
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
