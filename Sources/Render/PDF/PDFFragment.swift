import CABCPressZlib
import DisplayList

/// A group of display items drawn once as PDF operators — a tune's system, heading or
/// text line — from a fresh graphics state, so a page can place it anywhere with
/// `q 1 0 0 1 dx dy cm … Q`. A layout cache keeps it (`encoded()`), so a later run copies
/// the operators into the page without drawing the items again (no text shaping, no
/// number formatting); the page's content is compressed as a whole, as before.
public struct PDFFragment: Sendable {
  /// The operators, or their packed form (`CompressedRecord`) as a cache record kept them:
  /// unpacked only for a page that is drawn again (see PageStreamCache).
  private let stored: [UInt8]
  private let isPacked: Bool
  var content: [UInt8] { isPacked ? CompressedRecord.unpack(stored) ?? [] : stored }
  let fonts: PDFFontUses
  let alphaStates: Set<Int>
  /// The operators' CRC-32 and Adler-32 (zlib's), which name them in a page's description
  /// (kept in the cache's record, else worked out when asked for).
  var digest: UInt64 {
    storedDigest
      ?? content.withUnsafeBufferPointer {
        UInt64(crc32_z(0, $0.baseAddress, $0.count)) << 32 | UInt64(adler32_z(1, $0.baseAddress, $0.count))
      }
  }
  private let storedDigest: UInt64?

  /// The fragment as bytes (ByteWriter's form).
  /// `packed`: the operators packed with zlib (a record of pieces kept between runs, about
  /// a quarter of their size); a compressed page stream is kept as it is.
  public func encoded(packed: Bool = true) -> [UInt8] {
    var writer = ByteWriter(capacity: stored.count + 256)
    writer.bool(packed)
    writer.data(isPacked || !packed ? stored : CompressedRecord.pack(stored))
    writer.uint(digest)
    writer.count(fonts.count)
    for key in fonts.sortedKeys {
      guard let use = fonts[key] else { continue }
      switch use.source {
      case .music(let family):
        writer.uint(0)
        writer.string(family)
      case .file(let path, let index):
        writer.uint(1)
        writer.string(path)
        writer.int(index)
      }
      writer.count(use.glyphs.count)
      for glyph in use.glyphs.keys.sorted() {
        writer.uint(UInt64(glyph))
        writer.string(use.glyphs[glyph] ?? "")
      }
    }
    writer.count(alphaStates.count)
    for level in alphaStates.sorted() { writer.int(level) }
    return writer.bytes
  }

  /// A fragment read back from `encoded()`; nil when the bytes are damaged.
  public init?(encoded bytes: [UInt8]) {
    var reader = ByteReader(bytes)
    guard let isPacked = reader.bool(), let stored = reader.data(), let digest = reader.uint(),
      let fontCount = reader.count()
    else { return nil }
    var fonts = PDFFontUses()
    for _ in 0..<fontCount {
      let source: PDFFontSource
      switch reader.uint() {
      case 0:
        guard let family = reader.string() else { return nil }
        source = .music(family: family)
      case 1:
        guard let path = reader.string(), let index = reader.int() else { return nil }
        source = .file(path: path, index: index)
      default: return nil
      }
      guard let glyphCount = reader.count() else { return nil }
      var use = PDFFontUse(source: source)
      for _ in 0..<glyphCount {
        guard let glyph = reader.uint(), glyph <= 0xFFFF, let text = reader.string() else {
          return nil
        }
        use.set(UInt32(glyph), text: text)
      }
      fonts.put(use, for: source.fontKey)
    }
    guard let alphaCount = reader.count() else { return nil }
    var alphaStates: Set<Int> = []
    for _ in 0..<alphaCount {
      guard let level = reader.int() else { return nil }
      alphaStates.insert(level)
    }
    guard reader.isAtEnd else { return nil }
    self.init(stored: stored, isPacked: isPacked, fonts: fonts, alphaStates: alphaStates, digest: digest)
  }

  init(content: [UInt8], fonts: PDFFontUses, alphaStates: Set<Int>) {
    self.init(stored: content, isPacked: false, fonts: fonts, alphaStates: alphaStates, digest: nil)
  }

  private init(
    stored: [UInt8], isPacked: Bool, fonts: PDFFontUses, alphaStates: Set<Int>, digest: UInt64?
  ) {
    self.stored = stored
    self.isPacked = isPacked
    self.fonts = fonts
    self.alphaStates = alphaStates
    storedDigest = digest
  }
}
