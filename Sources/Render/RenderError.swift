/// Everything that can go wrong while loading fonts or writing output.
public enum RenderError: Error, CustomStringConvertible, Equatable {
  /// A cairo call left a surface or context in an error state.
  case cairo(operation: String, status: String)
  /// No `<Family>.ttf` (or .otf/.woff2) music font file in the fonts directory.
  case musicFontNotFound(family: String, directory: String)
  /// No `<Family>.json` metadata file beside the music font.
  case musicFontMetadataNotFound(family: String, directory: String)
  /// The metadata file exists but could not be read or decoded.
  case musicFontMetadataUnreadable(family: String, reason: String)
  /// FreeType refused a font file.
  case fontLoadFailed(path: String, freeTypeError: Int32)
  /// The music font has no glyph for a code point the display list asks for.
  case missingGlyph(name: String, codepoint: UInt32, font: String)
  /// The display list has no pages.
  case emptyDocument
  /// A page size or resolution that cannot be rendered.
  case invalidSize(String)
  /// Moving or removing an output file failed.
  case io(path: String, reason: String)

  public var description: String {
    switch self {
    case .cairo(let operation, let status):
      "cairo error in \(operation): \(status)"
    case .musicFontNotFound(let family, let directory):
      "music font \(family) not found in \(Self.display(directory)) (looked for: --fonts DIR, then"
        + " $ABCPRESS_FONTS, then share/abcpress/fonts of the installation or a checkout's Fonts/;"
        + " in a checkout, run scripts/bootstrap)"
    case .musicFontMetadataNotFound(let family, let directory):
      "music font metadata \(family).json not found in \(Self.display(directory)) (looked for: --fonts"
        + " DIR, then $ABCPRESS_FONTS, then share/abcpress/fonts of the installation or a checkout's"
        + " Fonts/; in a checkout, run scripts/bootstrap)"
    case .musicFontMetadataUnreadable(let family, let reason):
      "music font metadata for \(family) unreadable: \(reason)"
    case .fontLoadFailed(let path, let error):
      "FreeType could not load \(path) (error \(error))"
    case .missingGlyph(let name, let codepoint, let font):
      "music font \(font) has no glyph \(name) (U+\(String(codepoint, radix: 16, uppercase: true)))"
    case .emptyDocument:
      "nothing to render: the display list has no pages"
    case .invalidSize(let why):
      "invalid output size: \(why)"
    case .io(let path, let reason):
      "cannot write \(TemporaryFiles.destination(of: path)): \(reason)"
    }
  }

  /// A directory path with a trailing slash, as users type it.
  private static func display(_ directory: String) -> String {
    directory.hasSuffix("/") ? directory : directory + "/"
  }
}
