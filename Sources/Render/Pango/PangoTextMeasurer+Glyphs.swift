import CABCPressFontconfig
import CABCPressPangoCairo
import DisplayList

/// One glyph of shaped text: its index in the font, its position from the start of the
/// run's baseline in points, and the text it stands for (on a cluster's first glyph).
struct PlacedGlyph: Sendable {
  var id: UInt32
  var x: Double
  var y: Double
  var text: String?
}

/// A font file (and face in it) that shaped text uses.
struct TextFace: Hashable, Sendable {
  var path: String
  var index: Int
}

/// A run of glyphs from one font file, as Pango shaped it.
struct GlyphRun: Sendable {
  /// The face, by its number in the measurer's face table (`face(_:)`).
  var face: Int
  /// The font size in points.
  var size: Double
  /// fontconfig's synthetic slant (shear of the glyphs, 0 for none) and emboldening.
  var slant: Double
  var embolden: Bool
  var glyphs: [PlacedGlyph]
}

extension PangoTextMeasurer {
  /// `text` in `font` shaped into glyph runs, positions relative to the left end of the
  /// first line's baseline (the same shaping `measure` and `draw` use).
  func glyphRuns(_ text: String, font: FontSpec) -> [GlyphRun] {
    let key = CacheKey(text: text, font: font)
    if let cached = shared.runs(key) { return cached }
    let shaped = withLock { () -> [GlyphRun]? in
      if let runs = itemMeasure(text, font: font, withRuns: true)?.runs { return runs }
      guard let layout = measuringLayout(text, font: font) else { return nil }
      return runs(of: layout, text: text)
    }
    guard let shaped else { return [] }
    shared.store(runs: shaped, for: key)
    return shaped
  }

  /// The glyph runs of `text` laid out in `layout` (called holding the lock).
  func runs(of layout: PangoObject, text: String) -> [GlyphRun] {
    guard let iterator = pango_layout_get_iter(layout.raw) else { return [] }
    defer { pango_layout_iter_free(iterator) }
    let scale = Double(PANGO_SCALE)
    let baseline = Double(pango_layout_get_baseline(layout.raw)) / scale
    let utf8 = Array(text.utf8)
    var runs: [GlyphRun] = []
    repeat {
      guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
        let glyphString = run.pointee.glyphs
      else { continue }
      var logical = PangoRectangle()
      pango_layout_iter_get_run_extents(iterator, nil, &logical)
      let runBaseline = Double(pango_layout_iter_get_baseline(iterator)) / scale - baseline
      if let glyphRun = glyphRun(
        glyphString, item: item, x: Double(logical.x) / scale, baseline: runBaseline, utf8: utf8)
      {
        runs.append(glyphRun)
      }
    } while pango_layout_iter_next_run(iterator) != 0
    return runs
  }

  /// One run's glyphs, placed from `x` on a baseline `baseline` below the first line's
  /// (called holding the lock); nil when its font's file is not known.
  func glyphRun(
    _ glyphString: UnsafeMutablePointer<PangoGlyphString>, item: UnsafeMutablePointer<PangoItem>,
    x origin: Double,
    baseline runBaseline: Double, utf8: [UInt8]
  ) -> GlyphRun? {
    guard let pangoFont = item.pointee.analysis.font, let face = runFont(pangoFont) else { return nil }
    let scale = Double(PANGO_SCALE)
    var x = origin
    let count = Int(glyphString.pointee.num_glyphs)
    let start = Int(item.pointee.offset)
    let end = start + Int(item.pointee.length)
    var glyphs: [PlacedGlyph] = []
    glyphs.reserveCapacity(count)
    // The common run, ASCII without ligatures: a glyph per byte, in order, so each glyph's
    // text is its byte (what the search of the clusters below finds), no search made.
    let isBytewise =
      count == end - start && end <= utf8.count
      && (0..<count).allSatisfy({ Int(glyphString.pointee.log_clusters[$0]) == $0 })
      && utf8[start..<end].allSatisfy({ $0 < 0x80 })
    // Each cluster's text runs to the next cluster's start (glyphs may be in visual order):
    // the starts sorted, once each, and each cluster's end found among them.
    var starts: [Int] = []
    var boundaries: [Int] = []
    if !isBytewise {
      starts = (0..<count).map { start + Int(glyphString.pointee.log_clusters[$0]) }
      boundaries = starts
      boundaries.append(end)
      boundaries.sort()
      var unique = 0
      for index in boundaries.indices {
        let boundary = boundaries[index]
        guard boundary <= utf8.count, unique == 0 || boundaries[unique - 1] != boundary else { continue }
        boundaries[unique] = boundary
        unique += 1
      }
      boundaries.removeLast(boundaries.count - unique)
    }
    func nextBoundary(after cluster: Int) -> Int? {
      var (low, high) = (0, boundaries.count)
      while low < high {
        let middle = (low + high) / 2
        if boundaries[middle] <= cluster { low = middle + 1 } else { high = middle }
      }
      // Only a cluster that is itself a boundary has a next one (as the table had).
      guard low > 0, boundaries[low - 1] == cluster, low < boundaries.count else { return nil }
      return boundaries[low]
    }
    for index in 0..<count {
      let info = glyphString.pointee.glyphs[index]
      let advance = Double(info.geometry.width) / scale
      defer { x += advance }
      let id = info.glyph
      // Empty glyphs (PANGO_GLYPH_EMPTY) and hex boxes for missing characters draw nothing.
      guard id != 0x0FFF_FFFF, id & 0x1000_0000 == 0 else { continue }
      var text: String?
      if isBytewise {
        text = Self.asciiTexts[Int(utf8[start + index])]
      } else if index == 0 || starts[index - 1] != starts[index],
        let next = nextBoundary(after: starts[index])
      {
        let cluster = starts[index]
        // One ASCII character (nearly every cluster) from a table: no string made.
        text =
          next == cluster + 1 && utf8[cluster] < 0x80
          ? Self.asciiTexts[Int(utf8[cluster])] : String(decoding: utf8[cluster..<next], as: UTF8.self)
      }
      glyphs.append(
        PlacedGlyph(
          id: id, x: x + Double(info.geometry.x_offset) / scale,
          y: runBaseline + Double(info.geometry.y_offset) / scale, text: text))
    }
    return GlyphRun(
      face: face.number, size: face.size, slant: face.slant, embolden: face.embolden, glyphs: glyphs)
  }

  /// Every ASCII character as a one-character text, by its code.
  static let asciiTexts: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

  /// A Pango font's face number and style, read the first time the font is met (called
  /// holding the lock).
  private func runFont(_ font: UnsafeMutablePointer<PangoFont>) -> RunFont? {
    let address = UnsafeMutableRawPointer(font)
    if let known = runFonts[address] { return known }
    guard let face = Self.face(of: font) else { return nil }
    let made = RunFont(
      font: font, number: faceNumber(TextFace(path: face.path, index: face.index)), size: face.size,
      slant: face.slant, embolden: face.embolden)
    if runFonts.count >= Self.layoutLimit { runFonts.removeAll() }
    runFonts[address] = made
    return made
  }

  /// The face with a number from the shared face table.
  private func faceNumber(_ face: TextFace) -> Int { shared.number(of: face) }

  /// The face a glyph run's number stands for.
  func face(_ number: Int) -> TextFace { shared.face(number) }

  /// The file, face index, size and synthetic styles of a Pango font.
  private static func face(of font: UnsafeMutablePointer<PangoFont>) -> (
    path: String, index: Int, size: Double, slant: Double, embolden: Bool
  )? {
    let fcFont = UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)
    guard let pattern = pango_fc_font_get_pattern(fcFont) else { return nil }
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
    var index: Int32 = 0
    _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
    var embolden: FcBool = 0
    _ = FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &embolden)
    var matrix: UnsafeMutablePointer<FcMatrix>?
    var slant = 0.0
    if FcPatternGetMatrix(pattern, FC_MATRIX, 0, &matrix) == FcResultMatch, let matrix {
      slant = matrix.pointee.xy
    }
    var size = 0.0
    if let description = pango_font_describe_with_absolute_size(font) {
      size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
      pango_font_description_free(description)
    }
    return (String(cString: file), Int(index), size, slant, embolden != 0)
  }
}

/// A Pango font met in a glyph run: held (a reference kept while the measurer keeps this),
/// with its face's number in the measurer's face table and its size and synthetic styles.
final class RunFont: @unchecked Sendable {
  private let font: UnsafeMutablePointer<PangoFont>
  let number: Int
  let size: Double
  let slant: Double
  let embolden: Bool

  init(font: UnsafeMutablePointer<PangoFont>, number: Int, size: Double, slant: Double, embolden: Bool) {
    g_object_ref(font)
    self.font = font
    self.number = number
    self.size = size
    self.slant = slant
    self.embolden = embolden
  }

  deinit { g_object_unref(font) }
}
