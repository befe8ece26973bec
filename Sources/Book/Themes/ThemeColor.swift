/// A theme colour, components 0…1 with straight alpha (written `#rrggbb` in theme files).
public struct ThemeColor: Hashable, Sendable {
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

  /// `#rrggbb` (alpha dropped).
  public var hex: String {
    func byte(_ value: Double) -> String {
      let text = String(Int((max(0, min(1, value)) * 255).rounded()), radix: 16)
      return text.count == 1 ? "0" + text : text
    }
    return "#" + byte(red) + byte(green) + byte(blue)
  }
}
