import DisplayList
import ScoreModel

extension MarkPlacement {
  /// Every verse on its own baseline under the staff: syllables centred under their heads,
  /// hyphens between the syllables of a word, extender lines under held syllables.
  mutating func placeLyrics(line: EngravedLine) {
    // Counted in place (most lines have no words: no arrays made to find that out).
    var verses = 0
    for index in line.attached {
      verses = max(verses, line.symbols[index].attachments.lyrics.count)
    }
    guard verses > 0 else { return }
    let spec = style.lyricFont
    let sample = measurer.measure("Ág", font: spec)
    let lineHeight = (sample.ascent + sample.descent) / scale * 1.15
    // One baseline per verse for the whole line, under the ink where the words are (a
    // clef's tail before the first syllable does not push them down).
    let xs = line.indices.compactMap { index -> Double? in
      index <= line.last && line.symbols[index].attachments.lyrics.contains { $0 != nil }
        ? line.notes[index]?.centreX : nil
    }
    let span = (xs.min() ?? 0)...(xs.max() ?? line.end)
    var top = below.reach(from: span.lowerBound - 2, to: span.upperBound + 2, floor: 4) + 0.9
    for verse in 0..<verses {
      let baseline = top + sample.ascent / scale
      var placed: [(x0: Double, x1: Double, syllable: LyricSyllable, index: Int)] = []
      for index in line.attached {
        let lyrics = line.symbols[index].attachments.lyrics
        guard verse < lyrics.count, let syllable = lyrics[verse], let note = line.notes[index] else {
          continue
        }
        let extent = measurer.measure(syllable.text, font: spec)
        let width = extent.width / scale
        // Centred under the head, but never past the staff's end nor under the clef's tail.
        let x0 = max(line.clefEnd, min(note.centreX - width / 2, line.end - width))
        canvas.text(
          syllable.text, font: spec, x: x0, y: baseline, extent: extent, role: .lyric,
          column: line.column(of: index), source: syllable.range.position)
        placed.append((x0, x0 + width, syllable, index))
      }
      drawConnectors(placed, line: line, baseline: baseline, verse: verse)
      let bottom = baseline + sample.descent / scale
      below.insert(x0: 0, x1: line.end, top: top, bottom: bottom)
      top += lineHeight
    }
  }

  /// Hyphens and extenders between placed syllables of one verse.
  mutating func drawConnectors(
    _ placed: [(x0: Double, x1: Double, syllable: LyricSyllable, index: Int)], line: EngravedLine,
    baseline: Double, verse: Int
  ) {
    let spec = style.lyricFont
    let hyphen = measurer.measure("-", font: spec)
    let hyphenWidth = hyphen.width / scale
    for (position, entry) in placed.enumerated() {
      let next = position + 1 < placed.count ? placed[position + 1] : nil
      let column = line.column(of: entry.index)
      if entry.syllable.continuesWord {
        let right = next?.x0 ?? line.end
        let gap = right - entry.x1
        if gap > hyphenWidth + 0.3 {
          let x = entry.x1 + (gap - hyphenWidth) / 2
          canvas.text(
            "-", font: spec, x: x, y: baseline, extent: hyphen, role: .lyric, column: column,
            source: entry.syllable.range.position)
        }
      }
      if entry.syllable.hasExtender && !entry.syllable.continuesWord {
        // Held over the notes up to the next syllable: end under the last of them.
        let stop = next?.index ?? line.last + 1
        let held = ((entry.index + 1)..<max(entry.index + 1, stop)).compactMap { line.notes[$0] }
        var right = held.last.map { $0.x + $0.headWidth } ?? (next == nil ? line.end - 0.5 : entry.x1)
        // Never into the next syllable.
        if let next { right = min(right, next.x0 - 0.3) }
        if right > entry.x1 + 0.6 {
          let thickness = font.engravingDefaults.lyricLineThickness
          canvas.line(
            from: (entry.x1 + 0.2, baseline), to: (right, baseline), thickness: thickness, role: .lyric,
            column: column, source: entry.syllable.range.position)
        }
      }
    }
  }
}
