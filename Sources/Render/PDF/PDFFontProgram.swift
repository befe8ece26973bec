import CABCPressHarfBuzz

/// A font file opened with HarfBuzz: the metrics a PDF font descriptor needs, glyph
/// widths, and subsets that keep glyph indices (so content streams can name glyphs by
/// index before the subset exists).
final class PDFFontProgram {
  private let face: OpaquePointer
  private let font: OpaquePointer
  let upem: Double

  /// Opens face `index` of the SFNT bytes `data` (nil when HarfBuzz cannot read them).
  convenience init?(data: [UInt8], index: Int = 0) {
    let blob = data.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          hb_blob_create($0, UInt32(buffer.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
      }
    }
    guard let blob = blob ?? nil else { return nil }
    self.init(blob: blob, index: index)
  }

  /// Opens face `index` of a font file.
  convenience init?(path: String, index: Int) {
    guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
    self.init(blob: blob, index: index)
  }

  private init?(blob: OpaquePointer, index: Int) {
    defer { hb_blob_destroy(blob) }
    guard let face = hb_face_create(blob, UInt32(max(0, index))), hb_face_get_glyph_count(face) > 0 else {
      return nil
    }
    self.face = face
    font = hb_font_create(face)
    upem = Double(max(16, hb_face_get_upem(face)))
  }

  deinit {
    hb_font_destroy(font)
    hb_face_destroy(face)
  }

  static func tag(_ text: String) -> UInt32 {
    text.utf8.reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// Whether the outlines are CFF (PostScript) rather than TrueType.
  var isCFF: Bool { table("CFF ").count > 0 || table("CFF2").count > 0 }

  /// The PostScript name, or `fallback` with spaces removed.
  func postScriptName(fallback: String) -> String {
    var length: UInt32 = 128
    var buffer = [CChar](repeating: 0, count: 128)
    let found = hb_ot_name_get_utf8(
      face, hb_ot_name_id_t(HB_OT_NAME_ID_POSTSCRIPT_NAME), nil, &length, &buffer)
    let name =
      found > 0
      ? String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    let cleaned = (name.isEmpty ? fallback : name).filter {
      $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_"
    }
    return cleaned.isEmpty ? "Font" : cleaned
  }

  /// A glyph's advance in thousandths of an em.
  func width(_ glyph: UInt32) -> Double {
    Double(hb_font_get_glyph_h_advance(font, glyph)) * 1000 / upem
  }

  /// Descriptor metrics in thousandths of an em: bounding box, ascent, descent, cap
  /// height and italic angle.
  var metrics: (bbox: [Double], ascent: Double, descent: Double, capHeight: Double, italicAngle: Double) {
    let head = table("head")
    func int16(_ bytes: [UInt8], _ at: Int) -> Double {
      guard bytes.count >= at + 2 else { return 0 }
      return Double(Int16(bitPattern: UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])))
    }
    let scale = 1000 / upem
    let bbox = [int16(head, 36), int16(head, 38), int16(head, 40), int16(head, 42)].map { $0 * scale }
    func position(_ tag: hb_ot_metrics_tag_t) -> Double? {
      var value: hb_position_t = 0
      return hb_ot_metrics_get_position(font, tag, &value) != 0 ? Double(value) * scale : nil
    }
    let ascent = position(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER) ?? bbox[3]
    let descent = position(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER) ?? bbox[1]
    let capHeight = position(HB_OT_METRICS_TAG_CAP_HEIGHT) ?? ascent
    let post = table("post")
    var angle = 0.0
    if post.count >= 8 {
      let fixed = Int32(
        bitPattern: UInt32(post[4]) << 24 | UInt32(post[5]) << 16 | UInt32(post[6]) << 8 | UInt32(post[7]))
      angle = Double(fixed) / 65536
    }
    return (bbox, ascent, descent, capHeight, angle)
  }

  /// A font file holding only `glyphs` (at their own indices) and the tables a PDF
  /// reader needs; nil when HarfBuzz cannot subset the font.
  func subset(_ glyphs: [UInt32]) -> [UInt8]? {
    guard let input = hb_subset_input_create_or_fail() else { return nil }
    defer { hb_subset_input_destroy(input) }
    let set = hb_subset_input_glyph_set(input)
    hb_set_add(set, 0)
    for glyph in glyphs { hb_set_add(set, glyph) }
    let flags = HB_SUBSET_FLAGS_RETAIN_GIDS.rawValue | HB_SUBSET_FLAGS_NO_HINTING.rawValue
    hb_subset_input_set_flags(input, flags)
    let drop = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG)
    for name in ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "DSIG", "vhea", "vmtx", "VORG"] {
      hb_set_add(drop, Self.tag(name))
    }
    guard let subset = hb_subset_or_fail(face, input) else { return nil }
    defer { hb_face_destroy(subset) }
    guard let blob = hb_face_reference_blob(subset) else { return nil }
    defer { hb_blob_destroy(blob) }
    return Self.bytes(of: blob)
  }

  private func table(_ name: String) -> [UInt8] {
    guard let blob = hb_face_reference_table(face, Self.tag(name)) else { return [] }
    defer { hb_blob_destroy(blob) }
    return Self.bytes(of: blob)
  }

  private static func bytes(of blob: OpaquePointer) -> [UInt8] {
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
    return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
      Array(UnsafeBufferPointer(start: $0, count: Int(length)))
    }
  }
}
