import DisplayList

/*
 The error box — what a book prints in place of a tune that could not be engraved.

 Method. The tune's title in the text font's bold, then the message lines, set by
 TextLayout inside a frame the width of the page's content, with a margin of half the
 font size all round. The box is a tune of one heading and no systems, so the page flow
 places it like any other tune (moved whole to the next page when it does not fit), and it
 keeps its line in the contents and the index, marked, so the reader of a proof copy sees
 where the tune belongs and why it is missing.

     ┌───────────────────────────────────────────────┐
     │ The Kesh                                       │
     │ Not engraved: ABCPress stopped with an internal │
     │ error on this tune (book.abc:120).              │
     └───────────────────────────────────────────────┘

 Limits. The frame and text are drawn in the `text` role's colour.
 */

extension Engraver {
  /// A framed box standing in for a tune that could not be engraved: its title and why.
  public func errorBox(title: String, message: [String]) -> EngravedTune {
    let font = setup.textFont
    let padding = font.size * 0.5
    let width = setup.contentWidth
    let text = TextLayout(measurer: measurer, width: width - 2 * padding)
    var bold = font
    bold.isBold = true
    let lines =
      text.lines(for: TextBlock(lines: [title], mode: .fill, role: .text), font: bold)
      + text.lines(for: TextBlock(lines: message, mode: .fill, role: .text), font: font)
    var items: [DisplayItem] = []
    var y = padding
    for line in lines {
      items += line.items.map { $0.translated(dx: padding, dy: y) }
      y += line.height
    }
    let height = y + padding
    let thickness = 0.8
    let frame = PathShape(
      segments: [
        .move(Point(x: 0, y: 0)), .line(Point(x: width, y: 0)), .line(Point(x: width, y: height)),
        .line(Point(x: 0, y: height)), .close,
      ], strokeWidth: thickness)
    items.insert(
      DisplayItem(
        role: .text, shape: .path(frame),
        box: Rect(x: -thickness / 2, y: -thickness / 2, width: width + thickness, height: height + thickness)),
      at: 0)
    let gap = setup.staffSpace * 2
    let laidOut = LaidOutTune(
      heading: items.map { $0.translated(dx: 0, dy: gap) }, headingHeight: height + 2 * gap,
      systems: TuneSystems([]), title: title)
    return EngravedTune(laidOut: laidOut, titles: [title], contentsTitle: title + " (not engraved)")
  }
}
