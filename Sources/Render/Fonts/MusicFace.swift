import CABCPressCairo
import CABCPressFreeType

/// The cairo user-data key that ties an FT_Face reference to a cairo font face's life.
nonisolated(unsafe) private let freeTypeFaceKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(
  capacity: 1)

/// A music font loaded through FreeType and wrapped as a cairo font face.
final class MusicFace: @unchecked Sendable {
  let family: String
  let face: FT_Face
  /// The cairo font face; cairo may keep it (and its FT_Face reference) cached after we drop it.
  let cairoFace: OpaquePointer
  /// Every code point the font maps, with its glyph index (read once: lookups need no
  /// FreeType call, so they are safe while cairo draws with the face on other threads).
  let characterMap: CodepointMap
  /// The font file.
  let path: String

  init(family: String, path: String) throws {
    let face = try FreeTypeLibrary.shared.openFace(path: path)
    guard let cairoFace = cairo_ft_font_face_create_for_ft_face(face, 0) else {
      FT_Done_Face(face)
      throw RenderError.cairo(operation: "cairo_ft_font_face_create_for_ft_face", status: "no face")
    }
    // cairo's own reference: released by the destroy callback whenever cairo frees the face.
    FT_Reference_Face(face)
    let status = cairo_font_face_set_user_data(cairoFace, freeTypeFaceKey, UnsafeMutableRawPointer(face)) {
      pointer in
      if let pointer { FT_Done_Face(pointer.assumingMemoryBound(to: FT_FaceRec_.self)) }
    }
    if status != CAIRO_STATUS_SUCCESS {
      FT_Done_Face(face)
      cairo_font_face_destroy(cairoFace)
      FT_Done_Face(face)
      throw RenderError.cairo(
        operation: "cairo_font_face_set_user_data", status: CairoSurface.statusText(status))
    }
    self.family = family
    self.face = face
    self.cairoFace = cairoFace
    self.path = path
    characterMap = Self.characterMap(of: face)
  }

  deinit {
    cairo_font_face_destroy(cairoFace)
    FT_Done_Face(face)
  }

  /// The font's glyph index for a Unicode code point, nil when the font lacks it.
  func glyphIndex(for codepoint: UInt32) -> UInt32? {
    characterMap[codepoint]
  }

  private static func characterMap(of face: FT_Face) -> CodepointMap {
    var pairs: [(codepoint: UInt32, glyph: UInt32)] = []
    var index: FT_UInt = 0
    var code = FT_Get_First_Char(face, &index)
    while index != 0 {
      pairs.append((UInt32(code), UInt32(index)))
      code = FT_Get_Next_Char(face, code, &index)
    }
    return CodepointMap(pairs)
  }

  /// The font file as an SFNT (OpenType) file in memory, rebuilt from the tables FreeType
  /// reads (a WOFF2 file is decompressed that way), for embedding.
  ///
  /// Read from this face, under cairo's lock of it (cairo may be drawing with the face on
  /// other threads): opening the file again decompressed it a second time, a tenth of a
  /// short book's PDF.
  func sfntData() throws -> [UInt8] {
    var identity = cairo_matrix_t()
    cairo_matrix_init_identity(&identity)
    guard let options = cairo_font_options_create() else {
      throw RenderError.cairo(operation: "cairo_font_options_create", status: "no options")
    }
    defer { cairo_font_options_destroy(options) }
    guard let scaled = cairo_scaled_font_create(cairoFace, &identity, &identity, options) else {
      throw RenderError.cairo(operation: "cairo_scaled_font_create", status: "no font")
    }
    defer { cairo_scaled_font_destroy(scaled) }
    guard let locked = cairo_ft_scaled_font_lock_face(scaled) else {
      // cairo could not lend the face (a font in an error state): open the file again.
      return try Self.sfntData(path: path)
    }
    defer { cairo_ft_scaled_font_unlock_face(scaled) }
    return Self.sfnt(of: locked)
  }

  /// The font file as an SFNT file in memory (see `sfntData()`), from a face of its own.
  static func sfntData(path: String) throws -> [UInt8] {
    let face = try FreeTypeLibrary.shared.openFace(path: path)
    defer { FT_Done_Face(face) }
    return sfnt(of: face)
  }

  /// An SFNT file of the face's tables, in the order FreeType lists them.
  private static func sfnt(of face: FT_Face) -> [UInt8] {
    var tables: [(tag: UInt32, data: [UInt8])] = []
    var tableIndex: FT_UInt = 0
    while true {
      var tag: FT_ULong = 0
      var length: FT_ULong = 0
      guard FT_Sfnt_Table_Info(face, tableIndex, &tag, &length) == 0 else { break }
      tableIndex += 1
      var data = [UInt8](repeating: 0, count: Int(length))
      var loaded = length
      let error = data.withUnsafeMutableBufferPointer {
        FT_Load_Sfnt_Table(face, tag, 0, $0.baseAddress, &loaded)
      }
      if error == 0 { tables.append((UInt32(tag), data)) }
    }
    return SFNTBuilder.build(tables)
  }

  /// The number of glyphs in the font.
  var glyphCount: Int { Int(face.pointee.num_glyphs) }
}
