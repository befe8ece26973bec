import DisplayList

/// Writes a document outline (bookmarks): one object per entry, linked to its parent and
/// siblings, each opening its page at the entry's height.
struct PDFOutlineWriter {
  let writer: PDFObjectWriter
  /// Page object numbers and heights by physical page index.
  let pageObjects: [Int]
  let heights: [Double]

  /// Writes the outline and returns the number of its root dictionary.
  func write(_ entries: [OutlineEntry]) throws -> Int {
    let root = writer.reserve()
    let numbers = try write(entries, parent: root)
    let count = entries.reduce(0) { $0 + 1 + $1.descendantCount }
    try writer.write(
      root,
      "<< /Type /Outlines /First \(numbers.first ?? 0) 0 R /Last \(numbers.last ?? 0) 0 R /Count \(count) >>")
    return root
  }

  /// `key` and an indirect reference to object `number` (` /Prev 12 0 R`).
  private func reference(_ key: StaticString, _ number: Int, into body: inout ByteText) {
    body.put(key)
    body.integer(number)
    body.put(" 0 R")
  }

  private func write(_ entries: [OutlineEntry], parent: Int) throws -> [Int] {
    let numbers = entries.map { _ in writer.reserve() }
    // Written as bytes, into one buffer for the level's entries (an interpolated string per
    // entry cost more than the rest).
    var body = ByteText(capacity: 160)
    for (index, entry) in entries.enumerated() {
      body.clear()
      body.put("<< /Title ")
      PDFSyntax.textString(entry.title, into: &body)
      reference(" /Parent ", parent, into: &body)
      if index > 0 { reference(" /Prev ", numbers[index - 1], into: &body) }
      if index + 1 < numbers.count { reference(" /Next ", numbers[index + 1], into: &body) }
      if !entry.children.isEmpty {
        let children = try write(entry.children, parent: numbers[index])
        reference(" /First ", children[0], into: &body)
        reference(" /Last ", children[children.count - 1], into: &body)
        body.put(" /Count ")
        body.integer(entry.descendantCount)
      }
      if pageObjects.indices.contains(entry.page) {
        body.put(" /Dest [")
        body.integer(pageObjects[entry.page])
        body.put(" 0 R /XYZ 0 ")
        body.decimal(heights[entry.page] - entry.y, places: 3)
        body.put(" 0]")
      }
      body.put(" >>")
      try writer.write(numbers[index], body)
    }
    return numbers
  }
}

/// Page labels as a PDF number tree: runs of arabic or lower-case roman numbers, and other
/// labels as prefixes.
enum PDFPageLabels {
  /// The `/Nums` array's content, or nil when no page has a label.
  static func nums(_ labels: [String?]) -> String? {
    guard labels.contains(where: { $0 != nil }) else { return nil }
    var out: [String] = []
    var expected: (style: String, value: Int)?
    for (index, label) in labels.enumerated() {
      let style: (String, Int)?
      if let label, let number = Int(label), number > 0 {
        style = ("D", number)
      } else if let label, let number = romanValue(label) {
        style = ("r", number)
      } else {
        style = nil
      }
      if let style, let wanted = expected, wanted.style == style.0, wanted.value == style.1 {
        expected = (style.0, style.1 + 1)
        continue
      }
      if let style {
        out.append("\(index) << /S /\(style.0) /St \(style.1) >>")
        expected = (style.0, style.1 + 1)
      } else {
        out.append("\(index) << /P \(PDFSyntax.textString(label ?? "")) >>")
        expected = nil
      }
    }
    return out.joined(separator: " ")
  }

  /// The value of a lower-case roman numeral (`xiv` → 14), nil for other text.
  static func romanValue(_ text: String) -> Int? {
    let values: [Character: Int] = ["i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000]
    guard !text.isEmpty, text.allSatisfy({ values[$0] != nil }) else { return nil }
    let digits = text.compactMap { values[$0] }
    var total = 0
    for (index, digit) in digits.enumerated() {
      total += index + 1 < digits.count && digits[index + 1] > digit ? -digit : digit
    }
    return total > 0 ? total : nil
  }
}

extension OutlineEntry {
  /// How many entries are nested below this one, at any depth.
  var descendantCount: Int { children.reduce(0) { $0 + 1 + $1.descendantCount } }
}
