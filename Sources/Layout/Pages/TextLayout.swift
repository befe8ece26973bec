import DisplayList

/*
 TextLayout — set paragraphs of text into lines across the measure.

 Method. `obeylines`, `center` and `right` keep the source lines as they are, each
 measured once and placed by its alignment (a line wider than the room is broken at its
 spaces, as `fill` would). `fill` and `justify` join the lines of a
 paragraph (empty lines separate paragraphs) and break greedily: words are added while the
 line, measured with the real text measurer, still fits the width. A justified line
 (every line of a paragraph but its last) spreads the leftover width evenly over its
 word gaps, so each word becomes its own text item.

     "The quick brown fox jumps over"   width 120 pt, fill →
     "The quick brown" / "fox jumps over"

 Limits. No hyphenation; a word longer than the measure sits alone on an overfull line.
 Inline font changes (`$1`…`$4`) are not interpreted.
 */

/// One laid-out line of text: items relative to the line's top-left, and its height.
struct TextLine: Sendable {
  var items: [DisplayItem]
  var height: Double
}

/// Sets text blocks into lines.
struct TextLayout {
  let measurer: any TextMeasurer
  let width: Double
  /// Line height as a multiple of the font size.
  var leading = 1.3

  func lines(for block: TextBlock, font: FontSpec, context: ItemContext = ItemContext()) -> [TextLine] {
    switch block.mode {
    case .skip: return []
    case .obeylines, .center, .right:
      let alignment: TextAlignment = block.mode == .center ? .center : block.mode == .right ? .right : .left
      // A line wider than the room (a column, a narrow page) is broken at spaces, each
      // piece set as the line would have been.
      return block.lines.flatMap { text -> [TextLine] in
        let pieces =
          measurer.measure(text, font: font).width > width
          ? breakWords(text.split(separator: " ").map(String.init), font: font).map {
            $0.joined(separator: " ")
          }
          : [text]
        return pieces.map { line(words: [$0], font: font, alignment: alignment, role: block.role, context) }
      }
    case .fill, .justify:
      var out: [TextLine] = []
      for paragraph in Self.paragraphs(block.lines) {
        let broken = breakWords(paragraph, font: font)
        for (index, words) in broken.enumerated() {
          let justify = block.mode == .justify && index < broken.count - 1 && words.count > 1
          out.append(
            justify
              ? justified(words, font: font, role: block.role, context)
              : line(
                words: [words.joined(separator: " ")], font: font, alignment: .left, role: block.role, context
              ))
        }
        out.append(TextLine(items: [], height: font.size * 0.5))
      }
      if !out.isEmpty { out.removeLast() }
      return out
    }
  }

  /// Paragraphs as word lists.
  static func paragraphs(_ lines: [String]) -> [[String]] {
    var paragraphs: [[String]] = []
    var current: [String] = []
    for line in lines {
      let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
      if words.isEmpty {
        if !current.isEmpty { paragraphs.append(current) }
        current = []
      } else {
        current += words
      }
    }
    if !current.isEmpty { paragraphs.append(current) }
    return paragraphs
  }

  /// Greedy line breaking by measured width.
  func breakWords(_ words: [String], font: FontSpec) -> [[String]] {
    var lines: [[String]] = []
    var current: [String] = []
    for word in words {
      let candidate = (current + [word]).joined(separator: " ")
      if !current.isEmpty && measurer.measure(candidate, font: font).width > width {
        lines.append(current)
        current = [word]
      } else {
        current.append(word)
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  func line(
    words: [String], font: FontSpec, alignment: TextAlignment, role: Role, _ context: ItemContext
  ) -> TextLine {
    let text = words.joined(separator: " ")
    guard !text.allSatisfy(\.isWhitespace) else { return TextLine(items: [], height: font.size * leading) }
    let extent = measurer.measure(text, font: font)
    let height = lineHeight(font: font, extent: extent)
    let x = max(0, (width - extent.width) * alignment.factor)
    return TextLine(
      items: [item(text, font: font, x: x, extent: extent, role: role, context)], height: height)
  }

  func justified(_ words: [String], font: FontSpec, role: Role, _ context: ItemContext) -> TextLine {
    let extents = words.map { measurer.measure($0, font: font) }
    let total = extents.reduce(0) { $0 + $1.width }
    let gap = (width - total) / Double(words.count - 1)
    var x = 0.0
    var items: [DisplayItem] = []
    for (word, extent) in zip(words, extents) {
      items.append(item(word, font: font, x: x, extent: extent, role: role, context))
      x += extent.width + gap
    }
    return TextLine(
      items: items, height: extents.map { lineHeight(font: font, extent: $0) }.max() ?? font.size * leading)
  }

  /// The leading, but never less than the font's own line height, so lines never overlap.
  func lineHeight(font: FontSpec, extent: TextExtent) -> Double {
    max(font.size * leading, extent.ascent + extent.descent)
  }

  func item(
    _ text: String, font: FontSpec, x: Double, extent: TextExtent, role: Role, _ context: ItemContext
  ) -> DisplayItem {
    let top = (lineHeight(font: font, extent: extent) - extent.ascent - extent.descent) / 2
    let baseline = top + extent.ascent
    return DisplayItem(
      role: role, shape: .text(TextShape(text: text, font: font, origin: Point(x: x, y: baseline))),
      box: Rect(x: x, y: top, width: extent.width, height: extent.ascent + extent.descent), context: context)
  }
}
