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
  }

  deinit {
    cairo_font_face_destroy(cairoFace)
    FT_Done_Face(face)
  }

  /// The font's glyph index for a Unicode code point, nil when the font lacks it.
  func glyphIndex(for codepoint: UInt32) -> UInt32? {
    let index = FT_Get_Char_Index(face, FT_ULong(codepoint))
    return index == 0 ? nil : UInt32(index)
  }

  /// The number of glyphs in the font.
  var glyphCount: Int { Int(face.pointee.num_glyphs) }
}
