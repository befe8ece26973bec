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

  /// A bar's parts, left to right, packed in one word (a bar has at most five).
  struct Parts: RandomAccessCollection {
    private var packed: UInt16 = 0
    private(set) var endIndex = 0
    var startIndex: Int { 0 }

    subscript(position: Int) -> Part {
      switch packed >> (3 * position) & 7 {
      case 0: .thin
      case 1: .thick
      case 2: .dots
      default: .dashed
      }
    }

    mutating func append(_ first: Part, _ second: Part? = nil, _ third: Part? = nil) {
      for part in [first, second, third] {
        guard let part else { break }
        let code: UInt16 =
          switch part {
          case .thin: 0
          case .thick: 1
          case .dots: 2
          case .dashed: 3
          }
        packed |= code << (3 * endIndex)
        endIndex += 1
      }
    }
  }

  static func parts(of bar: BarLine) -> Parts {
    var parts = Parts()
    if bar.repeatsEnd { parts.append(.dots) }
    switch bar.style {
    case .single:
      // A plain line with repeat dots becomes a thin-thick (or thick-thin) pair.
      switch (bar.repeatsEnd, bar.repeatsStart) {
      case (true, true): parts.append(.thin, .thick, .thin)
      case (true, false): parts.append(.thin, .thick)
      case (false, true): parts.append(.thick, .thin)
      case (false, false): parts.append(.thin)
      }
    case .double: parts.append(.thin, .thin)
    case .thickThin: parts.append(.thick, .thin)
    case .thinThick: parts.append(.thin, .thick)
    case .dotted: parts.append(.dashed)
    case .invisible: break
    }
    if bar.repeatsStart { parts.append(.dots) }
    return parts
  }

  static func partWidth(_ part: Part, font: MusicFont) -> Double {
    switch part {
    case .thin, .dashed: return font.engravingDefaults.thinBarlineThickness
    case .thick: return font.engravingDefaults.thickBarlineThickness
    case .dots: return font.glyph(.repeatDot)?.advance ?? 0.4
    }
  }

  static func separation(_ a: Part, _ b: Part, font: MusicFont) -> Double {
    a == .dots || b == .dots
      ? font.engravingDefaults.repeatBarlineDotSeparation : font.engravingDefaults.barlineSeparation
  }

  static func width(of bar: BarLine, font: MusicFont) -> Double {
    let parts = parts(of: bar)
    // Widths first, then the gaps (the order the sum has always been taken in).
    var width = 0.0
    for part in parts { width += partWidth(part, font: font) }
    for index in parts.indices.dropFirst() { width += separation(parts[index - 1], parts[index], font: font) }
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
        let span = canvas.staffSpan
        let dash = part == .dashed ? max(font.engravingDefaults["dashedBarlineDashLength"], 0.3) : nil
        canvas.line(
          from: (cursor + width / 2, span.top), to: (cursor + width / 2, span.bottom), thickness: width,
          role: .barLine, column: column, source: source, dash: dash)
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
