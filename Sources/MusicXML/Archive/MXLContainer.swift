import CABCPressZlib
import ScoreModel

/// Compressed MusicXML (`.mxl`): a ZIP archive with a `mimetype` entry, the container
/// file `META-INF/container.xml` naming the score, and the score itself.
///
/// Method: writing stores `mimetype` first and uncompressed (as the format asks) and
/// deflates the rest with zlib (`compress2`, whose raw deflate stream sits between a
/// two-byte header and a four-byte checksum). Reading walks the central directory, checks
/// that its entries are distinct and do not share bytes, and inflates only the entries
/// asked for (the container and the score), each checked against its CRC-32, all within
/// `Limits.mxlInflatedSize`. Dates are fixed at 1980-01-01 so archives are reproducible.
///
/// Known limits: no ZIP64 (entries and archives under 4 GB), no encryption.
public enum MXLContainer {
  static let mediaType = "application/vnd.recordare.musicxml"

  /// An archive holding `document` under `name`.
  public static func archive(document: [UInt8], name: String) -> [UInt8] {
    let container = """
      <?xml version="1.0" encoding="UTF-8"?>
      <container>
        <rootfiles>
          <rootfile full-path="\(XMLWriter.escape(name))" media-type="application/vnd.recordare.musicxml+xml"/>
        </rootfiles>
      </container>

      """
    return zip([
      ("mimetype", Array(mediaType.utf8), false), ("META-INF/container.xml", Array(container.utf8), true),
      (name, document, true),
    ])
  }

  /// One file of an archive as its central directory lists it.
  public struct Entry: Sendable {
    public var name: String
    /// The stored bytes' place in the archive.
    var data: Range<Int>
    /// 0 stored, 8 deflated.
    var method: Int
    public var size: Int
    var crc: UInt32
    var isEncrypted: Bool
  }

  /// Why an archive or one of its entries cannot be read.
  public struct ArchiveError: Error, CustomStringConvertible {
    public var description: String
  }

  /// The entries of a ZIP archive by name, found through its central directory without
  /// reading any of them. Refused: more than `Limits.mxlEntries` entries, a name listed
  /// twice, entries whose bytes overlap (one member listed many times: a "zip bomb"), an
  /// entry larger than `Limits.mxlInflatedSize`, ZIP64 and split archives.
  public static func directory(of archive: [UInt8]) throws(ArchiveError) -> [String: Entry] {
    func fail(_ reason: String) -> ArchiveError { ArchiveError(description: reason) }
    guard archive.count >= 22 else { throw fail("too short to be a ZIP archive") }
    var end = archive.count - 22
    let lowest = max(0, archive.count - 22 - 65_535)
    while end >= lowest && read32(archive, end) != 0x0605_4b50 { end -= 1 }
    guard end >= lowest else { throw fail("no ZIP central directory (damaged, or not a ZIP file)") }
    let count = read16(archive, end + 10)
    let directorySize = read32(archive, end + 12)
    var cursor = read32(archive, end + 16)
    guard read16(archive, end + 4) == 0, read16(archive, end + 6) == 0, read16(archive, end + 8) == count,
      count != 0xFFFF, cursor != 0xFFFF_FFFF
    else { throw fail("split and ZIP64 archives are not read") }
    guard count <= Limits.mxlEntries else { throw fail("more than \(Limits.mxlEntries) entries") }
    guard cursor + directorySize <= end else { throw fail("the central directory lies outside the archive") }
    var result: [String: Entry] = [:]
    var spans: [Range<Int>] = []
    for _ in 0..<count {
      guard cursor + 46 <= archive.count, read32(archive, cursor) == 0x0201_4b50 else {
        throw fail("a central directory entry is damaged")
      }
      let flags = read16(archive, cursor + 8)
      let method = read16(archive, cursor + 10)
      let crc = UInt32(read32(archive, cursor + 16))
      let compressed = read32(archive, cursor + 20)
      let size = read32(archive, cursor + 24)
      let nameLength = read16(archive, cursor + 28)
      let skip = nameLength + read16(archive, cursor + 30) + read16(archive, cursor + 32)
      let local = read32(archive, cursor + 42)
      guard cursor + 46 + nameLength <= archive.count else {
        throw fail("a central directory entry is damaged")
      }
      let name = String(decoding: archive[(cursor + 46)..<(cursor + 46 + nameLength)], as: UTF8.self)
      cursor += 46 + skip
      guard compressed != 0xFFFF_FFFF, size != 0xFFFF_FFFF, local != 0xFFFF_FFFF else {
        throw fail("ZIP64 archives are not read")
      }
      guard size <= Limits.mxlInflatedSize else {
        throw fail(
          "'\(Diagnostic.excerpt(name))' would inflate to more than \(Limits.mxlInflatedSize >> 20) MB")
      }
      guard local + 30 <= archive.count, read32(archive, local) == 0x0403_4b50 else {
        throw fail("the entry '\(Diagnostic.excerpt(name))' is damaged")
      }
      let start = local + 30 + read16(archive, local + 26) + read16(archive, local + 28)
      guard start + compressed <= archive.count else {
        throw fail("the entry '\(Diagnostic.excerpt(name))' runs past the end of the archive")
      }
      guard result[name] == nil else { throw fail("the archive lists '\(Diagnostic.excerpt(name))' twice") }
      result[name] = Entry(
        name: name, data: start..<(start + compressed), method: method, size: size, crc: crc,
        isEncrypted: flags & 1 != 0)
      spans.append(local..<(start + compressed))
    }
    spans.sort { $0.lowerBound < $1.lowerBound }
    for (first, second) in Swift.zip(spans, spans.dropFirst()) where second.lowerBound < first.upperBound {
      throw fail("entries share their bytes (one member listed many times: a zip bomb)")
    }
    return result
  }

  /// The bytes of `entry`, inflated and checked against its CRC-32; what it inflates to
  /// is taken from `budget` (an archive's entries together stay within it).
  public static func contents(of entry: Entry, in archive: [UInt8], budget: inout Int) throws(ArchiveError)
    -> [UInt8]
  {
    let name = Diagnostic.excerpt(entry.name)
    guard !entry.isEncrypted else { throw ArchiveError(description: "'\(name)' is encrypted") }
    guard entry.size <= budget else {
      throw ArchiveError(
        description: "the entries read would inflate to more than \(Limits.mxlInflatedSize >> 20) MB")
    }
    let data = Array(archive[entry.data])
    let bytes: [UInt8]
    switch entry.method {
    case 0:
      guard data.count == entry.size else { throw ArchiveError(description: "'\(name)' is damaged") }
      bytes = data
    case 8:
      guard let inflated = inflate(data, size: entry.size) else {
        throw ArchiveError(description: "'\(name)' is damaged (it does not inflate to its size)")
      }
      bytes = inflated
    default:
      throw ArchiveError(description: "'\(name)' is compressed with method \(entry.method), not deflate")
    }
    let crc = bytes.withUnsafeBufferPointer { UInt32(crc32_z(0, $0.baseAddress, $0.count)) }
    guard crc == entry.crc else {
      throw ArchiveError(description: "'\(name)' is damaged (its CRC-32 is wrong)")
    }
    budget -= entry.size
    return bytes
  }

  /// True when the bytes start like a ZIP archive.
  public static func isArchive(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4b && bytes[2] == 3 && bytes[3] == 4
  }

  private static func zip(_ files: [(name: String, data: [UInt8], deflate: Bool)]) -> [UInt8] {
    var out: [UInt8] = []
    var directory: [UInt8] = []
    for file in files {
      let crc = file.data.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
      let packed = file.deflate ? deflate(file.data) : nil
      let body = packed ?? file.data
      let name = Array(file.name.utf8)
      var common: [UInt8] = []
      append16(&common, 20)  // version needed: 2.0
      append16(&common, 0x0800)  // names in UTF-8
      append16(&common, packed == nil ? 0 : 8)
      append16(&common, 0)  // time 00:00
      append16(&common, 0x21)  // date 1980-01-01
      append32(&common, crc)
      append32(&common, UInt32(body.count))
      append32(&common, UInt32(file.data.count))
      append16(&common, name.count)
      append16(&common, 0)  // extra field
      let offset = out.count
      append32(&out, 0x0403_4b50)
      out += common + name + body
      append32(&directory, 0x0201_4b50)
      append16(&directory, 20)  // made by: MS-DOS, 2.0
      directory += common
      append16(&directory, 0)  // comment
      append16(&directory, 0)  // disk
      append16(&directory, 0)  // internal attributes
      append32(&directory, 0)  // external attributes
      append32(&directory, UInt32(offset))
      directory += name
    }
    let directoryOffset = out.count
    out += directory
    append32(&out, 0x0605_4b50)
    append16(&out, 0)
    append16(&out, 0)
    append16(&out, files.count)
    append16(&out, files.count)
    append32(&out, UInt32(directory.count))
    append32(&out, UInt32(directoryOffset))
    append16(&out, 0)
    return out
  }

  /// Raw deflate of `data`, nil if zlib fails (the entry is then stored).
  private static func deflate(_ data: [UInt8]) -> [UInt8]? {
    var length = compressBound(uLong(data.count))
    var out = [UInt8](repeating: 0, count: Int(length))
    let status = data.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer {
        compress2($0.baseAddress, &length, input.baseAddress, uLong(data.count), 6)
      }
    }
    guard status == Z_OK, length >= 6 else { return nil }
    return Array(out[2..<(Int(length) - 4)])
  }

  private static func inflate(_ data: [UInt8], size: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: size)
    guard size > 0 else { return [] }
    let status = data.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer {
        abcpress_inflate_raw(input.baseAddress, uLong(data.count), $0.baseAddress, uLong(size))
      }
    }
    return status == Z_OK ? out : nil
  }

  private static func read16(_ bytes: [UInt8], _ at: Int) -> Int {
    guard at + 2 <= bytes.count else { return 0 }
    return Int(bytes[at]) | Int(bytes[at + 1]) << 8
  }

  private static func read32(_ bytes: [UInt8], _ at: Int) -> Int {
    guard at + 4 <= bytes.count else { return 0 }
    return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
  }

  private static func append16(_ bytes: inout [UInt8], _ value: Int) {
    bytes += [UInt8(value & 0xff), UInt8(value >> 8 & 0xff)]
  }

  private static func append32(_ bytes: inout [UInt8], _ value: UInt32) {
    bytes += [UInt8(value & 0xff), UInt8(value >> 8 & 0xff), UInt8(value >> 16 & 0xff), UInt8(value >> 24)]
  }
}
