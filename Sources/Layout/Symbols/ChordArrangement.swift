import SMuFL
import ScoreModel

/// Places the heads of a chord: seconds on the correct side of the stem, accidentals in
/// columns so none overlap.
///
/// Heads: walking from the stem's far end, a head a second (or a unison) away from an
/// unmoved neighbour moves to the other side of the stem (right for stem up, left for
/// stem down), so `[DD]` shows two heads side by side.
/// Accidentals: from the top head down, each accidental takes the first column (nearest
/// the heads) whose previous occupant is at least six staff steps away; columns are one
/// accidental width apart.
///
///     stem up, C5 D5 E5:  D5 shifts right   →   C5 |D5  E5 share the left side
enum ChordArrangement {
  static func arrange(_ note: inout NoteSymbol, font: MusicFont) {
    let headWidth = font.glyph(note.notehead)?.advance ?? 1.18
    let gap = 0.18
    guard !note.heads.isEmpty else { return }
    // Seconds.
    if note.heads.count > 1 {
      let order = note.stemUp ? Array(note.heads.indices) : Array(note.heads.indices.reversed())
      var previousShifted = false
      for (n, index) in order.enumerated() where n > 0 {
        let neighbour = note.heads[order[n - 1]]
        if abs(note.heads[index].position - neighbour.position) <= 1 && !previousShifted {
          note.heads[index].offset = note.stemUp ? headWidth - 0.12 : -(headWidth - 0.12)
          previousShifted = true
        } else {
          previousShifted = false
        }
      }
    }
    // Accidentals.
    let leftmost = note.heads.map(\.offset).min() ?? 0
    // A column's right edge, the lowest position in it and its widest accidental: the next
    // column starts left of the widest (a sharp in one column and a narrower flat in the
    // next must not overlap).
    var columns: [(lowestPosition: Int, right: Double, width: Double)] = []
    for index in note.heads.indices.reversed() {
      guard !note.heads[index].isEditorial, let accidental = note.heads[index].accidentalGlyph(in: font)
      else {
        continue
      }
      var width = font.glyph(accidental)?.advance ?? 1
      if note.heads[index].isCautionary { width += Self.parenthesesWidth(font) }
      let position = note.heads[index].position
      // (A column is taken only when its right edge leaves room: its width may not grow
      // past the column to its left.)
      let chosen = columns.indices.first { c in
        columns[c].lowestPosition - position >= 6 && (c == columns.count - 1 || width <= columns[c].width)
      }
      let column = chosen ?? columns.count
      if let chosen {
        columns[chosen].lowestPosition = position
        columns[chosen].width = max(columns[chosen].width, width)
      } else {
        let right = column == 0 ? leftmost - gap : columns[column - 1].right - columns[column - 1].width - 0.1
        columns.append((position, right, width))
      }
      note.heads[index].accidentalOffset = columns[column].right - width
    }
  }

  /// The width both parentheses of a cautionary accidental add.
  static func parenthesesWidth(_ font: MusicFont) -> Double {
    (font.glyph(.accidentalParensLeft)?.advance ?? 0.4) + (font.glyph(.accidentalParensRight)?.advance ?? 0.4)
  }
}
