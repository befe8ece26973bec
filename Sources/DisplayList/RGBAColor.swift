/// A colour with straight (not premultiplied) alpha, each component in 0...1: what themes
/// choose and renderers paint with.
public struct RGBAColor: Hashable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  public static let black = RGBAColor(red: 0, green: 0, blue: 0)
  public static let white = RGBAColor(red: 1, green: 1, blue: 1)

  /// Relative luminance-style brightness (Rec. 709 weights), 0 = black, 1 = white.
  public var brightness: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

  /// `#rrggbb` (alpha dropped).
  public var hex: String {
    func byte(_ value: Double) -> String {
      let text = String(Int((max(0, min(1, value)) * 255).rounded()), radix: 16)
      return text.count == 1 ? "0" + text : text
    }
    return "#" + byte(red) + byte(green) + byte(blue)
  }
}
