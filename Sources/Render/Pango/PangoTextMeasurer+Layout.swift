import DisplayList
import Layout

/// Pango measures text for the layout engine with the same unhinted context it draws with.
extension PangoTextMeasurer: TextMeasurer {
  public func measure(_ text: String, font: FontSpec) -> TextExtent {
    let metrics: TextMetrics = measure(text, font: font)
    return TextExtent(width: metrics.width, ascent: metrics.ascent, descent: metrics.descent)
  }
}
