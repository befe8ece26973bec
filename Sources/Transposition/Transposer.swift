import ScoreModel

/// Transposes a tune by a number of semitones, as a pure function of the model.
///
/// Method, voice by voice in written order:
/// 1. Keys: the header key and every key change move with `KeyTransposer`, which also
///    gives the diatonic step shift that notes under that key use.
/// 2. Notes (chord heads and grace notes too): `PitchSpeller` moves each head by the
///    step shift and sets its sounding alteration so that it sounds `semitones` higher.
/// 3. Written accidentals are worked out again against the new key and the accidentals
///    already written in the bar (per step and octave, ABC 2.1's default): an accidental
///    is written where the alteration differs from what key and bar give, and a
///    courtesy accidental stays a courtesy accidental.
/// 4. Chord symbols (`TextAnnotation` with `.chordSymbol`) move root and bass.
///
/// Example: `K:C` `^F G _B |` up 1 → `K:Db` `=G A _c |` (the raised fourth F♯ becomes G♮,
/// which D♭ major flattens, so it needs its natural sign).
///
/// Known limits: `Voice.transpose` (sounding transposition) is left as it is; tied
/// notes across a bar keep the accidental rule of ABC (it is written again if needed).
public struct Transposer: Sendable {
  public var semitones: Int

  public init(semitones: Int) {
    self.semitones = semitones
  }

  /// The transposed tune; `tune` itself is not changed.
  public func transpose(_ tune: Tune) -> Tune {
    guard semitones != 0 else { return tune }
    var result = tune
    let header = KeyTransposer.transpose(tune.initialKey, by: semitones)
    result.initialKey = header.key
    result.voices = tune.voices.map { transpose($0, startingIn: header) }
    return result
  }

  private func transpose(_ voice: Voice, startingIn header: (key: KeySignature, steps: Int)) -> Voice {
    var result = voice
    var state = SpellingState(key: header.key, steps: header.steps)
    result.elements = voice.elements.map { element in
      switch element {
      case .note(let note):
        return .note(transpose(note, state: &state))
      case .rest(var rest):
        rest.annotations = transpose(rest.annotations, state: state)
        return .rest(rest)
      case .bar(var bar):
        bar.annotations = transpose(bar.annotations, state: state)
        state.barAlters.removeAll()
        return .bar(bar)
      case .keyChange(let key, let range):
        let moved = KeyTransposer.transpose(key, by: semitones)
        state = SpellingState(key: moved.key, steps: moved.steps)
        return .keyChange(moved.key, range)
      default:
        return element
      }
    }
    return result
  }

  private func transpose(_ note: NoteEvent, state: inout SpellingState) -> NoteEvent {
    var result = note
    if var group = note.graceNotes {
      group.notes = group.notes.map { transposeHeads($0, state: &state) }
      result.graceNotes = group
    }
    result = transposeHeads(result, state: &state)
    result.annotations = transpose(note.annotations, state: state)
    return result
  }

  private func transposeHeads(_ note: NoteEvent, state: inout SpellingState) -> NoteEvent {
    var result = note
    result.heads = note.heads.map { head in
      let spelt = PitchSpeller.spell(
        head.pitch, alter: head.soundingAlter, steps: state.steps, semitones: semitones)
      var moved = head
      moved.pitch = spelt.pitch
      moved.soundingAlter = spelt.alter
      let index = spelt.pitch.diatonicIndex
      let implied = state.barAlters[index] ?? state.key.alter(for: spelt.pitch.step)
      if spelt.alter != implied || head.accidental != nil {
        moved.accidental = Accidental(rawValue: spelt.alter)
        state.barAlters[index] = spelt.alter
      } else {
        moved.accidental = nil
      }
      return moved
    }
    return result
  }

  private func transpose(_ annotations: [TextAnnotation], state: SpellingState) -> [TextAnnotation] {
    annotations.map { annotation in
      guard annotation.placement == .chordSymbol else { return annotation }
      var moved = annotation
      moved.text = ChordSymbolTransposer.transpose(
        annotation.text, steps: state.steps, semitones: semitones, prefersFlats: state.key.fifths < 0)
      return moved
    }
  }

  /// The key in force, its step shift, and the alterations written so far in the bar.
  private struct SpellingState {
    var key: KeySignature
    var steps: Int
    var barAlters: [Int: Int] = [:]
  }
}
