import CABCPressCairo
import Foundation

/// An owned cairo surface: a multi-page PDF file, an SVG file or an ARGB32 image in memory.
public final class CairoSurface: @unchecked Sendable {
  /// What the surface writes to.
  public enum Kind: Sendable {
    case pdf, svg, image
  }

  let raw: OpaquePointer
  public let kind: Kind

  private init(raw: OpaquePointer, kind: Kind, operation: String) throws {
    self.raw = raw
    self.kind = kind
    try check(operation)
  }

  deinit {
    cairo_surface_destroy(raw)
  }

  /// A PDF surface writing to `path`; the first page is `width` × `height` points.
  public static func pdf(path: String, width: Double, height: Double) throws -> CairoSurface {
    try validate(width: width, height: height)
    guard let raw = cairo_pdf_surface_create(path, width, height) else {
      throw RenderError.cairo(operation: "cairo_pdf_surface_create", status: "no surface")
    }
    return try CairoSurface(raw: raw, kind: .pdf, operation: "cairo_pdf_surface_create(\(path))")
  }

  /// An SVG surface writing one page of `width` × `height` points to `path`.
  public static func svg(path: String, width: Double, height: Double) throws -> CairoSurface {
    try validate(width: width, height: height)
    guard let raw = cairo_svg_surface_create(path, width, height) else {
      throw RenderError.cairo(operation: "cairo_svg_surface_create", status: "no surface")
    }
    return try CairoSurface(raw: raw, kind: .svg, operation: "cairo_svg_surface_create(\(path))")
  }

  /// An ARGB32 image surface of the given size in pixels, initially transparent.
  public static func image(pixelWidth: Int, pixelHeight: Int) throws -> CairoSurface {
    guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= 32767, pixelHeight <= 32767 else {
      throw RenderError.invalidSize("image of \(pixelWidth) × \(pixelHeight) pixels")
    }
    guard let raw = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
    else {
      throw RenderError.cairo(operation: "cairo_image_surface_create", status: "no surface")
    }
    return try CairoSurface(raw: raw, kind: .image, operation: "cairo_image_surface_create")
  }

  /// Sets the size of the next PDF page; call before drawing on that page.
  public func setPDFPageSize(width: Double, height: Double) throws {
    try Self.validate(width: width, height: height)
    cairo_pdf_surface_set_size(raw, width, height)
    try check("cairo_pdf_surface_set_size")
  }

  /// Sets the PDF document's title and creator.
  public func setPDFMetadata(title: String?, creator: String) throws {
    if let title {
      cairo_pdf_surface_set_metadata(raw, CAIRO_PDF_METADATA_TITLE, title)
    }
    cairo_pdf_surface_set_metadata(raw, CAIRO_PDF_METADATA_CREATOR, creator)
    try check("cairo_pdf_surface_set_metadata")
  }

  /// Writes an image surface as a PNG file: grey when `gray` (every colour drawn was grey),
  /// else RGB when `opaque`, else RGBA.
  public func writePNG(to path: String, gray: Bool = false, opaque: Bool = false) throws {
    cairo_surface_flush(raw)
    guard let data = cairo_image_surface_get_data(raw) else {
      throw RenderError.cairo(operation: "cairo_image_surface_get_data", status: "no pixels")
    }
    let width = Int(cairo_image_surface_get_width(raw))
    let height = Int(cairo_image_surface_get_height(raw))
    let stride = Int(cairo_image_surface_get_stride(raw))
    let type: PNGEncoder.ColorType = gray && opaque ? .gray : opaque ? .rgb : .rgba
    let bytes = PNGEncoder.encode(
      pixels: UnsafeRawPointer(data), width: width, height: height, stride: stride, colorType: type)
    guard let file = fopen(path, "wb") else {
      throw RenderError.io(path: path, reason: TemporaryFiles.reason(errno))
    }
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    let closed = fclose(file)
    guard written == bytes.count, closed == 0 else {
      throw RenderError.io(path: path, reason: TemporaryFiles.reason(errno))
    }
  }

  /// Completes pending drawing so the pixels or file contents are up to date.
  public func flush() {
    cairo_surface_flush(raw)
  }

  /// Flushes and closes the surface; a file-backed surface has written everything afterwards.
  public func finish() throws {
    cairo_surface_finish(raw)
    try check("cairo_surface_finish")
  }

  /// Throws if the surface is in an error state.
  public func check(_ operation: String) throws {
    try Self.check(cairo_surface_status(raw), operation)
  }

  static func check(_ status: cairo_status_t, _ operation: String) throws {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw RenderError.cairo(operation: operation, status: statusText(status))
  }

  static func statusText(_ status: cairo_status_t) -> String {
    guard let text = cairo_status_to_string(status) else { return "status \(status.rawValue)" }
    return String(cString: text)
  }

  private static func validate(width: Double, height: Double) throws {
    guard width.isFinite, height.isFinite, width > 0, height > 0 else {
      throw RenderError.invalidSize("page of \(width) × \(height) points")
    }
  }
}
