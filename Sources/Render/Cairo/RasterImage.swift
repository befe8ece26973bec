import CABCPressCairo
import DisplayList
import Foundation

/// A decoded PNG's pixels, for checking rendered output (tests, previews).
public struct RasterImage: Sendable {
  public let width: Int
  public let height: Int
  /// Premultiplied ARGB32 pixels, row by row, as cairo stores them.
  private let pixels: [UInt32]

  /// Reads a PNG file through cairo.
  public init(contentsOfPNG url: URL) throws {
    guard let surface = cairo_image_surface_create_from_png(url.path) else {
      throw RenderError.cairo(operation: "cairo_image_surface_create_from_png", status: "no surface")
    }
    defer { cairo_surface_destroy(surface) }
    try CairoSurface.check(cairo_surface_status(surface), "reading \(url.path)")
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let format = cairo_image_surface_get_format(surface)
    guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
      let data = cairo_image_surface_get_data(surface)
    else {
      throw RenderError.cairo(operation: "reading \(url.path)", status: "unsupported pixel format")
    }
    let opaque = format == CAIRO_FORMAT_RGB24
    var pixels = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
      let row = UnsafeRawPointer(data + y * stride)
      for x in 0..<width {
        let value = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
        pixels[y * width + x] = opaque ? value | 0xFF00_0000 : value
      }
    }
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The colour at a pixel (un-premultiplied); transparent black outside the image.
  public func color(x: Int, y: Int) -> RGBAColor {
    guard x >= 0, y >= 0, x < width, y < height else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
    let value = pixels[y * width + x]
    let alpha = Double(value >> 24 & 0xFF) / 255
    guard alpha > 0 else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
    func channel(_ shift: UInt32) -> Double { min(1, Double(value >> shift & 0xFF) / 255 / alpha) }
    return RGBAColor(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha)
  }

  /// True when the pixel is opaque-ish and darker than `threshold` brightness.
  public func isDark(x: Int, y: Int, threshold: Double = 0.5) -> Bool {
    let color = color(x: x, y: y)
    return color.alpha > 0.5 && color.brightness < threshold
  }

  /// The number of dark pixels in a rectangle of pixel rows and columns.
  public func darkPixelCount(rows: Range<Int>, columns: Range<Int>, threshold: Double = 0.5) -> Int {
    var count = 0
    for y in rows.clamped(to: 0..<height) {
      for x in columns.clamped(to: 0..<width) where isDark(x: x, y: y, threshold: threshold) {
        count += 1
      }
    }
    return count
  }
}
