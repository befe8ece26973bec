import DisplayList
import Layout
import ScoreModel

/*
 FormatDirectives+Checks — range checks for the values of format directives.

 Method. Every numeric directive reads its value through one of these readers, which
 accept only a finite number inside the quantity's range from `Limits` (page sides 72 to
 14,400 pt, font sizes 1 to 200 pt, `%%scale` 0.1 to 10, `%%transpose` −48 to 48 …).
 Anything else — not a number, NaN, ±inf, 0 or 1e308 where they make no sense — gets a
 warning naming the directive and the value, and the previous value stays. Geometry
 (page size, margins, gutter, staff width, indent, landscape) is changed on a copy and
 kept only when the page still leaves `Limits.minimumContentSide` points each way for
 the music, so no directive can make a blank page or a negative line width.

     %%pagewidth nan        → warning "%%pagewidth 'nan' is not a length from 72pt to 14400pt; ignored"
     %%leftmargin 500       → warning "%%leftmargin 500 leaves less than 72pt of the page for music; ignored"
     %%titlefont Times 1e20 → warning about the size; the family applies, the size stays

 Limits. A list of directives is checked on its result (`apply(_:)` of an array); only
 when that fails are they re-applied one at a time, so then a later directive may be
 refused because of an earlier one (`%%leftmargin 300` before `%%pagewidth 1000`).
 */

extension FormatDirectives {
  /// A length in `range`, or nil after a warning naming the directive and value.
  mutating func checkedLength(_ value: String, in range: ClosedRange<Double>, _ directive: Directive)
    -> Double?
  {
    guard let points = StyleValues.length(value), points.isFinite, range.contains(points) else {
      warn(
        "%%\(directive.name) '\(Diagnostic.excerpt(value))' is not a length from \(Self.points(range)); "
          + "ignored", directive)
      return nil
    }
    return points
  }

  /// A number (the value's first word) in `range`, or nil after a warning.
  mutating func checkedNumber(_ value: String, in range: ClosedRange<Double>, _ directive: Directive)
    -> Double?
  {
    let word = value.split(separator: " ").first.map(String.init) ?? ""
    guard let number = Double(word), number.isFinite, range.contains(number) else {
      warn(
        "%%\(directive.name) '\(Diagnostic.excerpt(value))' is not a number from \(Self.number(range.lowerBound)) "
          + "to \(Self.number(range.upperBound)); ignored", directive)
      return nil
    }
    return number
  }

  /// A whole number (the value's first word) in `range`, or nil after a warning.
  mutating func checkedInteger(_ value: String, in range: ClosedRange<Int>, _ directive: Directive) -> Int? {
    let word = value.split(separator: " ").first.map(String.init) ?? ""
    let digits = word.hasPrefix("+") ? String(word.dropFirst()) : word
    guard let number = Int(digits), range.contains(number) else {
      warn(
        "%%\(directive.name) '\(Diagnostic.excerpt(value))' is not a whole number from \(range.lowerBound) to "
          + "\(range.upperBound); ignored", directive)
      return nil
    }
    return number
  }

  /// A font from abcm2ps's `Name [encoding] [size] [box]` (or a size alone); a size
  /// outside `Limits.fontSize` is reported and `base`'s size kept.
  mutating func checkedFont(_ value: String, base: FontSpec, _ directive: Directive) -> FontSpec {
    let words = Self.unquoted(value).split(separator: " ").map(String.init)
    var font = base
    for (index, word) in words.enumerated() {
      guard let size = Double(word) else { continue }
      guard index > 0 || words.count == 1 else { break }  // A number as the first of several is a name.
      if size.isFinite, Limits.fontSize.contains(size) {
        font.size = size
      } else {
        warn(
          "%%\(directive.name): font size '\(Diagnostic.excerpt(word))' is not from "
            + "\(Self.points(Limits.fontSize)); the size is unchanged", directive)
      }
    }
    guard let name = words.first, name != "*", Double(name) == nil else { return font }
    let spec = PostScriptFonts.spec(name, size: font.size)
    namedFonts.append((spec.family, directive.name, directive.range))
    return spec
  }

  /// Applies `change` to the page setup and options, keeping it only when the page stays
  /// usable (`geometryProblem`); otherwise warns and keeps the old geometry.
  mutating func changeGeometry(_ directive: Directive, _ change: (inout FormatDirectives) -> Void) {
    var changed = self
    change(&changed)
    if checksEachGeometryChange,
      let problem = Self.geometryProblem(changed.setup, indent: changed.options.indent)
    {
      warn(
        "%%\(directive.name) \(Diagnostic.excerpt(directive.arguments.trimmed)) \(problem); ignored",
        directive)
      return
    }
    setup = changed.setup
    options = changed.options
  }

  /// What makes a page unusable for music, or nil: a side outside `Limits.pageSide`, a
  /// negative or non-finite margin, or less than `Limits.minimumContentSide` points left
  /// across (after margins, gutter and the first line's indent) or down.
  public static func geometryProblem(_ setup: PageSetup, indent: Double = 0) -> String? {
    let sides = [setup.width, setup.height]
    guard sides.allSatisfy({ $0.isFinite && Limits.pageSide.contains($0) }) else {
      return "gives a page outside \(points(Limits.pageSide))"
    }
    let margins = [
      setup.marginTop, setup.marginBottom, setup.marginLeft, setup.marginRight, setup.gutter, indent,
    ]
    guard margins.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return "gives a negative margin" }
    let minimum = Limits.minimumContentSide
    guard setup.contentWidth - indent >= minimum, setup.contentHeight >= minimum else {
      return "leaves less than \(number(minimum))pt of the page for music"
    }
    return nil
  }

  /// `72pt to 14400pt`.
  static func points(_ range: ClosedRange<Double>) -> String {
    "\(number(range.lowerBound))pt to \(number(range.upperBound))pt"
  }

  /// A number without a trailing `.0`.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
