import DisplayList
import Foundation
import SMuFL
import ScoreModel

/*
 SystemStacker — staves piled into one system, joined by bar lines, brackets and braces.

 Method. Each staff arrives as display items relative to its own top line. Staff k + 1's
 top line goes at least `%%sysstaffsep` below staff k's and far enough that staff k's ink
 below and staff k + 1's ink above keep a half space apart. Then, in staff spaces:
   - a thin line at the left joins all staves (the system start);
   - in a group whose bar lines join, each bar line's vertical strokes continue through
     the gap to the next staff of the group;
   - a bracket (thick line with the SMuFL `bracketTop`/`bracketBottom` hooks) or a brace
     (the SMuFL `brace` glyph scaled to the group's height, its width held narrow) stands
     left of the group;
   - voice names (`nm=` on the first system, `snm=` later) sit left of their staves.
 The music is moved right by the names' and brackets' width.

     Soprano  ┌|=====|=====|
              │      |
     Alto     └|=====|=====|

 Limits. Nested groups draw only their own bracket; names longer than a third of the
 line are not wrapped.
 */

/// Stacks a line's staves into one `StaffSystem` with joins, brackets and names.
struct SystemStacker {
  let layout: TuneLayout
  let plan: StaffPlan

  var font: MusicFont { layout.font }
  var scale: Double { layout.setup.staffSpace }
  var nameFont: FontSpec { layout.setup.textFont }

  /// The name lines shown left of each staff: `name` on the first system, `shortName`
  /// later; `\n` in a name breaks it, and a staff shared by voices shows each voice's
  /// name, stacked (abcm2ps).
  func names(first: Bool) -> [[String]] {
    plan.staves.map { staff in
      staff.voices.flatMap { voice -> [String] in
        guard let name = first ? plan.voices[voice].name : plan.voices[voice].shortName else { return [] }
        return Self.lines(of: name)
      }
    }
  }

  /// A name's lines: broken at `\n` (as written in `nm=`) or a real line end.
  static func lines(of name: String) -> [String] { WrittenLines.of(name, keepingEmpty: false) }

  /// Width left of the staves for the group signs, in staff spaces.
  var groupWidth: Double {
    Double(signLevels) * Self.levelWidth
  }

  /// The width each level of nested group signs takes, in staff spaces.
  static let levelWidth = 1.6

  /// How many levels of signs stand between a group's sign and its staves.
  func nestedLevels(inside group: StaffPlan.Group) -> Int {
    plan.groups.filter {
      $0.bracket != .none && $0.depth > group.depth && $0.staves.lowerBound >= group.staves.lowerBound
        && $0.staves.upperBound <= group.staves.upperBound
    }.map { $0.depth - group.depth }.max() ?? 0
  }

  /// How many nested levels of brackets and braces stand left of the staves.
  var signLevels: Int {
    (plan.groups.filter { $0.bracket != .none }.map(\.depth).max()).map { $0 + 1 } ?? 0
  }

  /// The system's indent for names and group signs, in staff spaces.
  func indent(names first: Bool) -> Double {
    let widths = names(first: first).joined().map {
      layout.measurer.measure($0, font: nameFont).width
    }
    let nameWidth = widths.max().map { $0 / scale + 1 } ?? 0
    return nameWidth + groupWidth
  }

  func stack(
    _ staves: [[DisplayItem]], sizes: [Double] = [], bars: [(StaffSymbol, Double)], names first: Bool,
    indent: Double, end: Double, present: [[ClosedRange<Double>]]? = nil,
    reserved: [Int: CrossStaffBeams.Reach] = [:], context: ItemContext
  ) -> StaffSystem {
    // Each staff's height in the system's staff spaces (a `%%staffscale` staff's own).
    let spans = staves.indices.map { 4 * (sizes.indices.contains($0) ? sizes[$0] : 1) }
    // What each staff's items reach, and what is drawn after stacking around it (a beam
    // across staves set above or below them all: `reserved`, points).
    let extents = staves.indices.map { index in
      var extent = StaffSystem(items: staves[index], staffHeight: spans[index] * scale)
      if let reach = reserved[index] {
        extent.above = max(extent.above, reach.above)
        extent.below = max(extent.below, spans[index] * scale + reach.below)
      }
      return extent
    }
    var tops: [Double] = [0]
    for index in extents.indices.dropFirst() {
      let previous = tops[index - 1]
      let clear = extents[index - 1].below + extents[index].above + scale / 2
      tops.append(previous + max(layout.setup.staffSeparation, clear, (spans[index - 1] + 1) * scale))
    }
    var items: [DisplayItem] = []
    for (index, staff) in staves.enumerated() {
      items += staff.map { $0.translated(dx: indent * scale, dy: tops[index]) }
    }
    var canvas = StaffCanvas(font: font, scale: scale, context: context)
    let top = tops.map { $0 / scale }
    let thin = font.engravingDefaults.thinBarlineThickness
    let left = indent
    // On a line crossing staff segments, what stands at the line's start is drawn for the
    // staves present there, and a bar line joins two staves only where both are present.
    func isPresent(_ staff: Int, at x: Double) -> Bool {
      guard let present, present.indices.contains(staff) else { return true }
      return present[staff].contains { $0.lowerBound - 0.01 <= x && x <= $0.upperBound + 0.01 }
    }
    let atStart = staves.indices.filter { isPresent($0, at: 0) }
    if atStart.count > 1, let first = atStart.first, let last = atStart.last {
      canvas.line(
        from: (left + thin / 2, top[first]), to: (left + thin / 2, top[last] + spans[last]), thickness: thin,
        role: .barLine)
    }
    var joined = Set<Int>()
    for group in plan.groups {
      if group.barLinesJoin { joined.formUnion(group.staves.dropLast()) }
      if group.joinsNext { joined.insert(group.staves.upperBound) }
    }
    for staff in joined.sorted() where staff + 1 < top.count {
      let shared =
        present == nil ? bars : bars.filter { isPresent(staff, at: $0.1) && isPresent(staff + 1, at: $0.1) }
      joinBars(shared, from: top[staff] + spans[staff], to: top[staff + 1], dx: left, on: &canvas)
    }
    for group in plan.groups where group.staves.upperBound < top.count {
      let drawn = group.staves.filter { isPresent($0, at: 0) }
      guard let firstDrawn = drawn.first, let lastDrawn = drawn.last else { continue }
      let groupTop = top[firstDrawn]
      let groupBottom = top[lastDrawn] + spans[lastDrawn]
      // A sign stands left of the signs nested inside it, a level each.
      let shift = Double(nestedLevels(inside: group)) * Self.levelWidth
      switch group.bracket {
      case .bracket: drawBracket(x: left - 1.1 - shift, top: groupTop, bottom: groupBottom, on: &canvas)
      case .brace: drawBrace(right: left - 0.35 - shift, top: groupTop, bottom: groupBottom, on: &canvas)
      case .none: break
      }
    }
    // Lines of a name follow at the font's own height, so they never overlap.
    let sample = layout.measurer.measure("Ág", font: nameFont)
    let lineHeight = max(nameFont.size * 1.2, sample.ascent + sample.descent) / scale
    let allNames = names(first: first)
    for (index, lines) in allNames.enumerated() where index < top.count && isPresent(index, at: 0) {
      // The lines centred on the staff's middle line (on a brace's middle when the braced
      // staves have one name between them), each right-aligned to the music.
      var middle = top[index] + spans[index] / 2
      if let brace = plan.groups.first(where: { $0.bracket == .brace && $0.staves.lowerBound == index }),
        brace.staves.upperBound < top.count, brace.staves.dropFirst().allSatisfy({ allNames[$0].isEmpty })
      {
        middle = (top[index] + top[brace.staves.upperBound] + spans[brace.staves.upperBound]) / 2
      }
      let firstMiddle = middle - lineHeight * Double(lines.count - 1) / 2
      for (row, name) in lines.enumerated() {
        let extent = layout.measurer.measure(name, font: nameFont)
        let x = left - groupWidth - 0.6 - extent.width / scale
        let y = firstMiddle + lineHeight * Double(row) + (extent.ascent - extent.descent) / scale / 2
        canvas.text(name, font: nameFont, x: max(0, x), y: y, extent: extent, role: .text)
      }
    }
    return StaffSystem(items: items + canvas.items, staffHeight: (tops.last ?? 0) + (spans.last ?? 4) * scale)
  }

  /// Continues each bar line's vertical strokes from one staff's bottom to the next's top.
  func joinBars(
    _ bars: [(StaffSymbol, Double)], from bottom: Double, to nextTop: Double, dx: Double,
    on canvas: inout StaffCanvas
  ) {
    for (symbol, x) in bars {
      guard case .bar(let bar) = symbol.kind else { continue }
      var probe = StaffCanvas(font: font, scale: scale, context: canvas.context)
      BarLineDrawing.draw(bar, x: x, on: &probe, column: nil, source: nil)
      for item in probe.items {
        guard case .line(let line) = item.shape, abs(line.from.x - line.to.x) < 1e-6, line.dash == nil else {
          continue
        }
        let lineX = line.from.x / scale + dx
        canvas.line(
          from: (lineX, bottom), to: (lineX, nextTop), thickness: line.thickness / scale, role: .barLine)
      }
    }
  }

  /// A thick line with hooks at both ends.
  func drawBracket(x: Double, top: Double, bottom: Double, on canvas: inout StaffCanvas) {
    let thick = font.engravingDefaults.thickBarlineThickness
    let hasHooks = font.glyph(.bracketTop) != nil && font.glyph(.bracketBottom) != nil
    canvas.line(
      from: (x + thick / 2, top - (hasHooks ? 0 : 0.3)), to: (x + thick / 2, bottom + (hasHooks ? 0 : 0.3)),
      thickness: thick, role: .barLine)
    if hasHooks {
      canvas.glyph(.bracketTop, x: x, y: top, role: .barLine)
      canvas.glyph(.bracketBottom, x: x, y: bottom, role: .barLine)
    } else {
      let thin = font.engravingDefaults.thinBarlineThickness
      canvas.line(from: (x, top - 0.3), to: (x + 1, top - 0.3), thickness: thin, role: .barLine)
      canvas.line(from: (x, bottom + 0.3), to: (x + 1, bottom + 0.3), thickness: thin, role: .barLine)
    }
  }

  /// The brace glyph stretched to the group's height, kept narrow.
  func drawBrace(right: Double, top: Double, bottom: Double, on canvas: inout StaffCanvas) {
    guard let metrics = font.glyph(.brace), metrics.height > 0 else {
      canvas.line(from: (right - 0.3, top), to: (right - 0.3, bottom), thickness: 0.3, role: .barLine)
      return
    }
    let size = (bottom - top) / metrics.height
    let naturalWidth = metrics.width * size
    let scaleX = min(1, 1.1 / max(naturalWidth, 0.01))
    let x = right - naturalWidth * scaleX - metrics.southWest.x * size * scaleX
    canvas.glyph(
      .brace, x: x, y: bottom + metrics.southWest.y * size, role: .barLine, size: size, scaleX: scaleX)
  }
}
