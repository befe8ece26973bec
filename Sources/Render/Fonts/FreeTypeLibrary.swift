import CABCPressFreeType
import Foundation

/// The process-wide FreeType library that opens music font files.
///
/// It is never released (no `FT_Done_FreeType`): cairo caches font faces beyond their
/// last use, so a face may outlive any owner we could tie the library to.
final class FreeTypeLibrary: @unchecked Sendable {
  static let shared = FreeTypeLibrary()

  private let raw: FT_Library?
  private let lock = NSLock()

  private init() {
    var library: FT_Library?
    raw = FT_Init_FreeType(&library) == 0 ? library : nil
  }

  /// Opens face 0 of a font file (WOFF2 works: this FreeType is built with Brotli).
  /// The caller owns one reference and releases it with `FT_Done_Face`.
  func openFace(path: String) throws -> FT_Face {
    lock.lock()
    defer { lock.unlock() }
    guard let raw else { throw RenderError.fontLoadFailed(path: path, freeTypeError: -1) }
    var face: FT_Face?
    let error = FT_New_Face(raw, path, 0, &face)
    guard error == 0, let face else {
      throw RenderError.fontLoadFailed(path: path, freeTypeError: error)
    }
    return face
  }
}
