import ScoreModel

/// Unfolds repeats and endings: the elements of a voice in the order they are played.
///
/// Method: one walk over the elements with a cursor, the start of the current repeated
/// section and the pass number through it (1, 2, …).
/// - `|:` (and the second half of `::`) starts a section: pass 1.
/// - `:|` (and the first half of `::`) jumps back to the section start while the pass is
///   below the section's pass count: 2, the bar's repeat count (`::|` or a `|::` start
///   gives 3, `BarLine.repeatCount`), or the highest ending number of the section
///   (`[1,3` … `:|[2` gives 3 passes), whichever is largest. On the last pass it is played through, and the
///   next section starts after it, so `A :| B :|` plays A A B B, as abc2midi does.
/// - An ending label (`[1`, `:|2`, `[1,3`, `[1-3`) plays what follows on the passes it
///   names and skips it on the others; once a section's last pass is through, every
///   later ending of that section is skipped. An ending group closes at `||`, `|]`,
///   `[|` or `|:`.
///
/// Example: `|: A |1 B :|2 C |]` → A B A C; `|: A |1,3 B :|2 C :|` → A B A C A B;
/// `C :| D || E :| F` → C C D E E F; `C :| [1 D :|[2 E` → C C D E.
///
/// - A `:|` with no `|:` goes back to the latest double bar (`||`, `|]`, `[|`), else to
///   just after the previous completed repeat, else the tune's start (ABC 2.1 §4.8); a
///   double bar inside a section opened by `|:` does not move its start. Music after a
///   completed `:|` (outside that repeat's endings) starts a new section, so
///   `A :| B |1 C :|2 D` plays A A B C B D (§4.9, abc2midi).
///
/// Known limits: D.C./D.S./Fine are not performed. Output is capped at
/// `Limits.playedElementsPerVoice` elements and a section at `Limits.repeatPasses` passes.
public enum RepeatUnfolder {
  /// The elements in play order (bar lines included, so bar positions stay known).
  public static func unfold(_ elements: [VoiceElement]) -> [VoiceElement] {
    playOrder(elements).map { elements[$0] }
  }

  /// The positions of `elements` in play order.
  public static func playOrder(_ elements: [VoiceElement]) -> [Int] {
    playOrder(elements, limit: Limits.playedElementsPerVoice).positions
  }

  /// The positions of `elements` in play order, at most `limit` of them, and whether the
  /// order was cut there.
  static func playOrder(_ elements: [VoiceElement], limit: Int) -> (positions: [Int], cut: Bool) {
    var state = State()
    var output: [Int] = []
    var index = 0
    while index < elements.count {
      guard output.count < limit else { return (output, true) }
      let element = elements[index]
      guard case .bar(let bar) = element else {
        // Music after a completed `:|`, outside its endings, is a new section (`A :| B |1 …`).
        if state.sectionDone && !state.inEnding && element.duration > .zero {
          state.beginSection(at: state.start)
        }
        if !state.skipping { output.append(index) }
        index += 1
        continue
      }
      if bar.repeatsEnd && !state.skipping {
        if state.sectionDone {
          state.pass = 1
          state.sectionDone = false
          state.declaredPasses = 2
        }
        output.append(index)
        let passes = max(
          passCount(elements, start: state.start, repeatEnd: index), bar.repeatCount, state.declaredPasses)
        if state.pass < min(passes, Limits.repeatPasses) {
          state.pass += 1
          state.inEnding = false
          index = state.start
          if let label = state.startEnding { state.enterEnding(label, at: index - 1) }
          continue
        }
        state.sectionDone = true
        state.start = index + 1
        state.explicitStart = false
        state.inEnding = false
        if bar.repeatsStart { state.beginSection(at: index + 1, passes: bar.repeatCount) }
        if let label = bar.ending { state.enterEnding(label, at: index) }
        index += 1
        continue
      }
      if let label = bar.ending {
        state.enterEnding(label, at: index)
      } else if bar.repeatsStart {
        state.beginSection(at: index + 1, passes: bar.repeatCount, explicit: true)
      } else if closesEnding(bar) && (state.inEnding || !state.explicitStart && !state.skipping) {
        // A double bar closes an ending group; and with no `|:` open, a later `:|` goes
        // back to it (§4.8: to the latest double bar, else the start).
        state.beginSection(at: index + 1)
      }
      if !state.skipping { output.append(index) }
      index += 1
    }
    return (output, false)
  }

  private struct State {
    var start = 0
    var pass = 1
    var skipping = false
    var inEnding = false
    /// The section's last pass is through: its remaining endings are skipped.
    var sectionDone = false
    /// The passes the section's `|::` start asks for (2 for `|:` or no start).
    var declaredPasses = 2
    /// The section was opened by `|:` (a double bar inside it does not move its start).
    var explicitStart = false
    /// An ending of the section was met.
    var sectionHadEnding = false
    /// The ending label on the bar just before the section's start (`:|[1`), entered again
    /// on each pass.
    var startEnding: String?

    mutating func beginSection(at index: Int, passes: Int = 2, explicit: Bool = false) {
      start = index
      declaredPasses = passes
      explicitStart = explicit
      pass = 1
      skipping = false
      inEnding = false
      sectionDone = false
      sectionHadEnding = false
      startEnding = nil
    }

    /// Enters the ending `label` on the bar at `index`. A first ending right after a
    /// completed repeat that had none opens the next section's first pass, the ending on
    /// its start (`A :| [1 B :|[2 C` plays A A B C, as abc2midi does).
    mutating func enterEnding(_ label: String, at index: Int) {
      if sectionDone && !sectionHadEnding, EndingLabel(label)?.passes.contains(1) == true {
        beginSection(at: index + 1)
        startEnding = label
      }
      inEnding = true
      sectionHadEnding = true
      if sectionDone {
        skipping = true
      } else if let passes = EndingLabel(label) {
        skipping = !passes.passes.contains(pass)
      } else {
        skipping = false
      }
    }
  }

  static func closesEnding(_ bar: BarLine) -> Bool {
    switch bar.style {
    case .double, .thinThick, .thickThin: true
    default: false
    }
  }

  /// Passes through the section ending at `repeatEnd`: 2, or its highest ending number.
  static func passCount(_ elements: [VoiceElement], start: Int, repeatEnd: Int) -> Int {
    var highest = 2
    var index = start
    while index < elements.count {
      if case .bar(let bar) = elements[index] {
        if let label = bar.ending, let parsed = EndingLabel(label) {
          highest = max(highest, parsed.lastPass)
        }
        if index > repeatEnd
          && (bar.repeatsStart || (bar.ending == nil && (closesEnding(bar) || bar.repeatsEnd)))
        {
          break
        }
      }
      index += 1
    }
    return min(highest, Limits.repeatPasses)
  }
}
