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
  let characterMap: [UInt32: UInt32]
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

  private static func characterMap(of face: FT_Face) -> [UInt32: UInt32] {
    var map: [UInt32: UInt32] = [:]
    var index: FT_UInt = 0
    var code = FT_Get_First_Char(face, &index)
    while index != 0 {
      map[UInt32(code)] = UInt32(index)
      code = FT_Get_Next_Char(face, code, &index)
    }
    return map
  }

  /// The font file as an SFNT (OpenType) file in memory, rebuilt from the tables FreeType
  /// reads (a WOFF2 file is decompressed that way), for embedding. Opens its own face.
  static func sfntData(path: String) throws -> [UInt8] {
    let face = try FreeTypeLibrary.shared.openFace(path: path)
    defer { FT_Done_Face(face) }
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
