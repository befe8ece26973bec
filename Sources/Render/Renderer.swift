import DisplayList
import Foundation

/// The rendering entry point: fonts, a text measurer and a palette, and the outputs they
/// make (PDF with ABCPress's own writer; PNG and SVG through cairo).
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

  /// The page painter for cairo surfaces (PNG, SVG) on the calling thread.
  public var pageRenderer: PageRenderer {
    PageRenderer(fonts: fonts, text: textMeasurer, palette: palette)
  }

  /// The workspace of the thread that owns `textMeasurer`.
  public var workspace: RenderWorkspace { RenderWorkspace(fonts: fonts, measurer: textMeasurer) }

  /// A page-by-page output writing `format` to `url`.
  public func output(to url: URL, format: OutputFormat, dpi: Double = 150) throws -> any PageOutput {
    switch format {
    case .pdf: try PDFOutput(url: url, fonts: fonts, palette: palette)
    case .png: try ImageOutput(url: url, kind: .png(dpi: dpi), palette: palette)
    case .svg: try ImageOutput(url: url, kind: .svg, palette: palette)
    }
  }

  /// Writes `list` to `url` and returns the files written: `[url]` for PDF and for a single
  /// page, else one numbered file per page (`stem-1.png`, …). `dpi` applies to PNG only.
  /// Output appears atomically: on error no file is created or replaced.
  @discardableResult
  public func write(_ list: DisplayList, to url: URL, format: OutputFormat, dpi: Double = 150) throws -> [URL]
  {
    try output(to: url, format: format, dpi: dpi).write(list, workspace: workspace)
  }
}
