import DisplayList
import ScoreModel

/// The heading of a tune: titles, composer, arranger, poet, origin and rhythm, and the
/// tempo mark.
///
/// Titles are centred (the first large and bold, later `T:` lines as subtitles); the
/// composer, origin and arranger are set flush right, the rhythm and the poet flush left
/// on the lines below.
/// Items are produced relative to the block's top-left corner in points.
struct TitleBlock {
  let setup: PageSetup
  let measurer: any TextMeasurer

  func build(for tune: Tune) -> (items: [DisplayItem], height: Double) {
    var items: [DisplayItem] = []
    var style = setup.titleStyle
    if tune.metadata.textsAsWritten { style.trim = 0 }
    var y = 0.0
    let width = setup.contentWidth
    let context = ItemContext(tune: tune.referenceNumber)
    let source = SourcePosition(line: tune.range.start.line, column: tune.range.start.column)
    @discardableResult
    func add(_ text: String, _ font: FontSpec, role: Role, align: Double, at top: Double? = nil) -> TextExtent
    {
      let extent = measurer.measure(text, font: font)
      let x = (width - extent.width) * align
      let top = top ?? y
      let baseline = top + extent.ascent
      items.append(
        DisplayItem(
          role: role, shape: .text(TextShape(text: text, font: font, origin: Point(x: x, y: baseline))),
          box: Rect(x: x, y: top, width: extent.width, height: extent.ascent + extent.descent),
          context: context, source: source))
      return extent
    }
    let titles = style.fields.contains("T") ? tune.metadata.titles : []
    if !titles.isEmpty { y += setup.titleSpace }
    for (index, raw) in titles.enumerated() {
      let font = index == 0 ? setup.titleFont : setup.subtitleFont
      let trimmed = style.printed(raw)
      var title = style.capitals ? trimmed.uppercased() : trimmed
      if index == 0 && style.fields.contains("X") { title = "\(tune.referenceNumber). " + title }
      // A title wider than the page wraps at spaces, centred line by line.
      for part in wrap(title, font: font, width: width) {
        let extent = add(part, font, role: index == 0 ? .title : .subtitle, align: style.alignment.factor)
        y += (extent.ascent + extent.descent) * (index == 0 ? 1.25 : 1.15)
      }
    }
    var right = style.fields.contains("C") ? tune.metadata.composers : []
    if style.fields.contains("O") && !tune.metadata.origins.isEmpty {
      let origin = "(" + tune.metadata.origins.joined(separator: "; ") + ")"
      if right.isEmpty { right = [origin] } else { right[right.count - 1] += " " + origin }
    }
    // A name of several lines (a MusicXML credit) is set line by line.
    func lines(_ names: [String]) -> [String] {
      names.flatMap { name -> [String] in
        // Most names hold no line break: no walk through their characters to find none.
        if !name.utf8.contains(UInt8(ascii: "\n")) { return name.isEmpty ? [] : [name] }
        return name.split(separator: "\n").map(String.init)
      }
    }
    right = lines(right + (style.fields.contains("C") ? tune.metadata.arrangers : [])).flatMap {
      wrap($0, font: setup.composerFont, width: width)
    }
    // Poets and translators at the left, as song editions print them (MusicXML's lyricist).
    let left = lines(style.fields.contains("C") ? tune.metadata.lyricists : []).flatMap {
      wrap($0, font: setup.composerFont, width: width / 2 - 6)
    }
    var rhythm = style.fields.contains("R") ? tune.metadata.rhythm : nil
    let lineHeight = measurer.measure("Ag", font: setup.composerFont)
    // The rhythm shares the composer's first line when both fit side by side.
    if let text = rhythm, let first = right.first,
      measurer.measure(text, font: setup.infoFont).width
        + measurer.measure(first, font: setup.composerFont).width
        + 12 > width
    {
      add(text, setup.infoFont, role: .rhythm, align: 0)
      y += (lineHeight.ascent + lineHeight.descent) * 1.1
      rhythm = nil
    }
    let lines = max(right.count, rhythm == nil ? 0 : 1)
    for line in 0..<lines {
      if line < right.count { add(right[line], setup.composerFont, role: .composer, align: 1) }
      if line == 0, let rhythm { add(rhythm, setup.infoFont, role: .rhythm, align: 0) }
      y += (lineHeight.ascent + lineHeight.descent) * 1.1
    }
    if !left.isEmpty {
      let placed = poets(left, beside: right, rhythm: rhythm != nil, below: y)
      for (line, top) in placed.lines { add(line, setup.composerFont, role: .composer, align: 0, at: top) }
      y = placed.bottom
    }
    // The header's P: play order (`P:AABB`), as abcm2ps prints it: at the left, in the
    // parts font, under the composer.
    let parts = (tune.metadata.parts ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if style.fields.contains("P"), !parts.isEmpty {
      add(parts, setup.partsFont, role: .partLabel, align: 0)
      let extent = measurer.measure("Ag", font: setup.partsFont)
      y += (extent.ascent + extent.descent) * 1.2
    }
    if !items.isEmpty { y += setup.musicSpace }
    return (items, y)
  }

  /// Where the poets' lines go: at the left from the first line under the titles, beside
  /// the composer's lines where both fit (those lines end at `y`), else below them; and
  /// the y under everything.
  private func poets(_ left: [String], beside right: [String], rhythm: Bool, below y: Double) -> (
    lines: [(String, Double)], bottom: Double
  ) {
    let font = setup.composerFont
    let extent = measurer.measure("Ag", font: font)
    let step = (extent.ascent + extent.descent) * 1.1
    let rows = max(right.count, rhythm ? 1 : 0)
    let top = y - Double(rows) * step
    var row = rhythm ? 1 : 0
    var lines: [(String, Double)] = []
    for line in left {
      // Beside a composer's line only when both fit with a gap.
      while row < right.count,
        measurer.measure(line, font: font).width + measurer.measure(right[row], font: font).width + 12
          > setup.contentWidth
      {
        row += 1
      }
      lines.append((line, top + Double(row) * step))
      row += 1
    }
    return (lines, top + Double(max(row, rows)) * step)
  }

  /// A word wider than the line (a web address) in pieces that fit: broken after `/`,
  /// `_` or `-` where it can be, else anywhere.
  func pieces(of word: String, font: FontSpec, width: Double) -> [Substring] {
    guard measurer.measure(word, font: font).width > width else { return [Substring(word)] }
    var result: [Substring] = []
    var rest = Substring(word)
    while !rest.isEmpty, measurer.measure(String(rest), font: font).width > width {
      // The longest prefix that fits, ended at a breaking character when one is there.
      var fits = rest.startIndex
      var lastBreak: String.Index?
      var index = rest.startIndex
      while index < rest.endIndex {
        let next = rest.index(after: index)
        guard measurer.measure(String(rest[rest.startIndex..<next]), font: font).width <= width else { break }
        fits = next
        if "/_-".contains(rest[index]) { lastBreak = next }
        index = next
      }
      let cut = lastBreak ?? (fits > rest.startIndex ? fits : rest.index(after: rest.startIndex))
      result.append(rest[rest.startIndex..<cut])
      rest = rest[cut...]
    }
    if !rest.isEmpty { result.append(rest) }
    return result
  }

  /// Splits text at spaces into lines no wider than `width` points (a single word wider
  /// than the line stands alone).
  func wrap(_ text: String, font: FontSpec, width: Double) -> [String] {
    guard measurer.measure(text, font: font).width > width else { return [text] }
    let words = text.split(separator: " ").flatMap { pieces(of: String($0), font: font, width: width) }
    return measurer.fill(words.map(String.init), font: font, width: width)
  }
}
