import DisplayList
import Foundation

/// The rendering entry point: writes a display list as PDF, PNG or SVG.
public struct Renderer: Sendable {
  public let fonts: FontLibrary
  /// The text measurer; hand the same instance to the layout engine.
  public let textMeasurer: PangoTextMeasurer
  public var palette: RolePalette

  public init(fonts: FontLibrary, textMeasurer: PangoTextMeasurer, palette: RolePalette = .standard) {
    self.fonts = fonts
    self.textMeasurer = textMeasurer
    self.palette = palette
  }

  /// A renderer for the fonts in `fontsDirectory` (registered before Pango is first used).
  public init(fontsDirectory: URL, palette: RolePalette = .standard) throws {
    let fonts = FontLibrary(directory: fontsDirectory)
    self.init(fonts: fonts, textMeasurer: try PangoTextMeasurer(fonts: fonts), palette: palette)
  }

  /// The page painter this renderer's writers use.
  public var pageRenderer: PageRenderer {
    PageRenderer(fonts: fonts, text: textMeasurer, palette: palette)
  }

  /// Writes `list` to `url` and returns the files written: `[url]` for PDF and for a single
  /// page, else one numbered file per page (`stem-1.png`, …). `dpi` applies to PNG only.
  /// Output appears atomically: on error no file is created or replaced.
  @discardableResult
  public func write(_ list: DisplayList, to url: URL, format: OutputFormat, dpi: Double = 150) throws -> [URL]
  {
    switch format {
    case .pdf: try PDFWriter(renderer: pageRenderer).write(list, to: url)
    case .png: try PNGWriter(renderer: pageRenderer, dpi: dpi).write(list, to: url)
    case .svg: try SVGWriter(renderer: pageRenderer).write(list, to: url)
    }
  }
}
