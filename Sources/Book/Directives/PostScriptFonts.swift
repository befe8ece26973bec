import DisplayList

/// Maps PostScript font names used in abcm2ps files to Debian's TeX Gyre families.
enum PostScriptFonts {
  static let families: [(prefix: String, family: String)] = [
    ("times", "TeX Gyre Termes"), ("helvetica", "TeX Gyre Heros"), ("arial", "TeX Gyre Heros"),
    ("courier", "TeX Gyre Cursor"), ("palatino", "TeX Gyre Pagella"), ("newcenturyschlbk", "TeX Gyre Schola"),
    ("centuryschoolbook", "TeX Gyre Schola"), ("bookman", "TeX Gyre Bonum"),
    ("avantgarde", "TeX Gyre Adventor"),
    ("zapfchancery", "TeX Gyre Chorus"),
  ]

  /// `Times-BoldItalic` → TeX Gyre Termes, bold, italic; unknown names are kept as family names.
  static func spec(_ name: String, size: Double) -> FontSpec {
    let lower = name.lowercased()
    let parts = lower.split(separator: "-", maxSplits: 1)
    let base = String(parts.first ?? "")
    let style = parts.count > 1 ? String(parts[1]) : ""
    let family =
      families.first { base.hasPrefix($0.prefix) }?.family
      ?? name.split(separator: "-").joined(separator: " ")
    let known = families.contains { base.hasPrefix($0.prefix) }
    return FontSpec(
      family: family, size: size, isBold: known && style.contains("bold"),
      isItalic: known && (style.contains("italic") || style.contains("oblique")))
  }
}
