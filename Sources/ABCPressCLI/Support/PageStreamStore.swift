import CABCPressZlib
import Render

/// A layout cache's encoded PDF pages, each under a key made from the page's description
/// (zlib's CRC-32 and Adler-32 of it and its length, with the cache's settings): a page
/// laid out as in an earlier run — every page before an edit, all of them when nothing
/// changed — is read back instead of drawn and compressed again. Records are sealed by the
/// cache folder like the tunes'.
struct PageStreamStore: PageStreamCache {
  let cache: TuneCache

  static let pathExtension = "pdfpage"

  func record(for description: [UInt8]) -> [UInt8]? {
    cache.read(key(description), pathExtension: Self.pathExtension)
  }

  func keep(_ record: [UInt8], for description: [UInt8]) {
    cache.write(record, key: key(description), pathExtension: Self.pathExtension)
  }

  /// The description's checksums first (they spread entries over the cache's folders).
  private func key(_ description: [UInt8]) -> String {
    let (crc, adler) = description.withUnsafeBufferPointer {
      (crc32_z(0, $0.baseAddress, $0.count), adler32_z(1, $0.baseAddress, $0.count))
    }
    func hex(_ value: UInt) -> String {
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
    return hex(crc) + hex(adler) + String(description.count, radix: 16) + "-" + cache.settings.prefix(16)
  }
}
