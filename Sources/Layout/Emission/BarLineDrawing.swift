import DisplayList
import SMuFL
import ScoreModel

/// Draws bar lines and repeat signs from the SMuFL engraving defaults.
///
/// A bar is a row of parts read left to right: `:|` is dots, thin, thick; `|:` is thick,
/// thin, dots; `::` is dots, thin, thick, thin, dots. Parts are separated by
/// `barlineSeparation` (lines) or `repeatBarlineDotSeparation` (dots).
enum BarLineDrawing {
  enum Part: Equatable {
    case thin, thick, dots, dashed
  }

  static func parts(of bar: BarLine) -> [Part] {
    var middle: [Part]
    switch bar.style {
    case .single: middle = [.thin]
    case .double: middle = [.thin, .thin]
    case .thickThin: middle = [.thick, .thin]
    case .thinThick: middle = [.thin, .thick]
    case .dotted: middle = [.dashed]
    case .invisible: middle = []
    }
    if bar.repeatsEnd && bar.repeatsStart && middle == [.thin] {
      middle = [.thin, .thick, .thin]
    } else if bar.repeatsEnd && middle == [.thin] {
      middle = [.thin, .thick]
    } else if bar.repeatsStart && middle == [.thin] {
      middle = [.thick, .thin]
    }
    return (bar.repeatsEnd ? [.dots] : []) + middle + (bar.repeatsStart ? [.dots] : [])
  }

  static func partWidth(_ part: Part, font: MusicFont) -> Double {
    let defaults = font.engravingDefaults
    switch part {
    case .thin, .dashed: return defaults.thinBarlineThickness
    case .thick: return defaults.thickBarlineThickness
    case .dots: return font.glyph(.repeatDot)?.advance ?? 0.4
    }
  }

  static func separation(_ a: Part, _ b: Part, font: MusicFont) -> Double {
    let defaults = font.engravingDefaults
    return a == .dots || b == .dots
      ? defaults.repeatBarlineDotSeparation : defaults.barlineSeparation
  }

  static func width(of bar: BarLine, font: MusicFont) -> Double {
    let parts = parts(of: bar)
    var width = parts.reduce(0) { $0 + partWidth($1, font: font) }
    for (a, b) in zip(parts, parts.dropFirst()) { width += separation(a, b, font: font) }
    return width
  }

  /// Draws the bar with its left edge at x over a staff of `lines` lines.
  static func draw(
    _ bar: BarLine, x: Double, on canvas: inout StaffCanvas, column: Int?, source: SourcePosition?
  ) {
    let font = canvas.font
    let parts = parts(of: bar)
    var cursor = x
    for (index, part) in parts.enumerated() {
      if index > 0 { cursor += separation(parts[index - 1], part, font: font) }
      let width = partWidth(part, font: font)
      switch part {
      case .thin, .thick, .dashed:
        let dash = font.engravingDefaults["dashedBarlineDashLength"]
        let span = canvas.staffSpan
        canvas.line(
          from: (cursor + width / 2, span.top), to: (cursor + width / 2, span.bottom), thickness: width,
          role: .barLine, column: column, source: source, dash: part == .dashed ? max(dash, 0.3) : nil)
      case .dots:
        for position in [3, 5] {
          canvas.glyph(
            .repeatDot, x: cursor, y: StaffCanvas.y(ofPosition: position), role: .repeatDot,
            column: column, source: source)
        }
      }
      cursor += width
    }
  }
}
