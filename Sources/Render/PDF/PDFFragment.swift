import DisplayList

/// A group of display items drawn once as PDF operators — a tune's system, heading or
/// text line — from a fresh graphics state, so a page can place it anywhere with
/// `q 1 0 0 1 dx dy cm … Q`. A layout cache keeps it (`encoded()`), so a later run copies
/// the operators into the page without drawing the items again (no text shaping, no
/// number formatting); the page's content is compressed as a whole, as before.
public struct PDFFragment: Sendable {
  let content: [UInt8]
  let fonts: [String: PDFFontUse]
  let alphaStates: Set<Int>

  /// The fragment as bytes (ByteWriter's form).
  public func encoded() -> [UInt8] {
    var writer = ByteWriter(capacity: content.count + 256)
    writer.data(content)
    writer.count(fonts.count)
    for key in fonts.keys.sorted() {
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
    guard let content = reader.data(), let fontCount = reader.count()
    else { return nil }
    var fonts: [String: PDFFontUse] = [:]
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
        guard let glyph = reader.uint(), glyph <= UInt64(UInt32.max), let text = reader.string() else {
          return nil
        }
        use.glyphs[UInt32(glyph)] = text
      }
      fonts[source.key] = use
    }
    guard let alphaCount = reader.count() else { return nil }
    var alphaStates: Set<Int> = []
    for _ in 0..<alphaCount {
      guard let level = reader.int() else { return nil }
      alphaStates.insert(level)
    }
    guard reader.isAtEnd else { return nil }
    self.init(content: content, fonts: fonts, alphaStates: alphaStates)
  }

  init(content: [UInt8], fonts: [String: PDFFontUse], alphaStates: Set<Int>) {
    self.content = content
    self.fonts = fonts
    self.alphaStates = alphaStates
  }
}
