import DisplayList
import Foundation
import SMuFL

/// Per-thread rendering resources: a text measurer (a Pango font map and context of its
/// own, its measurements shared) and the font library every thread shares.
///
/// Give each worker thread one workspace and use it for both layout (its measurer) and
/// page encoding; Pango objects are never shared between threads.
public final class RenderWorkspace: @unchecked Sendable {
  public let fonts: FontLibrary
  public let measurer: PangoTextMeasurer
  /// The PDF encoder of the output that last encoded here (`PDFOutput`): its font tables
  /// are made once per thread, not once per page. Taken out while in use, under the lock
  /// (a workspace that stands in for another thread's is shared).
  var pdfEncoder: (output: WeakOutput, encoder: PDFPageEncoder)?
  let lock = NSLock()
  /// The music font last asked for and this workspace's own copy of it (`musicFont(_:)`).
  private var musicFontCopy: (font: MusicFont, copy: MusicFont)?

  /// An output held without keeping it alive (a freed one never matches a new one).
  struct WeakOutput {
    weak var object: AnyObject?
  }

  /// A workspace whose measurer shares what it measures and shapes through `shared`.
  public init(fonts: FontLibrary, sharing shared: ShapedTextCache = ShapedTextCache()) throws {
    self.fonts = fonts
    measurer = try PangoTextMeasurer(fonts: fonts, sharing: shared)
  }

  public init(fonts: FontLibrary, measurer: PangoTextMeasurer) {
    self.fonts = fonts
    self.measurer = measurer
  }

  /// `font` in an object of this workspace's own (`MusicFont.ownCopy()`), made once: a
  /// thread engraving with it counts references to an object no other thread touches.
  public func musicFont(_ font: MusicFont) -> MusicFont {
    lock.withLock {
      if let made = musicFontCopy, made.font.isIdentical(to: font) { return made.copy }
      let copy = font.ownCopy()
      musicFontCopy = (font, copy)
      return copy
    }
  }
}

/// What a document's writer needs besides its pages: bookmarks and metadata.
public struct DocumentFacts: Sendable {
  public var title: String?
  public var info: DocumentInfo
  /// Bookmarks; page numbers are physical indices (front matter first).
  public var outline: [OutlineEntry]

  public init(title: String? = nil, info: DocumentInfo = DocumentInfo(), outline: [OutlineEntry] = []) {
    self.title = title
    self.info = info
    self.outline = outline
  }
}

/// An output fed one finished page at a time: pages are encoded on any thread, in any
/// order, and written in order on one thread; the front and back matter come last.
///
/// Nothing appears at the destination until `finish` succeeds: a failed run leaves no
/// partial file behind.
public protocol PageOutput: AnyObject {
  associatedtype Encoded: Sendable
  /// Prepares a page (thread-safe; use the calling thread's workspace).
  func encode(_ page: DisplayPage, in workspace: RenderWorkspace) throws -> Encoded
  /// Writes the next body page.
  func write(_ encoded: Encoded) throws
  /// True when encoding writes text as glyphs (PDF): measuring then keeps the glyph runs
  /// (`PangoTextMeasurer.shapesWhenMeasuring`).
  var writesGlyphs: Bool { get }
  /// Writes the matter around the body, completes the output and returns the files made.
  func finish(front: [Encoded], back: [Encoded], facts: DocumentFacts) throws -> [URL]
}

extension PageOutput {
  public var writesGlyphs: Bool { false }

  /// Writes a whole display list, page by page, on the calling thread.
  @discardableResult
  public func write(_ list: DisplayList, workspace: RenderWorkspace) throws -> [URL] {
    guard !list.pages.isEmpty else { throw RenderError.emptyDocument }
    for page in list.pages { try write(try encode(page, in: workspace)) }
    return try finish(
      front: [], back: [], facts: DocumentFacts(title: list.title, info: list.info, outline: list.outline))
  }
}
