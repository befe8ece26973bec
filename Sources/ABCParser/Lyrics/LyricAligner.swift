import ScoreModel

/// Puts `w:` syllables and `s:` symbols on the notes of a voice (ABC 2.1 §5.1, §4.15).
///
/// Method: a cursor walks the voice's elements from the start of the block (the
/// music since the previous `w:`/`s:` line). Each syllable or skip takes the next
/// note (rests, spacers and bar lines are passed over; grace notes are not elements);
/// `_` marks the previous syllable as held and takes a note; `|` moves the cursor past
/// the next bar line. Syllables left over when the notes run out are reported once.
/// Each element is visited at most once per line, so alignment is linear.
///
/// Example: notes `C D E | F`, `w: hel-lo _ | world` → C "hel-", D "lo" (held over
/// E), F "world".
///
/// Known limits: in an overlay bar the host voice's notes get the lyrics.
struct LyricAligner {
  let diagnostics: DiagnosticCollector

  /// Aligns a `w:` line as verse `verse`, from `cursor`; returns where it stopped.
  func alignLyrics(
    _ tokens: [LyricToken], verse: Int, from resume: LyricState.Resume, in builder: inout VoiceBuilder
  ) -> LyricState.Resume {
    var state = resume
    var reported = false
    for token in tokens {
      switch token {
      case .bar:
        state.cursor = indexAfterNextBar(from: state.cursor, in: builder.elements)
        continue
      case .syllable(_, _, let range), .skip(let range), .hold(let range):
        guard let index = nextNote(from: state.cursor, in: builder.elements) else {
          if !reported {
            reported = true
            diagnostics.warning(
              "more lyrics than notes: '\(Diagnostic.excerpt(describe(token)))' has no note", at: range)
          }
          continue
        }
        state.cursor = index + 1
        switch token {
        case .syllable(let text, let continues, let range):
          let syllable = LyricSyllable(text: text, continuesWord: continues, range: range)
          setLyric(syllable, verse: verse, at: index, in: &builder)
          state.lastSyllable = index
        case .hold:
          if let last = state.lastSyllable { markHeld(verse: verse, at: last, in: &builder) }
        default: break
        }
      }
    }
    return state
  }

  /// Aligns an `s:` line: each decoration or annotation goes on the next note.
  func alignSymbols(
    _ tokens: [SymbolLineToken], from resume: LyricState.Resume, in builder: inout VoiceBuilder
  ) -> LyricState.Resume {
    var state = resume
    var reported = false
    for token in tokens {
      if case .bar = token {
        state.cursor = indexAfterNextBar(from: state.cursor, in: builder.elements)
        continue
      }
      guard let index = nextNote(from: state.cursor, in: builder.elements) else {
        if !reported {
          reported = true
          diagnostics.warning("more symbols than notes in s: line", at: token.range)
        }
        continue
      }
      state.cursor = index + 1
      if builder.attachmentCount(at: index) >= Limits.attachmentsPerNote {
        if !reported {
          reported = true
          diagnostics.warning(
            "more than \(Limits.attachmentsPerNote) decorations and annotations on one note; the rest are "
              + "dropped", at: token.range)
        }
        continue
      }
      builder.modifyElement(at: index) { element in
        guard case .note(var note) = element else { return }
        switch token {
        case .decoration(let decoration): note.decorations.append(decoration)
        case .annotation(let annotation): note.annotations.append(annotation)
        case .skip, .bar: break
        }
        element = .note(note)
      }
    }
    return state
  }

  /// The index of the first note at or after `start`.
  private func nextNote(from start: Int, in elements: [VoiceElement]) -> Int? {
    var index = start
    while index < elements.count {
      if case .note = elements[index] { return index }
      index += 1
    }
    return nil
  }

  /// The index just after the first bar line at or after `start` (or the end).
  private func indexAfterNextBar(from start: Int, in elements: [VoiceElement]) -> Int {
    var index = start
    while index < elements.count {
      if case .bar = elements[index] { return index + 1 }
      index += 1
    }
    return elements.count
  }

  /// Stores `syllable` as verse `verse` of the note at `index`.
  private func setLyric(_ syllable: LyricSyllable, verse: Int, at index: Int, in builder: inout VoiceBuilder)
  {
    builder.modifyElement(at: index) { element in
      guard case .note(var note) = element else { return }
      while note.lyrics.count <= verse { note.lyrics.append(nil) }
      note.lyrics[verse] = syllable
      element = .note(note)
    }
  }

  /// Marks the syllable of verse `verse` at `index` as held (`_`).
  private func markHeld(verse: Int, at index: Int, in builder: inout VoiceBuilder) {
    builder.modifyElement(at: index) { element in
      guard case .note(var note) = element, verse < note.lyrics.count else { return }
      note.lyrics[verse]?.hasExtender = true
      element = .note(note)
    }
  }

  /// A token's text for a diagnostic.
  private func describe(_ token: LyricToken) -> String {
    switch token {
    case .syllable(let text, _, _): text
    case .skip: "*"
    case .hold: "_"
    case .bar: "|"
    }
  }
}
