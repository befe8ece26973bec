import DisplayList
import ScoreModel

/// The `W:` words printed after a tune: one text line per `W:` line, in the words font,
/// left-aligned under the music with a blank line between verses.
struct WordsBlock {
  let style: MusicTextStyle
  let measurer: any TextMeasurer
  /// The width of the text column, in points.
  let width: Double

  func build(_ tune: Tune) -> (items: [DisplayItem], height: Double) {
    guard !tune.words.isEmpty else { return ([], 0) }
    let spec = style.wordsFont
    let sample = measurer.measure("Ág", font: spec)
    let lineHeight = (sample.ascent + sample.descent) * 1.2
    var items: [DisplayItem] = []
    var y = lineHeight * 0.8
    let context = ItemContext(tune: tune.referenceNumber)
    for line in tune.words {
      if line.trimmingCharacters().isEmpty {
        y += lineHeight * 0.6
        continue
      }
      let extent = measurer.measure(line, font: spec)
      let x = width * 0.08
      items.append(
        DisplayItem(
          role: .text,
          shape: .text(TextShape(text: line, font: spec, origin: Point(x: x, y: y + extent.ascent))),
          box: Rect(x: x, y: y, width: extent.width, height: extent.ascent + extent.descent), context: context
        ))
      y += lineHeight
    }
    return (items, y)
  }
}
