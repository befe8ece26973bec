import DisplayList
import SMuFL
import ScoreModel

extension MarkPlacement {
  /// Chord symbols on one baseline for the whole line, clear of the ink under each.
  mutating func placeChordSymbols(line: EngravedLine) {
    var entries:
      [(
        symbol: ChordSymbolText.Measured, x: Double, width: Double, extent: TextExtent, index: Int,
        source: SourcePosition, text: String
      )] =
        []
    for index in line.attached {
      guard let x = line.x(of: index) else { continue }
      for annotation in line.symbols[index].attachments.annotations where annotation.placement == .chordSymbol
      {
        let symbol = ChordSymbolText.measure(
          annotation.text, style: style.chordSymbolStyle, font: style.chordSymbolFont, measurer: measurer,
          scale: scale)
        entries.append(
          (symbol, x - 0.2, symbol.width, symbol.extent, index, annotation.range.position, annotation.text))
      }
    }
    guard !entries.isEmpty else { return }
    let ascent = entries.map { $0.extent.ascent }.max() ?? 0
    let descent = entries.map { $0.extent.descent }.max() ?? 0
    let pad = style.chordSymbolsBoxed ? Self.framePadding : 0
    var bottom = -1.0
    for entry in entries {
      bottom = min(
        bottom, above.reach(from: entry.x - pad, to: entry.x + entry.width + pad, floor: 0) - 0.6 - pad)
    }
    let baseline = bottom - descent / scale
    var stacked: [Int: Int] = [:]
    var diagrams:
      [(text: String, x: Double, width: Double, top: Double, column: Int?, source: SourcePosition)] = []
    for entry in entries {
      let level = stacked[entry.index, default: 0]
      stacked[entry.index] = level + 1
      let y = baseline - Double(level) * (ascent + descent) / scale
      for run in entry.symbol.runs {
        canvas.text(
          run.text, font: run.font, x: entry.x + run.dx, y: y - run.rise, extent: run.extent,
          role: .chordSymbol,
          column: line.column(of: entry.index), source: entry.source)
      }
      let top = y - entry.extent.ascent / scale
      let bottom = y + entry.extent.descent / scale
      if style.chordSymbolsBoxed {
        frame(
          x0: entry.x, x1: entry.x + entry.width, top: top, bottom: bottom, role: .chordSymbol,
          column: line.column(of: entry.index), source: entry.source)
      }
      above.insert(x0: entry.x - pad, x1: entry.x + entry.width + pad, top: top - pad, bottom: bottom + pad)
      if style.chordDiagrams != nil && level == 0 {
        diagrams.append(
          (entry.text, entry.x, entry.width, top - pad, line.column(of: entry.index), entry.source))
      }
    }
    if let instrument = style.chordDiagrams { placeChordDiagrams(diagrams, instrument: instrument) }
  }

  /// The gap between a framed text and its frame, in staff spaces.
  static let framePadding = 0.25

  /// Draws a thin frame around a text box (staff spaces), `framePadding` outside it.
  mutating func frame(
    x0: Double, x1: Double, top: Double, bottom: Double, role: Role, column: Int?, source: SourcePosition?
  ) {
    let pad = Self.framePadding
    let corners = [
      (x0 - pad, top - pad), (x1 + pad, top - pad), (x1 + pad, bottom + pad), (x0 - pad, bottom + pad),
    ]
    for (a, b) in zip(corners, corners.dropFirst() + [corners[0]]) {
      canvas.line(from: a, to: b, thickness: 0.12, role: role, column: column, source: source)
    }
  }

  /// The annotation font with a text's own style (MusicXML words in italics, bold, sized).
  static func font(_ spec: FontSpec, styled style: TextStyle?) -> FontSpec {
    guard let style else { return spec }
    var styled = spec
    if let italic = style.isItalic { styled.isItalic = italic }
    if let bold = style.isBold { styled.isBold = bold }
    styled.size = spec.size * style.sizeRatio
    return styled
  }

  /// The lines of an annotation: `;` separates them (abcm2ps's `"^beam;crossing;a bar"`).
  static func lines(of text: String) -> [String] {
    guard text.contains(where: { $0 == ";" || $0 == "\n" }) else { return [text] }
    return text.split(whereSeparator: { $0 == ";" || $0 == "\n" }).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }

  /// How much taller than 1.2 times its size a line of `font` is (staff spaces): lines of a
  /// stack overlap by half of each one's excess, so they stand 1.2 times their size apart.
  func leading(_ font: FontSpec) -> Double {
    let extent = measurer.measure("Hg", font: font)
    return max(0, extent.ascent + extent.descent - 1.2 * font.size) / scale
  }

  /// The lines of an annotation, each broken at spaces to fit the staff's length (a
  /// footnote or a verse set as words over the music would otherwise run off the page).
  func wrappedLines(of text: String, font spec: FontSpec) -> [String] {
    Self.lines(of: text).flatMap { line -> [String] in
      guard rightLimit.isFinite, measurer.measure(line, font: spec).width / scale > rightLimit else {
        return [line]
      }
      return measurer.fill(line.split(separator: " ").map(String.init), font: spec, width: rightLimit * scale)
    }
  }

  /// Annotations: above and below stacked beyond the ink, left and right beside the head.
  /// Texts under the staff, each below the ink there: after the lyrics in a voice with
  /// words (an expression mark goes under the words, not between them and the notes).
  mutating func placeBelowAnnotations(line: EngravedLine) {
    let spec = style.annotationFont
    // Under notes beamed to the staff below, the words go above (as dynamics do).
    var crossRuns: [(from: Double, to: Double)]?
    for index in line.attached {
      let annotations = line.symbols[index].attachments.annotations
      guard annotations.contains(where: { $0.placement == .below }), let x = line.x(of: index) else {
        continue
      }
      // The font of the line placed last: the next follows it at 1.2 times its size.
      var previous: FontSpec?
      if crossRuns == nil { crossRuns = self.crossRuns(line) }
      // The words reach as far right as the widest of them (at least three spaces); they
      // are measured only where a beam runs to the staff below.
      var reach = 3.0
      for annotation in annotations where annotation.placement == .below && crossRuns?.isEmpty == false {
        let font = Self.font(spec, styled: annotation.style)
        for text in wrappedLines(of: annotation.text, font: font) {
          reach = max(reach, measurer.measure(text, font: font).width / scale)
        }
      }
      let underBeam = crossRuns?.contains { $0.from < x + reach && $0.to > x - 0.5 } ?? false
      for annotation in annotations where annotation.placement == .below {
        let font = Self.font(spec, styled: annotation.style)
        for text in wrappedLines(of: annotation.text, font: font) {
          placeText(
            text, font: font, x: x - 0.2, side: underBeam ? .above : .below, floor: underBeam ? 0 : 4,
            padding: previous.map { -(leading($0) + leading(font)) / 2 } ?? 0.5, role: .annotation,
            column: line.column(of: index),
            source: annotation.range.position)
          previous = font
        }
      }
    }
  }

  mutating func placeAnnotations(line: EngravedLine) {
    for index in line.attached {
      guard let x = line.x(of: index) else { continue }
      let column = line.column(of: index)
      let note = line.notes[index]
      let annotations = line.symbols[index].attachments.annotations
      // Above the staff the texts read down in source order, as abcm2ps stacks them: the
      // last (and the last line of a `;`-broken one) nearest the staff, placed first.
      // Lines of one stack follow at 1.2 times the font size (the font's own extents are
      // taller): only the first keeps its padding.
      let spec = style.annotationFont
      // The font of the line placed last: the next follows it at 1.2 times its size.
      var previous: FontSpec?
      for annotation in annotations.reversed() where annotation.placement == .above {
        let font = Self.font(spec, styled: annotation.style)
        for text in wrappedLines(of: annotation.text, font: font).reversed() {
          placeText(
            text, font: font, x: x - 0.2, side: .above, floor: 0,
            padding: previous.map { -(leading($0) + leading(font)) / 2 } ?? 0.5,
            role: .annotation, column: column, source: annotation.range.position)
          previous = font
        }
      }
      for annotation in annotations {
        let source = annotation.range.position
        let spec = style.annotationFont
        switch annotation.placement {
        case .chordSymbol, .above, .below:
          continue
        case .left, .right:
          let extent = measurer.measure(annotation.text, font: spec)
          let width = extent.width / scale
          let y =
            (note.map { ($0.highestY + $0.lowestY) / 2 } ?? 2) + (extent.ascent - extent.descent) / scale / 2
          var inkLeft = 0.0
          if case .note(let symbol) = line.symbols[index].kind {
            inkLeft =
              symbol.heads.map { min($0.offset, $0.accidental == nil ? 0 : $0.accidentalOffset) }.min() ?? 0
          }
          let leftEdge =
            annotation.placement == .left
            ? x + inkLeft - width - 0.3 : x + (note.map { $0.rightEdge } ?? 1.2) + 0.4
          canvas.text(
            annotation.text, font: spec, x: leftEdge, y: y, extent: extent, role: .annotation, column: column,
            source: source)
          above.insert(
            x0: leftEdge, x1: leftEdge + width, top: y - extent.ascent / scale,
            bottom: y + extent.descent / scale)
          below.insert(
            x0: leftEdge, x1: leftEdge + width, top: y - extent.ascent / scale,
            bottom: y + extent.descent / scale)
        case .free(let dx, let dy):
          let extent = measurer.measure(annotation.text, font: spec)
          canvas.text(
            annotation.text, font: spec, x: x + dx / scale, y: 2 - dy / scale, extent: extent,
            role: .annotation,
            column: column, source: source)
        }
      }
    }
  }

  /// Part labels (boxed), tempo changes and section titles, above everything.
  mutating func placeLabels(line: EngravedLine) {
    for index in line.attached {
      let attachments = line.symbols[index].attachments
      guard let x = line.x(of: index) else { continue }
      let column = line.column(of: index)
      let source = line.symbols[index].source
      if let label = attachments.partLabel {
        let box = placeText(
          label, font: style.partLabelFont, x: x, side: .above, floor: 0, padding: 1.0, role: .partLabel,
          column: column, source: source)
        if style.partLabelsBoxed {
          frame(
            x0: box.x0, x1: box.x1, top: box.top, bottom: box.bottom, role: .partLabel, column: column,
            source: source)
          let pad = Self.framePadding
          above.insert(x0: box.x0 - pad, x1: box.x1 + pad, top: box.top - pad, bottom: box.bottom)
        }
      }
      if let tempo = attachments.tempo {
        let text = TempoMark.describe(TempoMark.withBeat(tempo, unit: format.unitNoteLength))
        placeText(
          text, font: style.partLabelFont, x: x, side: .above, floor: 0, padding: 0.8, role: .tempo,
          column: column, source: source)
      }
      if let title = attachments.sectionTitle {
        placeText(
          ChordSymbolText.inTitle(title), font: style.partLabelFont, x: x, side: .above, floor: 0,
          padding: 0.8,
          role: .text, column: column, source: source)
      }
    }
  }

  /// Bar numbers: at each line's start (`%%measurenb 0`) or every N bars.
  mutating func placeBarNumbers(line: EngravedLine) {
    guard let interval = format.measureNumberInterval else { return }
    let spec = style.measureNumberFont
    if interval == 0 {
      guard
        let first = (line.first...max(line.first, line.last)).first(where: { line.symbols[$0].isDurational }),
        line.first > 0, line.symbols[first].barNumber > 0
      else { return }
      placeText(
        String(line.symbols[first].barNumber), font: spec, x: 0.2, side: .above, floor: -1.0, padding: 0.3,
        role: .measureNumber, column: nil, source: nil)
      return
    }
    for index in line.indices where index <= line.last {
      guard line.symbols[index].isBar, index + 1 < line.symbols.count, let x = line.x(of: index) else {
        continue
      }
      let number = line.symbols[index + 1].barNumber
      guard number > 0, number % interval == 0 else { continue }
      placeText(
        String(number), font: spec, x: x, centred: true, side: .above, floor: 0, padding: 0.4,
        role: .measureNumber,
        column: line.column(of: index), source: nil)
    }
  }
}
