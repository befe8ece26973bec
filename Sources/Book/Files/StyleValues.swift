import CABCPressPangoCairo
import DisplayList
import ScoreModel

/// Readers for the value types of template, theme and directive settings.
public enum StyleValues {
  /// A length in points from `12`, `12pt`, `2cm`, `15mm`, `1in` or `1.5 in`.
  public static func length(_ text: String) -> Double? {
    let compact = text.lowercased().filter { !$0.isWhitespace }
    let units: [(String, Double)] = [("pt", 1), ("cm", 72 / 2.54), ("mm", 72 / 25.4), ("in", 72), ("px", 1)]
    for (unit, factor) in units where compact.hasSuffix(unit) {
      return Double(compact.dropLast(unit.count)).map { $0 * factor }
    }
    return Double(compact)
  }

  /// `yes/no`, `true/false`, `on/off`, `1/0`.
  public static func bool(_ text: String) -> Bool? {
    switch text.lowercased().trimmed {
    case "yes", "true", "on", "1": true
    case "no", "false", "off", "0": false
    default: nil
    }
  }

  /// The first size word of a font value that is outside `Limits.fontSize` (`inf`,
  /// `0`, `1e20pt`), or nil when every size is fine.
  public static func badFontSize(in text: String) -> String? {
    text.split(separator: " ").map(String.init).first { word in
      guard let size = length(word) else { return false }
      return !(size.isFinite && Limits.fontSize.contains(size))
    }
  }

  /// A font from `Family Name [bold] [italic] [size]`; missing parts come from `base`.
  /// A size outside `Limits.fontSize` is ignored (`badFontSize` finds it first).
  public static func font(_ text: String, base: FontSpec) -> FontSpec {
    var font = base
    var family: [String] = []
    var sawStyle = false
    for word in text.split(separator: " ").map(String.init) {
      switch word.lowercased() {
      case "bold":
        font.isBold = true
        sawStyle = true
      case "italic", "oblique":
        font.isItalic = true
        sawStyle = true
      case "regular", "roman", "normal":
        font.isBold = false
        font.isItalic = false
        sawStyle = true
      default:
        if let size = length(word) {
          if size.isFinite && Limits.fontSize.contains(size) { font.size = size }
        } else {
          family.append(word)
        }
      }
    }
    if !family.isEmpty {
      font.family = family.joined(separator: " ")
      if !sawStyle {
        font.isBold = false
        font.isItalic = false
      }
    }
    return font
  }

  /// A colour from `#rgb`, `#rrggbb`, `#rrggbbaa`, a CSS colour name (`red`,
  /// `darkslateblue`, as Pango's table of them knows them) or `none` (transparent).
  public static func color(_ text: String) -> ThemeColor? {
    let value = text.lowercased().trimmed
    if value == "none" || value == "transparent" { return ThemeColor(red: 0, green: 0, blue: 0, alpha: 0) }
    if !value.isEmpty, value.count <= 40, value.allSatisfy({ $0.isASCII && $0.isLetter }) {
      var named = PangoColor()
      guard pango_color_parse(&named, value) != 0 else { return nil }
      return ThemeColor(
        red: Double(named.red) / 65535, green: Double(named.green) / 65535, blue: Double(named.blue) / 65535,
        alpha: 1)
    }
    guard value.hasPrefix("#") else { return nil }
    var hex = String(value.dropFirst())
    if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
    guard hex.count == 6 || hex.count == 8, let number = UInt32(hex, radix: 16) else { return nil }
    let full = hex.count == 6 ? number << 8 | 0xFF : number
    func channel(_ shift: UInt32) -> Double { Double(full >> shift & 0xFF) / 255 }
    return ThemeColor(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
  }
}
