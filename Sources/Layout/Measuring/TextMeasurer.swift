import DisplayList

/// The size of a run of text, in points: advance width and the extent above and below
/// the baseline.
public struct TextExtent: Hashable, Sendable {
  public var width: Double
  public var ascent: Double
  public var descent: Double

  public init(width: Double, ascent: Double, descent: Double) {
    self.width = width
    self.ascent = ascent
    self.descent = descent
  }
}

/// Measures text for layout. Layout never touches a font file itself: the CLI injects a
/// Pango-backed measurer, tests inject `ApproximateTextMeasurer`.
public protocol TextMeasurer {
  func measure(_ text: String, font: FontSpec) -> TextExtent
}

extension TextMeasurer {
  /// `words` set into lines no wider than `width` points, as many to a line as fit (a
  /// word wider than the line stands alone).
  func fill(_ words: [String], font: FontSpec, width: Double) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in words {
      let candidate = current.isEmpty ? word : current + " " + word
      if !current.isEmpty && measure(candidate, font: font).width > width {
        lines.append(current)
        current = word
      } else {
        current = candidate
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}

/// A deterministic text measurer from a per-character width table (no fonts needed).
///
/// Widths are typical of a Century Schoolbook-like serif face, in ems. Used by golden
/// tests so that layout dumps do not depend on installed fonts.
public struct ApproximateTextMeasurer: TextMeasurer {
  public init() {}

  public func measure(_ text: String, font: FontSpec) -> TextExtent {
    var ems = 0.0
    for scalar in text.unicodeScalars {
      ems += Self.width(of: scalar)
    }
    let boldFactor = font.isBold ? 1.08 : 1.0
    return TextExtent(
      width: ems * font.size * boldFactor, ascent: font.size * 0.75, descent: font.size * 0.25)
  }

  static func width(of scalar: Unicode.Scalar) -> Double {
    switch scalar {
    case " ": 0.28
    case "i", "j", "l", "!", "'", ".", ",", ":", ";", "|": 0.28
    case "f", "r", "t", "I", "(", ")", "[", "]", "-": 0.36
    case "m", "w", "M", "W": 0.85
    case "A"..."Z": 0.70
    case "0"..."9": 0.55
    default: 0.52
    }
  }
}
