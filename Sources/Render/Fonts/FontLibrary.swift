import CABCPressFontconfig
import Foundation
import SMuFL

/// Loads fonts from a fonts directory: SMuFL music fonts (FreeType faces for cairo, plus
/// their JSON metadata) and any OTF/TTF text fonts, which it registers with fontconfig.
///
/// Create the library before the first Pango use (for example before a
/// `PangoTextMeasurer`): fontconfig only sees app fonts registered before Pango's first lookup.
public final class FontLibrary: @unchecked Sendable {
  /// The directory holding `<Family>.ttf` (or `.woff2`, `.otf`) + `<Family>.json` and
  /// optional text fonts.
  public let directory: URL
  /// The text font files registered with fontconfig.
  public let registeredTextFonts: [URL]

  private let lock = NSLock()
  private var faces: [String: MusicFace] = [:]
  private var metadata: [String: MusicFont] = [:]

  /// File extensions tried for a music font, in order: an SFNT font first (`fetch-fonts`
  /// writes the WOFF2 decompressed beside it), which FreeType opens as it is, where a
  /// WOFF2 is decompressed at every start (a tenth of a short book's instructions).
  static let musicFontExtensions = ["ttf", "otf", "woff2"]

  public init(directory: URL) {
    self.directory = directory
    registeredTextFonts = Self.registerTextFonts(in: directory)
  }

  /// The SMuFL metadata of a music font family, read from `<Family>.json` once.
  public func musicFont(_ family: String) throws -> MusicFont {
    lock.lock()
    defer { lock.unlock() }
    if let cached = metadata[family] { return cached }
    let url = directory.appendingPathComponent(family + ".json")
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw RenderError.musicFontMetadataNotFound(family: family, directory: directory.path)
    }
    let font: MusicFont
    do {
      font = try MusicFont.decode(Data(contentsOf: url))
    } catch {
      throw RenderError.musicFontMetadataUnreadable(family: family, reason: String(describing: error))
    }
    metadata[family] = font
    return font
  }

  /// Loads a music font face now, so a missing or broken file fails early.
  public func loadMusicFace(_ family: String) throws {
    _ = try musicFace(family)
  }

  /// The file a music font family would be loaded from, if present.
  public func musicFontFile(_ family: String) -> URL? {
    Self.musicFontExtensions
      .map { directory.appendingPathComponent(family + "." + $0) }
      .first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// The cached FreeType/cairo face of a music font family.
  func musicFace(_ family: String) throws -> MusicFace {
    lock.lock()
    defer { lock.unlock() }
    if let cached = faces[family] { return cached }
    guard let file = musicFontFile(family) else {
      throw RenderError.musicFontNotFound(family: family, directory: directory.path)
    }
    let face = try MusicFace(family: family, path: file.path)
    faces[family] = face
    return face
  }

  /// Every code point of a music font with its glyph index.
  func musicGlyphMap(_ family: String) throws -> CodepointMap {
    try musicFace(family).characterMap
  }

  /// Registers every .otf/.ttf file in `directory` with the current fontconfig
  /// configuration, except music fonts (a file with SMuFL metadata beside it, `Bravura.ttf`
  /// and `Bravura.json`): text never falls back to a music font.
  private static func registerTextFonts(in directory: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    let all = Set(names)
    let fontFiles = names.sorted().filter { name in
      let file = name as NSString
      return ["otf", "ttf"].contains(file.pathExtension.lowercased())
        && !all.contains(file.deletingPathExtension + ".json")
    }
    // Registering needs fontconfig's configuration: wait for the one being made, if any.
    if !fontFiles.isEmpty { FontSystem.waitUntilReady() }
    var registered: [URL] = []
    for name in fontFiles {
      let url = directory.appendingPathComponent(name)
      if FcConfigAppFontAddFile(FcConfigGetCurrent(), url.path) != 0 {
        registered.append(url)
      }
    }
    return registered
  }
}
