import CABCPressPangoCairo

/// An owned GObject reference (a Pango font map, context, font or layout), unreferenced in deinit.
final class PangoObject: @unchecked Sendable {
  let raw: OpaquePointer

  /// Takes over a +1 reference; nil when the C call returned NULL.
  init?(owning raw: OpaquePointer?) {
    guard let raw else { return nil }
    self.raw = raw
  }

  /// Takes over a +1 reference to an object whose struct type is public (font map, font).
  convenience init?<T>(owning pointer: UnsafeMutablePointer<T>?) {
    self.init(owning: pointer.map { OpaquePointer($0) })
  }

  /// Takes over a +1 reference or throws naming the call that failed.
  static func owning(_ raw: OpaquePointer?, from call: String) throws -> PangoObject {
    guard let object = PangoObject(owning: raw) else {
      throw RenderError.cairo(operation: call, status: "returned NULL")
    }
    return object
  }

  /// The object as a `PangoFontMap *`.
  var fontMap: UnsafeMutablePointer<PangoFontMap> { UnsafeMutablePointer(raw) }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(raw))
  }
}
