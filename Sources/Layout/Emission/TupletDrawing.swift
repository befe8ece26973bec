import DisplayList
import SMuFL
import ScoreModel

/// Draws tuplet numbers, with a bracket unless the tuplet is exactly one beam group.
///
/// The number (SMuFL tuplet digits) goes on the stem side, centred over the group; a
/// bracket with short hooks is added when the notes are not beamed together, and it clears
/// every note of the tuplet by a staff space. The tuplet's style (`%%tuplets`) can ask for
/// no bracket or always one, a side, and no number or the ratio `3:2`. Tuplets nest:
/// the innermost are drawn first and each outer one passes outside their numbers and
/// brackets, always with a bracket of its own (Gould), so `(3:2:5 c (3d/e/f/ g` shows a
/// 3 over d e f and a bracketed 3 over all five notes.
struct TupletDrawing {
  let font: MusicFont
  /// How far the articulations placed at each note reach (staff spaces): the number and
  /// bracket pass outside them.
  var marksNear: [Int: (top: Double, bottom: Double)] = [:]

  func draw(line: EngravedLine, on canvas: inout StaffCanvas) {
    // Every tuplet of the line with the symbols it covers; the innermost are drawn
    // first, so an outer tuplet clears the numbers and brackets inside it.
    var tuplets: [(index: Int, tuplet: Tuplet, members: [Int])] = []
    for index in line.attached {
      for tuplet in line.symbols[index].attachments.tuplets {
        var members: [Int] = []
        var next = index
        // Members past the line's end are counted up to one (that is enough to know).
        while members.count < tuplet.r && next < line.symbols.count && next <= line.last + 1 {
          if line.symbols[next].isDurational { members.append(next) }
          next += 1
        }
        tuplets.append((index, tuplet, members))
      }
    }
    guard !tuplets.isEmpty else { return }
    var order = Array(tuplets.indices)
    if tuplets.count > 1 {
      // Shorter spans first; of equal spans, the later written (the inner) first.
      order.sort { a, b in
        let spanA = (tuplets[a].members.last ?? 0) - (tuplets[a].members.first ?? 0)
        let spanB = (tuplets[b].members.last ?? 0) - (tuplets[b].members.first ?? 0)
        return spanA != spanB ? spanA < spanB : a > b
      }
    }
    var inner: [Int: (top: Double, bottom: Double)] = [:]
    // An outer tuplet always has its bracket (Gould), so the two are told apart. Its inner
    // tuplets are written after it and start within its span: only those are looked at.
    var hasInner = [Bool].filled(false, count: tuplets.count)
    for outer in tuplets.indices {
      guard let last = tuplets[outer].members.last else { continue }
      var next = outer + 1
      while next < tuplets.count && tuplets[next].index <= last {
        if tuplets[next].members.count < tuplets[outer].members.count {
          hasInner[outer] = true
          break
        }
        next += 1
      }
    }
    for position in order {
      let (index, tuplet, members) = tuplets[position]
      draw(
        tuplet, at: index, members: members, hasInner: hasInner[position], line: line, inner: &inner,
        on: &canvas)
    }
  }

  /// Draws one tuplet over `members`, clearing `inner` (what the tuplets inside it
  /// reach at each symbol), and records its own reach there.
  private func draw(
    _ tuplet: Tuplet, at index: Int, members: [Int], hasInner: Bool, line: EngravedLine,
    inner: inout [Int: (top: Double, bottom: Double)], on canvas: inout StaffCanvas
  ) {
    let onLine = members.filter { $0 <= line.last }
    // A tuplet split across staves is drawn once, by the staff holding its first note.
    if let first = onLine.first, case .rest(let rest) = line.symbols[first].kind, rest.isPlaceholder {
      return
    }
    let geometries = onLine.compactMap { line.notes[$0] }
    guard let firstIndex = onLine.first, let lastIndex = onLine.last,
      let x0 = line.x(of: firstIndex), let x1 = line.x(of: lastIndex)
    else { return }
    let beams = Set(
      onLine.compactMap { i -> Int? in
        if case .note(let note) = line.symbols[i].kind { return note.beamGroup }
        return nil
      })
    let groupSize = beams.reduce(0) { $0 + line.spans.beamGroupSize($1) }
    // Notes beamed across the staves count as beamed (their beam is joined later).
    let crossBeamed = onLine.allSatisfy { i in
      switch line.symbols[i].kind {
      case .note(let note): note.isCrossBeamed
      case .rest(let rest): rest.isPlaceholder
      default: false
      }
    }
    let isBeamed =
      crossBeamed
      || (beams.count == 1 && members.count == tuplet.r && onLine.count == members.count
        && groupSize == members.count
        && geometries.count == members.count)
    let style = tuplet.style
    guard style.when != .never else { return }
    let drawsBracket = style.when == .always || (style.when == .unbeamed && (!isBeamed || hasInner))
    let stemSide = geometries.isEmpty ? true : geometries.filter(\.stemUp).count * 2 >= geometries.count
    let up =
      switch style.side {
      case .automatic: stemSide
      case .above: true
      case .below: false
      }
    // A number on the heads' side clears them like a bracket would.
    let clearsHeads = drawsBracket || up != stemSide
    let headWidth = geometries.first?.headWidth ?? 1.18
    // A tuplet that starts with rests covers them too.
    let startsWithRest = line.notes[firstIndex] == nil
    let left = (startsWithRest ? x0 : (geometries.first?.x ?? x0)) - 0.2
    let endsWithRest = line.notes[lastIndex] == nil
    let right =
      (endsWithRest ? x1 + headWidth : (geometries.last.map { $0.x + $0.headWidth } ?? (x1 + headWidth)))
      + 0.2
    let marks = onLine.compactMap { marksNear[$0] } + onLine.compactMap { inner[$0] }
    let reach =
      up
      ? min(geometries.map(\.top).min() ?? 0, marks.map(\.top).min() ?? 0, clearsHeads ? -0.5 : 0) - 0.6
      : max(geometries.map(\.bottom).max() ?? 4, marks.map(\.bottom).max() ?? 4, clearsHeads ? 4.5 : 4)
        + 0.6
    var digits = SMuFLGlyph.decimalDigits(tuplet.p).map(SMuFLGlyph.tupletDigit)
    switch style.number {
    case .count: break
    case .none: digits = []
    case .ratio:
      digits +=
        [.tupletColon] + SMuFLGlyph.decimalDigits(tuplet.q).map(SMuFLGlyph.tupletDigit)
    }
    let size = 0.9
    let width = digits.reduce(0) { $0 + (font.glyph($1)?.advance ?? 0.8) } * size
    let height = (font.glyph(.tuplet3)?.height ?? 1.4) * size
    let centre = (left + right) / 2
    let baseline = up ? reach : reach + height
    var cursor = centre - width / 2
    for digit in digits {
      canvas.glyph(
        digit, x: cursor, y: baseline - (up ? 0 : 0), role: .tuplet, column: line.column(of: firstIndex),
        source: line.symbols[index].source, size: size)
      cursor += (font.glyph(digit)?.advance ?? 0.8) * size
    }
    for member in onLine {
      let top = up ? baseline - height : (inner[member]?.top ?? 0)
      let bottom = up ? (inner[member]?.bottom ?? 4) : baseline
      inner[member] = (min(top, inner[member]?.top ?? top), max(bottom, inner[member]?.bottom ?? bottom))
    }
    guard drawsBracket else { return }
    let thickness = font.engravingDefaults.tupletBracketThickness
    let y = baseline - height * 0.4
    if style.shape == .slur {
      // A curve over (or under) the notes, open where the number stands.
      CurveDrawing(font: font).draw(
        from: (left, y + (up ? 0.6 : -0.6)), to: (right, y + (up ? 0.6 : -0.6)),
        height: up ? -0.8 : 0.8, isTie: false, isDotted: false, role: .tuplet, on: &canvas,
        column: line.column(of: firstIndex), source: line.symbols[index].source)
      return
    }
    let hook = up ? 0.7 : -0.7
    let gap = digits.isEmpty ? 0 : width / 2 + 0.3
    for (from, to) in [(left, centre - gap), (centre + gap, right)] where to > from {
      canvas.line(
        from: (from, y), to: (to, y), thickness: thickness, role: .tuplet,
        column: line.column(of: firstIndex))
    }
    canvas.line(
      from: (left, y), to: (left, y + hook), thickness: thickness, role: .tuplet,
      column: line.column(of: firstIndex))
    canvas.line(
      from: (right, y), to: (right, y + hook), thickness: thickness, role: .tuplet,
      column: line.column(of: firstIndex))
  }
}
