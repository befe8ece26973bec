/*
 LyricRods — a voice's syllables kept apart across the columns of a score.

 Method. In a score of several voices the spacer works on time columns, and a column's
 extents are the largest of its members'. Were a syllable's width part of its note's
 extents, it would push apart every pair of columns up to the voice's next note — the
 piano's quavers under a sung crotchet would each be as wide as the word. Instead, for
 each voice, every syllable-bearing column and the voice's next one are joined by a long
 rod: the springs between them must together span the first syllable's right half (its
 hyphen counted), a gap, and the second's left half, at the tightest force. A deficit is
 shared out over those springs in proportion to their ideal lengths, so the notes in
 between keep their rhythm (as `HorizontalSpacer.holdChordSymbolsApart` does for chord
 symbols); only the notes whose syllables need the room get it.

     voice:  A (love-)      B (ly)        the columns in between (piano quavers) share
     piano:  c  d  e  f     g             the deficit; nothing widens where words fit

 Limits. A syllable clears the voice's next syllable only; one lyric line of a voice does
 not see another voice's (voices on different staves have their own lines).
 */

/// Long rods that keep each voice's lyric syllables apart across time columns.
enum LyricRods {
  /// The gap between one syllable's ink and the next's, in staff spaces.
  static let gap = 0.45

  /// Lengthens springs so each voice's syllables clear the voice's next syllable.
  static func apply(columns: ColumnTable, voices: [[StaffSymbol]], springs: inout [Spring]) {
    guard voices.count > 1 else { return }
    for voice in voices.indices {
      var previous: (column: Int, right: Double)?
      for index in columns.indices {
        guard let member = columns.member(index, voice: voice) else { continue }
        let attachments = voices[voice][member].attachments
        guard attachments.lyricLeft > 0 || attachments.lyricRight > 0 else { continue }
        if let previous, previous.column < index {
          let reach = previous.right + gap + attachments.lyricLeft
          HorizontalSpacer.widen(&springs, over: previous.column..<min(index, springs.count), toSpan: reach)
        }
        previous = (index, attachments.lyricRight)
      }
    }
  }
}
