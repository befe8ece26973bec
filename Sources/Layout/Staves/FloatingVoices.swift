import ScoreModel

/*
 FloatingVoices — abcm2ps's floating voice in a keyboard brace (`%%score {RH *M LH}`, or
 the middle voice of `%%staves {RH M LH}`).

 Method. The voice is set on the staff listed before it; note by note it moves to the
 staff below by abcm2ps's rule, turned into staff moves that `CrossStaffNotes` then
 draws. A note whose lowest head is F4 or higher stays up; one whose highest head is F3
 or lower goes down. Between, it looks at the other voices sounding at the same time: it
 stays up when it comes within three steps of the upper staff's lowest note, goes down
 when it comes within three steps of the lower staff's highest, and otherwise goes to
 the nearer staff, keeping its staff unless the other is clearly nearer. Rests and notes
 with nothing to compare stay where the voice is.

     {RH *M LH}   M: c  G  E  C,   →   up up (by the neighbours) down
 */

/// Gives floating voices staff moves by the pitch of each note.
enum FloatingVoices {
  static func apply(to segments: [StaffSegment]) -> [StaffSegment] {
    guard let plan = segments.first?.plan, !plan.floating.isEmpty else { return segments }
    var segments = segments
    var voices = plan.voices
    for index in plan.floating.sorted() {
      let home = plan.staff(ofVoice: index)
      guard home + 1 < plan.staves.count else { continue }
      let upper = pitches(plan.staves[home].voices.filter { $0 != index }.map { voices[$0] }, lowest: true)
      let lower = pitches(plan.staves[home + 1].voices.map { voices[$0] }, lowest: false)
      voices[index].staffMoves = moves(of: voices[index], home: home, upper: upper, lower: lower)
    }
    for segment in segments.indices { segments[segment].plan.voices = voices }
    return segments
  }

  /// By onset, the lowest (or highest) written note the voices sound, as a diatonic index.
  static func pitches(_ voices: [Voice], lowest: Bool) -> [Rational: Int] {
    var result: [Rational: Int] = [:]
    for voice in voices {
      var onset = Rational.zero
      for element in voice.elements {
        if case .note(let note) = element {
          let steps = note.heads.map(\.pitch.diatonicIndex)
          if let value = lowest ? steps.min() : steps.max() {
            result[onset] = result[onset].map { lowest ? min($0, value) : max($0, value) } ?? value
          }
        }
        onset += element.duration
      }
    }
    return result
  }

  /// The staff moves abcm2ps's rule gives each note of `voice` (staff numbers from 1).
  static func moves(of voice: Voice, home: Int, upper: [Rational: Int], lower: [Rational: Int]) -> [StaffMove]
  {
    let f4 = Pitch(step: .f, octave: 4).diatonicIndex
    let f3 = Pitch(step: .f, octave: 3).diatonicIndex
    var down = false
    var moves: [StaffMove] = []
    var onset = Rational.zero
    for (index, element) in voice.elements.enumerated() {
      defer { onset += element.duration }
      guard case .note(let note) = element, let low = note.heads.map(\.pitch.diatonicIndex).min(),
        let high = note.heads.map(\.pitch.diatonicIndex).max()
      else { continue }
      let wasDown = down
      if low >= f4 {
        down = false
      } else if high <= f3 {
        down = true
      } else if let up = upper[onset] {
        if high > up - 3 {
          down = false
        } else if let below = lower[onset] {
          if low < below + 3 {
            down = true
          } else {
            // Nearer the lower staff's note than the upper's, by a margin that keeps
            // the voice where it is when the two are close.
            let (gapUp, gapDown) = (up - high, low - below)
            down = down ? gapUp >= gapDown - 3 : gapUp >= gapDown + 3
          }
        }
      }
      if down != wasDown {
        moves.append(
          StaffMove(elementIndex: index, target: .absolute(home + (down ? 2 : 1)), range: note.range))
      }
    }
    return moves
  }
}
