import DisplayList
import Foundation

/// A PDF file written as its pages arrive (ABCPress's own PDF writer; see PDFDocumentWriter).
public final class PDFOutput: PageOutput {
  public var writesGlyphs: Bool { true }

  public let url: URL
  public let palette: RolePalette
  /// The PDF's Creator entry.
  public var creator = "ABCPress"
  /// How pages go on sheets: as they are, a booklet, or with bleed and crop marks. Set
  /// before the first page is written.
  public var imposition: Imposition {
    get { document.imposition }
    set {
      document.imposition = newValue
      document.background = palette.background
    }
  }
  /// Compressed page streams kept between runs (a layout cache's), if any.
  public var streamCache: (any PageStreamCache)?
  private let output = AtomicOutput()
  private let document: PDFDocumentWriter

  public init(url: URL, fonts: FontLibrary, palette: RolePalette) throws {
    self.url = url
    self.palette = palette
    document = try PDFDocumentWriter(path: output.temporaryURL(for: url).path, fonts: fonts)
  }

  public func encode(_ page: DisplayPage, in workspace: RenderWorkspace) throws -> PDFEncodedPage {
    try Self.validate(page)
    let encoder = takeEncoder(from: workspace)
    defer { giveBack(encoder, to: workspace) }
    return try encoder.encode(page)
  }

  /// Draws each group's PDF operators now (on the calling worker), so the page that
  /// places it copies them instead of drawing the items.
  public func makeFragments(_ groups: [DisplayGroup], in workspace: RenderWorkspace) throws {
    let encoder = takeEncoder(from: workspace)
    defer { giveBack(encoder, to: workspace) }
    for group in groups where !(group.rendering is PDFFragment) {
      group.rendering = try encoder.fragment(group.items)
    }
  }

  /// This output's encoder kept in the workspace (taken out of it), or a new one.
  private func takeEncoder(from workspace: RenderWorkspace) -> PDFPageEncoder {
    workspace.lock.lock()
    defer { workspace.lock.unlock() }
    if let kept = workspace.pdfEncoder, kept.output.object === self {
      workspace.pdfEncoder = nil
      kept.encoder.streamCache = streamCache
      return kept.encoder
    }
    let encoder = PDFPageEncoder(fonts: workspace.fonts, text: workspace.measurer, palette: palette)
    encoder.streamCache = streamCache
    return encoder
  }

  /// Keeps the encoder in the workspace for the next page there.
  private func giveBack(_ encoder: PDFPageEncoder, to workspace: RenderWorkspace) {
    workspace.lock.lock()
    defer { workspace.lock.unlock() }
    workspace.pdfEncoder = (RenderWorkspace.WeakOutput(object: self), encoder)
  }

  public func write(_ encoded: PDFEncodedPage) throws {
    try document.writeBody(encoded)
  }

  public func finish(front: [PDFEncodedPage], back: [PDFEncodedPage], facts: DocumentFacts) throws -> [URL] {
    try document.finish(
      front: front, back: back, outline: facts.outline, title: facts.title, info: facts.info, creator: creator
    )
    try output.commit()
    return [url]
  }

  static func validate(_ page: DisplayPage) throws {
    guard page.width.isFinite, page.height.isFinite, page.width > 0, page.height > 0,
      page.width <= 14_400, page.height <= 14_400
    else { throw RenderError.invalidSize("page of \(page.width) × \(page.height) points") }
  }
}

/// Encoded pages kept between runs, each under a description of what the page draws (its
/// pieces' operators by checksum and where they are placed, its own items): a page laid
/// out as in an earlier run is read back instead of drawn and compressed again.
public protocol PageStreamCache: Sendable {
  /// The record kept for the page `description` describes, if any.
  func record(for description: [UInt8]) -> [UInt8]?
  /// Keeps `record` for the page `description` describes.
  func keep(_ record: [UInt8], for description: [UInt8])
}
