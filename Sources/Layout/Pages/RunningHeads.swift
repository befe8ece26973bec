import DisplayList
import Foundation

/// What placeholders in running heads refer to on one page.
struct PageFacts {
  var title = ""
  var composer = ""
  var section = ""
  var label = ""
  var pageCount = 0
  var book = ""
  var edition = ""
  var date = ""
  var fileName = ""
  var isEven = false
  /// Lines set centred at the foot of the page, under its footer (a score's rights).
  var footnotes: [String] = []
}

/// Expands running-head placeholders and sets headers and footers on pages.
///
/// Placeholders: `{title} {composer} {section} {page} {pages} {book} {edition} {date} {file}` and
/// abcm2ps's `$T $C $P $P0 $P1 $N $D $d $F` (`$P0`/`$P1`: the page number on even/odd
/// pages only; `$N`: the page count).
struct RunningHeads {
  let setup: PageSetup
  let measurer: any TextMeasurer

  static func expand(_ text: String, _ facts: PageFacts) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "$") }) else {
      return text
    }
    // One pass: what a placeholder expands to is not read again for placeholders. Only the
    // placeholder found is expanded (making all eighteen for each page's head was most of
    // setting it).
    if let expanded = expandASCII(text, facts) { return expanded }
    var out = ""
    var rest = Substring(text)
    while let first = rest.first {
      if first == "{" || first == "$", let index = placeholders.firstIndex(where: { rest.hasPrefix($0) }) {
        out += value(of: placeholders[index], facts)
        rest = rest.dropFirst(placeholders[index].count)
      } else {
        out.append(first)
        rest = rest.dropFirst()
      }
    }
    return out
  }

  /// `expand` for an ASCII text (a page's usual head), read as bytes: in ASCII every byte is
  /// a character of its own (a CR LF pair is one, but holds no placeholder), so this gives
  /// what reading it character by character gives. Nil for any other text.
  private static func expandASCII(_ text: String, _ facts: PageFacts) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      var out = ""
      var start = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "$"),
          let found = placeholderBytes.firstIndex(where: { key in
            key.count <= bytes.count - index && key.indices.allSatisfy { bytes[index + $0] == key[$0] }
          })
        else {
          index += 1
          continue
        }
        out += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        out += value(of: placeholders[found], facts)
        index += placeholderBytes[found].count
        start = index
      }
      out += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      return out
    }
  }

  /// `placeholders` as bytes.
  private static let placeholderBytes = placeholders.map { Array($0.utf8) }

  /// The placeholders, longer first where one begins another ($P0 before $P, {pages}
  /// before {page}).
  static let placeholders = [
    "{title}", "{composer}", "{section}", "{pages}", "{page}", "{book}", "{edition}", "{date}", "{file}",
    "$P0", "$P1", "$T", "$C", "$P", "$N", "$D", "$d", "$F",
  ]

  /// What `placeholder` (one of `placeholders`) stands for on a page.
  static func value(of placeholder: String, _ facts: PageFacts) -> String {
    switch placeholder {
    case "{title}", "$T": facts.title
    case "{composer}", "$C": facts.composer
    case "{section}": facts.section
    case "{pages}", "$N": String(facts.pageCount)
    case "{page}", "$P": facts.label
    case "{book}": facts.book
    case "{edition}": facts.edition
    case "{date}", "$D", "$d": facts.date
    case "{file}", "$F": facts.fileName
    case "$P0": facts.isEven ? facts.label : ""
    case "$P1": facts.isEven ? "" : facts.label
    default: ""
    }
  }

  /// The lines of an expanded part: abcm2ps's `\n` (as written in the directive) or a
  /// line break starts a new one.
  static func lines(of text: String) -> [String] { WrittenLines.of(text, keepingEmpty: true) }

  /// The distance between the baselines of a running head's lines.
  static func lineStep(_ font: FontSpec) -> Double { font.size * 1.2 }

  /// Header and footer items for the page at physical `pageIndex`.
  func items(pageIndex: Int, facts: PageFacts, isFirstPage: Bool) -> [DisplayItem] {
    var items: [DisplayItem] = []
    let left = setup.contentLeft(pageIndex: pageIndex)
    let width = setup.contentWidth
    for (head, isHeader) in [(setup.header, true), (setup.footer, false)] {
      guard let head, !(head.skipFirstPage && isFirstPage) else { continue }
      let font = head.font
      let metrics = measurer.measure("Ag", font: font)
      let baseline =
        isHeader
        ? setup.marginTop - metrics.descent - font.size * 0.9
        : setup.height - setup.marginBottom + font.size * 0.9 + metrics.ascent
      let role: Role = isHeader ? .header : .footer
      let step = Self.lineStep(font)
      for (part, alignment) in zip(head.parts(pageIndex: pageIndex), TextAlignment.allCases) {
        // A header's lines stack up from its baseline, a footer's down: both stay in the margin.
        let lines = Self.lines(of: Self.expand(part, facts))
        for (index, text) in lines.enumerated() where !text.allSatisfy(\.isWhitespace) {
          let y = baseline + (isHeader ? -Double(lines.count - 1 - index) : Double(index)) * step
          let extent = measurer.measure(text, font: font)
          let x = left + (width - extent.width) * alignment.factor
          items.append(
            DisplayItem(
              role: role, shape: .text(TextShape(text: text, font: font, origin: Point(x: x, y: y))),
              box: Rect(
                x: x, y: y - extent.ascent, width: extent.width, height: extent.ascent + extent.descent))
          )
        }
      }
      if head.rule {
        let y = isHeader ? baseline + metrics.descent + 2 : baseline - metrics.ascent - 2
        items.append(
          DisplayItem(
            role: role,
            shape: .line(
              LineShape(from: Point(x: left, y: y), to: Point(x: left + width, y: y), thickness: 0.4)),
            box: Rect(x: left, y: y - 0.2, width: width, height: 0.4)))
      }
    }
    items += footnoteItems(pageIndex: pageIndex, facts: facts, isFirstPage: isFirstPage)
    return items
  }

  /// The page's footnotes, centred and small in the bottom margin: where a footer would
  /// stand, or under it when the footer has a centred part on this page.
  func footnoteItems(pageIndex: Int, facts: PageFacts, isFirstPage: Bool) -> [DisplayItem] {
    guard !facts.footnotes.isEmpty else { return [] }
    var font = setup.textFont
    font.size *= 0.8
    let metrics = measurer.measure("Ag", font: font)
    var baseline = setup.height - setup.marginBottom + font.size * 0.9 + metrics.ascent
    if let footer = setup.footer, !(footer.skipFirstPage && isFirstPage) {
      let parts = footer.parts(pageIndex: pageIndex)
      let centre = parts.count > 1 ? Self.expand(parts[1], facts) : ""
      if !centre.allSatisfy(\.isWhitespace) {
        let footerMetrics = measurer.measure("Ag", font: footer.font)
        let below = Double(Self.lines(of: centre).count - 1) * Self.lineStep(footer.font)
        baseline =
          setup.height - setup.marginBottom + footer.font.size * 0.9 + footerMetrics.ascent
          + footerMetrics.descent + font.size * 0.4 + metrics.ascent + below
      }
    }
    let left = setup.contentLeft(pageIndex: pageIndex)
    var items: [DisplayItem] = []
    for line in facts.footnotes {
      let extent = measurer.measure(line, font: font)
      let x = left + (setup.contentWidth - extent.width) / 2
      items.append(
        DisplayItem(
          role: .footer, shape: .text(TextShape(text: line, font: font, origin: Point(x: x, y: baseline))),
          box: Rect(
            x: x, y: baseline - extent.ascent, width: extent.width, height: extent.ascent + extent.descent)))
      baseline += font.size * 1.2
    }
    return items
  }
}
