import CABCPressZlib

/// Compressed MusicXML (`.mxl`): a ZIP archive with a `mimetype` entry, the container
/// file `META-INF/container.xml` naming the score, and the score itself.
///
/// Method: writing stores `mimetype` first and uncompressed (as the format asks) and
/// deflates the rest with zlib (`compress2`, whose raw deflate stream sits between a
/// two-byte header and a four-byte checksum). Reading walks the central directory and
/// inflates entries stored or deflated; entries are found by name. Dates are fixed at
/// 1980-01-01 so archives are reproducible.
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

  /// The entries of a ZIP archive by name; nil when the bytes are not a readable archive.
  public static func entries(of archive: [UInt8], limit: Int = 64 << 20) -> [String: [UInt8]]? {
    guard archive.count >= 22 else { return nil }
    var end = archive.count - 22
    let lowest = max(0, archive.count - 22 - 65_535)
    while end >= lowest && read32(archive, end) != 0x0605_4b50 { end -= 1 }
    guard end >= lowest else { return nil }
    let count = read16(archive, end + 10)
    var cursor = read32(archive, end + 16)
    var result: [String: [UInt8]] = [:]
    for _ in 0..<count {
      guard cursor + 46 <= archive.count, read32(archive, cursor) == 0x0201_4b50 else { return nil }
      let method = read16(archive, cursor + 10)
      let compressed = read32(archive, cursor + 20)
      let size = read32(archive, cursor + 24)
      let nameLength = read16(archive, cursor + 28)
      let skip = nameLength + read16(archive, cursor + 30) + read16(archive, cursor + 32)
      let local = read32(archive, cursor + 42)
      guard cursor + 46 + nameLength <= archive.count, size <= limit else { return nil }
      let name = String(decoding: archive[(cursor + 46)..<(cursor + 46 + nameLength)], as: UTF8.self)
      cursor += 46 + skip
      guard local + 30 <= archive.count, read32(archive, local) == 0x0403_4b50 else { return nil }
      let start = local + 30 + read16(archive, local + 26) + read16(archive, local + 28)
      guard start + compressed <= archive.count else { return nil }
      let data = Array(archive[start..<(start + compressed)])
      switch method {
      case 0: result[name] = data
      case 8:
        guard let inflated = inflate(data, size: size) else { return nil }
        result[name] = inflated
      default: continue
      }
    }
    return result
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
