import DisplayList
import Foundation

/// Where an embedded font's program comes from.
enum PDFFontSource: Hashable, Sendable {
  /// A music font of the font library, by family.
  case music(family: String)
  /// A text font file (face `index` of it), as fontconfig found it for Pango.
  case file(path: String, index: Int)

  /// The key a page's content names the font by.
  var key: String {
    switch self {
    case .music(let family): "music:" + family
    case .file(let path, let index): "\(path)#\(index)"
    }
  }

  /// The resource name in content streams: stable across threads, runs and page order.
  var resourceName: String { "F" + String(PDFSyntax.stableHash(key), radix: 36) }

  /// The key as font tables are keyed by it.
  var fontKey: PDFFontKey { PDFFontKey(key) }
}

/// A font's key (`PDFFontSource.key`) with its hash worked out once: a page's font table
/// is looked up by it for every run of text, and hashing a font file's path each time was
/// a tenth of writing a page's text. Ordered by the key's text.
struct PDFFontKey: Hashable, Comparable, Sendable {
  let text: String
  private let hash: Int

  init(_ text: String) {
    self.text = text
    hash = text.hashValue
  }

  func hash(into hasher: inout Hasher) { hasher.combine(hash) }

  static func == (left: PDFFontKey, right: PDFFontKey) -> Bool {
    left.hash == right.hash && left.text == right.text
  }

  static func < (left: PDFFontKey, right: PDFFontKey) -> Bool { left.text < right.text }
}

/// A page ready to be written: its compressed content and what that content refers to.
public struct PDFEncodedPage: Sendable {
  var width: Double
  var height: Double
  var content: [UInt8]
  var compressed: Bool
  var fonts: PDFFontUses
  var alphaStates: Set<Int>
  var links: [PageLink]
  var label: String?
}

/// Turns display pages into PDF content streams (one encoder per thread).
///
/// The page is drawn in page points with y pointing down (one flip of the coordinate
/// system at the start), in display-list order: the theme's background, then every item
/// in its role's colour. Music glyphs are shown by glyph index in their font; text is
/// shaped by Pango (the layout engine's measurer) and shown at Pango's positions, so PDF
/// text sets exactly as measured: a run on one baseline as one `TJ` array, its glyphs
/// advancing by their widths in the font and kerned where Pango placed them otherwise.
final class PDFPageEncoder {
  let fonts: FontLibrary
  let text: PangoTextMeasurer
  let palette: RolePalette
  private var glyphMaps: [String: CodepointMap] = [:]
  /// Fonts' keys and resource names, made once per encoder (a name is a hash of a string):
  /// music fonts by family, text faces by the measurer's face number.
  private var musicFonts: [String: MusicFontEntry] = [:]
  /// The music font last drawn with and its glyph map: a page's glyphs are nearly all in
  /// one font, and looking it up by name for each glyph was a large part of a page's cost.
  private var lastMusic: MusicFontEntry?
  private var textFaces: [FontReference?] = []
  /// Text faces' glyph widths as their fonts' `/W` arrays give them, by face number; nil
  /// for a face HarfBuzz cannot open (its glyphs are placed one by one).
  private var textWidths: [PDFGlyphWidths??] = []
  /// Compressed page streams of earlier runs.
  var streamCache: (any PageStreamCache)?
  /// Deflates this encoder's pages (an encoder serves one thread at a time).
  private let compressor = Deflate.Compressor()

  /// A font as pages refer to it.
  /// (A class: handed about for every glyph, a reference is cheaper than its strings.)
  private final class FontReference {
    let source: PDFFontSource
    let key: PDFFontKey
    let resourceName: String

    init(_ source: PDFFontSource) {
      self.source = source
      key = source.fontKey
      resourceName = source.resourceName
    }
  }

  init(fonts: FontLibrary, text: PangoTextMeasurer, palette: RolePalette) {
    self.fonts = fonts
    self.text = text
    self.palette = palette
  }

  func encode(_ page: DisplayPage) throws -> PDFEncodedPage {
    // A page drawn as in an earlier run: its compressed content as that run kept it.
    let description = streamCache.flatMap { _ in Self.describe(page, palette: palette) }
    if let description, let record = streamCache?.record(for: description),
      let kept = PDFFragment(encoded: record)
    {
      return PDFEncodedPage(
        width: page.width, height: page.height, content: kept.content, compressed: true, fonts: kept.fonts,
        alphaStates: kept.alphaStates, links: page.links, label: page.label)
    }
    var stream = PDFContentStream()
    var used = PDFFontUses()
    stream.raw("1 0 0 -1 0 ")
    stream.number(page.height)
    stream.op("cm")
    if palette.background.alpha > 0 {
      stream.setColor(palette.background)
      stream.raw("0 0 ")
      stream.number(page.width)
      stream.number(page.height)
      stream.op("re f")
    }
    // Each placed group: its fragment, drawn now or as a cache kept it, moved into place.
    var alphaStates: Set<Int> = []
    for placed in page.groups {
      let fragment = try (placed.group.rendering as? PDFFragment) ?? self.fragment(placed.group.items)
      used.merge(fragment.fonts)
      alphaStates.formUnion(fragment.alphaStates)
      stream.op("q")
      stream.raw("1 0 0 1 ")
      stream.number(placed.dx)
      stream.number(placed.dy)
      stream.op("cm")
      stream.append(fragment.content)
      stream.op("Q")
    }
    try draw(page.ownItems, on: &stream, used: &used)
    let packed = compressor.compress(stream.bytes)
    if let description, packed.compressed {
      let kept = PDFFragment(
        content: packed.bytes, fonts: used, alphaStates: stream.alphaStates.union(alphaStates))
      streamCache?.keep(kept.encoded(packed: false), for: description)
    }
    return PDFEncodedPage(
      width: page.width, height: page.height, content: packed.bytes, compressed: packed.compressed,
      fonts: used,
      alphaStates: stream.alphaStates.union(alphaStates), links: page.links, label: page.label)
  }

  /// What the page's content is made of, as bytes: its size and colours, each piece's
  /// operators (by their checksum) and offset, and its own items; nil when a piece has no
  /// operators yet.
  static func describe(_ page: DisplayPage, palette: RolePalette = .standard) -> [UInt8]? {
    var writer = ByteWriter(capacity: 512 + 24 * page.groups.count + 64 * page.ownItems.count)
    writer.double(page.width)
    writer.double(page.height)
    for color in [palette.background] + Role.allCases.map(palette.color(for:)) {
      for part in [color.red, color.green, color.blue, color.alpha] { writer.double(part) }
    }
    writer.count(page.groups.count)
    for placed in page.groups {
      guard let fragment = placed.group.rendering as? PDFFragment else { return nil }
      writer.uint(fragment.digest)
      writer.double(placed.dx)
      writer.double(placed.dy)
    }
    writer.items(page.ownItems)
    return writer.bytes
  }

  /// The operators that draw `items` from a fresh graphics state.
  func fragment(_ items: [DisplayItem]) throws -> PDFFragment {
    var stream = PDFContentStream(capacity: 4096)
    var used = PDFFontUses()
    try draw(items, on: &stream, used: &used)
    return PDFFragment(content: stream.bytes, fonts: used, alphaStates: stream.alphaStates)
  }

  /// Draws items in display-list order, each in its role's colour.
  private func draw(
    _ items: [DisplayItem], on stream: inout PDFContentStream, used: inout PDFFontUses
  )
    throws
  {
    var index = 0
    // The music font's use is held out of the table while the items are drawn (put back
    // when another music font comes, and at the end): a page's glyphs come in thousands of
    // short runs between lines, and each run took it out and put it back by its name.
    var held: (key: PDFFontKey, use: PDFFontUse, entry: MusicFontEntry)?
    // So is the text font last shown (texts come one by one, mostly in one font).
    var heldText: HeldTextFont?
    defer {
      if let held { used.put(held.use, for: held.key) }
      if let heldText { used.put(heldText.use, for: heldText.key) }
    }
    // The items read where they lie (a copy of each whole item was a twentieth of a page).
    try items.withUnsafeBufferPointer { items in
      guard let first = items.baseAddress else { return }
      while index < items.count {
        let item = first + index
        let color = palette.color(for: item.pointee.role)
        stream.setColor(color)
        switch item.pointee.shape {
        case .glyph:
          // Consecutive glyphs of one colour share a text object.
          stream.beginText()
          while index < items.count, case .glyph(let glyph) = first[index].shape,
            palette.color(for: first[index].role) == color
          {
            try show(glyph, on: &stream, used: &used, held: &held)
            index += 1
          }
          stream.endText()
          continue
        case .line(let line):
          if line.thickness > 0 {
            stream.setStroke(width: line.thickness, cap: 0, join: 0, dash: line.dash)
            stream.move(line.from)
            stream.line(line.to)
            stream.op("S")
          }
        case .path(let path):
          draw(path, on: &stream)
        case .text(let run):
          show(run, on: &stream, used: &used, held: &heldText)
        }
        index += 1
      }
    }
  }

  private func show(
    _ glyph: GlyphShape, on stream: inout PDFContentStream, used: inout PDFFontUses,
    held: inout (key: PDFFontKey, use: PDFFontUse, entry: MusicFontEntry)?
  ) throws {
    guard glyph.size.isFinite, glyph.size > 0, glyph.scaleX.isFinite, glyph.scaleX > 0 else { return }
    let music = try musicFont(glyph.family)
    guard let id = music.map[glyph.codepoint] else {
      throw RenderError.missingGlyph(name: glyph.name, codepoint: glyph.codepoint, font: glyph.font)
    }
    let font = music.font
    // The same font as the glyph before (nearly always): known by its entry, no key compared.
    if held?.entry !== music {
      if let previous = held { used.put(previous.use, for: previous.key) }
      held = (font.key, used.take(font.key) ?? PDFFontUse(source: font.source), music)
    }
    held?.use.noteFirst(id) { Unicode.Scalar(glyph.codepoint).map { String($0) } ?? "" }
    stream.setFont(font.resourceName, size: glyph.size)
    stream.showGlyph(id, x: glyph.origin.x, y: glyph.origin.y, scaleX: glyph.scaleX)
  }

  /// A text font's use held out of the page's table while its texts are drawn, with the
  /// face number it was taken for.
  private struct HeldTextFont {
    var key: PDFFontKey
    var use: PDFFontUse
    var face: Int
  }

  private func show(
    _ run: TextShape, on stream: inout PDFContentStream, used: inout PDFFontUses,
    held: inout HeldTextFont?
  ) {
    let runs = text.glyphRuns(run.text, font: run.font)
    guard !runs.isEmpty else { return }
    for glyphRun in runs where !glyphRun.glyphs.isEmpty {
      let font = textFace(glyphRun.face)
      // Taken out of the table while it grows, so adding a glyph never copies the others;
      // held there while the next texts are in the same face.
      if held?.face != glyphRun.face {
        if let previous = held { used.put(previous.use, for: previous.key) }
        held = HeldTextFont(
          key: font.key, use: used.take(font.key) ?? PDFFontUse(source: font.source),
          face: glyphRun.face)
      }
      guard var use = held.take()?.use else { continue }
      if glyphRun.embolden {
        stream.op("q")
        stream.number(glyphRun.size / 30)
        stream.op("w 2 Tr")
      }
      stream.beginText()
      stream.setFont(font.resourceName, size: glyphRun.size)
      let widths = textWidths(glyphRun.face)
      // The reader scales by the size as `Tf` wrote it (10.125 is set as 10.13).
      let size = PDFContentStream.rounded(glyphRun.size)
      // Read in place: a copy of each glyph (its text with it) was a tenth of showing it.
      glyphRun.glyphs.withUnsafeBufferPointer { glyphs in
        guard let widths else {
          for index in glyphs.indices where glyphs[index].id <= 0xFFFF {
            let id = glyphs[index].id
            use.note(id) { glyphs[index].text }
            let (x, y) = (run.origin.x + glyphs[index].x, run.origin.y + glyphs[index].y)
            stream.showGlyph(id, x: x, y: y, slant: glyphRun.slant)
          }
          return
        }
        // The widths read where they lie (a call on the table held it, a reference count,
        // for every glyph); a glyph not looked up yet asks the table, which may move them.
        var (known, count) = (widths.known, widths.count)
        for index in glyphs.indices where glyphs[index].id <= 0xFFFF {
          let id = glyphs[index].id
          use.note(id) { glyphs[index].text }
          let (x, y) = (run.origin.x + glyphs[index].x, run.origin.y + glyphs[index].y)
          var width = Int(id) < count ? known[Int(id)] : .nan
          if width.isNaN {
            width = widths.lookUp(id)
            (known, count) = (widths.known, widths.count)
          }
          stream.showRunGlyph(id, x: x, y: y, width: width, size: size, slant: glyphRun.slant)
        }
      }
      stream.endText()
      if glyphRun.embolden {
        stream.op("Q")
        stream.forgetFont()
      }
      held = HeldTextFont(key: font.key, use: use, face: glyphRun.face)
    }
  }

  private func textWidths(_ number: Int) -> PDFGlyphWidths? {
    if number < textWidths.count, let known = textWidths[number] { return known }
    let face = text.face(number)
    let widths = PDFFontProgram(path: face.path, index: face.index).map(PDFGlyphWidths.init)
    if number >= textWidths.count { textWidths += repeatElement(nil, count: number + 1 - textWidths.count) }
    textWidths[number] = .some(widths)
    return widths
  }

  private func textFace(_ number: Int) -> FontReference {
    if number < textFaces.count, let font = textFaces[number] { return font }
    let face = text.face(number)
    let font = FontReference(.file(path: face.path, index: face.index))
    if number >= textFaces.count { textFaces += repeatElement(nil, count: number + 1 - textFaces.count) }
    textFaces[number] = font
    return font
  }

  private func draw(_ path: PathShape, on stream: inout PDFContentStream) {
    for segment in path.segments {
      switch segment {
      case .move(let p): stream.move(p)
      case .line(let p): stream.line(p)
      case .curve(let a, let b, let c): stream.curve(a, b, c)
      case .close: stream.op("h")
      }
    }
    if let width = path.strokeWidth {
      stream.setStroke(width: width, cap: 1, join: 1, dash: path.dash)
      stream.op("S")
    } else {
      stream.op("f")
    }
  }

  /// Code point → glyph index of a music font, read once per encoder.
  /// The music font named `family` and its glyph map (the last one kept at hand).
  private func musicFont(_ number: InternedName) throws -> MusicFontEntry {
    if let last = lastMusic, last.number == number { return last }
    let family = NameTable.families.text(number)
    let entry =
      try musicFonts[family] ?? MusicFontEntry(family: family, number: number, map: glyphMap(family))
    musicFonts[family] = entry
    lastMusic = entry
    return entry
  }

  /// A music font as pages refer to it, with its glyph map.
  private final class MusicFontEntry {
    let family: String
    /// The family's number (`GlyphShape.family`).
    let number: InternedName
    let font: FontReference
    let map: CodepointMap

    init(family: String, number: InternedName, map: CodepointMap) {
      self.family = family
      self.number = number
      font = FontReference(.music(family: family))
      self.map = map
    }
  }

  private func glyphMap(_ family: String) throws -> CodepointMap {
    if let map = glyphMaps[family] { return map }
    let map = try fonts.musicGlyphMap(family)
    glyphMaps[family] = map
    return map
  }
}
