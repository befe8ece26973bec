import DisplayList
import Foundation

/*
 SVGRoleClasses — give every element of a cairo-made SVG its role as a CSS class.

 Method. cairo's SVG surface knows nothing of roles, but it writes each drawing's colour
 into the element's `style` (`fill:rgb(0.39%,0.39%,0.78%)`). So the page is painted with a
 coding palette, one distinct colour per role (red = role number, green and blue fixed
 markers), and the finished SVG is rewritten: each style holding a coding colour gets
 `class="<role>"` and the theme's real colour instead. The background rectangle gets
 `class="background"`.

     <g style="fill:rgb(3.137255%,0.392157%,0.784314%);fill-opacity:1;">  (role 8: notehead)
  →  <g class="notehead" style="fill:#000000;fill-opacity:1;">

 Limits. Relies on cairo writing colours as `rgb(r%,g%,b%)` (true of cairo 1.16 to 1.18);
 colours are inline, so a stylesheet needs `!important` to override them.
 */

/// Paints SVG pages with role-coding colours and turns them into classes afterwards.
enum SVGRoleClasses {
  static let markerGreen = 1.0 / 255
  static let markerBlue = 2.0 / 255

  /// A palette giving the background code 0 and role `n` code `n + 1`.
  static var codingPalette: RolePalette {
    var overrides: [Role: RGBAColor] = [:]
    for (index, role) in Role.allCases.enumerated() { overrides[role] = code(index + 1) }
    return RolePalette(background: code(0), ink: code(0), overrides: overrides)
  }

  static func code(_ number: Int) -> RGBAColor {
    RGBAColor(red: Double(number) / 255, green: markerGreen, blue: markerBlue)
  }

  private static let pattern: NSRegularExpression? = try? NSRegularExpression(
    pattern: #"style="([^"]*?)rgb\(([0-9.]+)%,([0-9.]+)%,([0-9.]+)%\)([^"]*)""#)

  /// The SVG text with coding colours replaced by `palette`'s colours and role classes.
  static func rewrite(_ svg: String, palette: RolePalette) -> String {
    guard let pattern else { return svg }
    let source = svg as NSString
    var out = ""
    var last = 0
    for match in pattern.matches(in: svg, range: NSRange(location: 0, length: source.length)) {
      func group(_ index: Int) -> String { source.substring(with: match.range(at: index)) }
      func byte(_ index: Int) -> Int { Int(((Double(group(index)) ?? -1) * 2.55).rounded()) }
      out += source.substring(with: NSRange(location: last, length: match.range.location - last))
      last = match.range.location + match.range.length
      guard byte(3) == 1, byte(4) == 2 else {
        out += source.substring(with: match.range)
        continue
      }
      let number = byte(2)
      let roles = Role.allCases
      let name = number == 0 ? "background" : number <= roles.count ? roles[number - 1].rawValue : "unknown"
      let color =
        number == 0
        ? palette.background : number <= roles.count ? palette.color(for: roles[number - 1]) : .black
      var rest = group(5)
      if color.alpha < 1 {
        rest = rest.replacingOccurrences(
          of: "-opacity:1;", with: "-opacity:\(DisplayListJSON.number(color.alpha));")
      }
      out += "class=\"\(name)\" style=\"\(group(1))\(hex(color))\(rest)\""
    }
    out += source.substring(from: last)
    return out
  }

  static func hex(_ color: RGBAColor) -> String {
    func byte(_ value: Double) -> String {
      let text = String(Int((max(0, min(1, value)) * 255).rounded()), radix: 16)
      return text.count == 1 ? "0" + text : text
    }
    return "#" + byte(color.red) + byte(color.green) + byte(color.blue)
  }
}
