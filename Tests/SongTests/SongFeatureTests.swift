import DisplayList
import Foundation
import Layout
import MIDIExport
import MusicXML
import SMuFL
import ScoreModel
import Testing

/// Song features read from MusicXML and engraved, one small file of our own each
/// (Tests/SongTests/Files): what the model holds, what the page shows, and a golden dump
/// of the display list (re-record with RECORD_SNAPSHOTS=1 and review the diff).
@Suite struct SongFeatureTests {
  static let files = [
    "cross-staff", "invisible-rest-staff", "hairpin-chain", "text-dynamics", "octave-clef", "midbar-clef",
    "tie-under-8va", "tie-across-voices", "cue-notes", "trill-line", "dotted-metronome", "tremolo-run",
    "grace-chord-tie", "melisma-lyrics", "word-styles", "local-meters",
    "system-texts", "choir-groups", "grace-slurs",
  ]

  /// The display list with the deterministic text measurer, for golden dumps.
  static func goldenList(_ name: String) throws -> DisplayList {
    let font = try SongFixture.fonts.musicFont("Bravura")
    let engraver = Engraver(font: font, measurer: ApproximateTextMeasurer(), setup: .a4)
    return engraver.engrave([try SongFixture.tune(name)])
  }

  @Test(arguments: files) func displayListDump(name: String) throws {
    let dump = DisplayListDumper.dump(try Self.goldenList(name))
    let url = SongFixture.files.deletingLastPathComponent().appendingPathComponent("Snapshots/\(name).txt")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      try Data(dump.utf8).write(to: url, options: .atomic)
      return
    }
    let stored = try #require(
      try? String(contentsOf: url, encoding: .utf8),
      "missing snapshot \(name).txt; run with RECORD_SNAPSHOTS=1")
    let difference = zip(stored.split(separator: "\n"), dump.split(separator: "\n")).enumerated()
      .first { $0.element.0 != $0.element.1 }
    #expect(
      stored == dump,
      "\(name) differs at line \((difference?.offset ?? 0) + 1):\n  stored: \(difference?.element.0 ?? "")\n  actual: \(difference?.element.1 ?? "")"
    )
  }

  static func glyphs(_ list: DisplayList, _ name: SMuFLGlyph) -> [DisplayItem] {
    list.pages.flatMap(\.items).filter {
      if case .glyph(let glyph) = $0.shape { return glyph.name == name.rawValue }
      return false
    }
  }

  @Test func crossStaffNotesAreDrawnOnTheStaffTheFileNames() throws {
    let tune = try SongFixture.tune("cross-staff")
    let rightHand = try #require(tune.voices.first)
    // G3 and B3 go to the lower staff (the part's second, the score's second), D4 F4 back.
    #expect(rightHand.staffMoves.map(\.target) == [.absolute(2), .absolute(1)])
    let list = try SongFixture.engrave("cross-staff")
    let heads = SongFixture.items(list, .notehead)
    // Lower staff: its own C3, C3, G2 and the two moved notes; upper: C5 E5 D4 F4 C5 and A3
    // (the lower voice's note written on the upper staff).
    #expect(heads.filter { $0.context.staff == 1 }.count == 5)
    #expect(heads.filter { $0.context.staff == 0 }.count == 6)
    // One beam joins the four quavers across the staves.
    #expect(SongFixture.items(list, .beam).count >= 1)
    // The slur from C5 on the upper staff to B3 on the lower is drawn, over both.
    let slurs = SongFixture.items(list, .slur)
    #expect(slurs.count == 1)
    let start = try #require(heads.first { $0.source?.line == 12 })
    let end = try #require(heads.first { $0.source?.line == 15 })
    #expect(end.context.staff == 1 && start.context.staff == 0)
    if let slur = slurs.first {
      #expect(abs(slur.box.minX - start.box.midX) < 4)
      #expect(slur.box.maxX > end.box.minX && slur.box.maxX < end.box.maxX + 6)
      #expect(slur.box.minY < start.box.minY)
    }
  }

  @Test func aStaffOfInvisibleRestsKeepsItsMarks() throws {
    let list = try SongFixture.engrave("invisible-rest-staff")
    #expect(SongFixture.items(list, .staffLine).count == 10)
    #expect(!Self.glyphs(list, .dynamicForte).isEmpty)
    #expect(!Self.glyphs(list, .keyboardPedalPed).isEmpty)
  }

  @Test func hairpinsBackToBackAreBothDrawn() throws {
    let tune = try SongFixture.tune("hairpin-chain")
    let names = tune.voices[0].elements.flatMap { element -> [String] in
      if case .note(let note) = element { return note.decorations.map(\.name) }
      return []
    }
    #expect(
      names == ["crescendo(", "crescendo)", "diminuendo(", "diminuendo)", "diminuendo(", "diminuendo)"])
    let list = try SongFixture.engrave("hairpin-chain")
    let lines = SongFixture.items(list, .decoration).filter {
      if case .line = $0.shape { true } else { false }
    }.sorted { $0.box.minX < $1.box.minX }
    #expect(lines.count == 6)
    guard lines.count == 6 else { return }
    // The first ends before the second begins.
    #expect(lines[2].box.minX > lines[0].box.maxX)
    // A wedge over one half note alone (its start and stop around it) is drawn under that
    // note, ending before the next one, not carried on to a later hairpin's end.
    let heads = SongFixture.items(list, .notehead).sorted { $0.box.minX < $1.box.minX }
    let half = try #require(heads.dropLast().last)
    let next = try #require(heads.last)
    #expect(lines[4].box.minX >= half.box.minX - 1)
    #expect(lines[4].box.maxX < next.box.minX && lines[4].box.width > 10)
  }

  @Test func textDynamicsKeepTheirLettersAndWords() throws {
    let list = try SongFixture.engrave("text-dynamics")
    #expect(!Self.glyphs(list, .dynamicRinforzando).isEmpty)
    #expect(!Self.glyphs(list, .dynamicZ).isEmpty)
    #expect(Self.glyphs(list, .dynamicSforzando).count >= 1)
    let words = SongFixture.items(list, .decoration).compactMap { item -> String? in
      if case .text(let text) = item.shape { return text.text }
      return nil
    }
    // Words written beside a letter of their own ("meno " then <f/>) make one mark too.
    #expect(words.sorted() == ["meno", "più", "sempre"])
    #expect(!Self.glyphs(list, .dynamicForte).isEmpty)
  }

  @Test func wordsKeepTheirStyle() throws {
    // The model holds each words' style, sized against the score's default word font.
    let tune = try SongFixture.tune("word-styles")
    let annotations = tune.voices.flatMap(\.elements).flatMap { element -> [TextAnnotation] in
      if case .note(let note) = element { return note.annotations }
      return []
    }
    let styles = Dictionary(uniqueKeysWithValues: annotations.map { ($0.text, $0.style) })
    #expect(styles["Lento"] == TextStyle(isBold: true, sizeRatio: 1.2))
    #expect(styles["dolce"] == TextStyle(isItalic: true))
    #expect(
      styles["cresc."] == TextStyle(isItalic: true, sizeRatio: 0.5), "sizes are kept within half and twice")
    #expect(styles["plain"] == .some(nil))
    // The page sets them so, over the annotation font.
    let fonts = Dictionary(
      uniqueKeysWithValues: SongFixture.items(try SongFixture.engrave("word-styles"), .annotation).compactMap
      {
        item -> (String, FontSpec)? in
        if case .text(let text) = item.shape { return (text.text, text.font) }
        return nil
      })
    let plain = try #require(fonts["plain"])
    #expect(fonts["Lento"]?.isBold == true && fonts["Lento"]?.isItalic == false)
    #expect(abs((fonts["Lento"]?.size ?? 0) - plain.size * 1.2) < 1e-9)
    #expect(fonts["dolce"]?.isItalic == true && fonts["dolce"]?.size == plain.size)
    #expect(!plain.isItalic && !plain.isBold)
    // MusicXML written back keeps them; ABC text says once that it cannot.
    let xml = MusicXMLExporter.document(for: tune)
    #expect(xml.contains("<words font-weight=\"bold\" font-size=\"12\">Lento</words>"))
    #expect(xml.contains("<words font-style=\"italic\">dolce</words>"))
    #expect(ABCWriter.losses(of: tune).filter { $0.contains("style of words") }.count == 1)
  }

  @Test func aStaffInAMeterOfItsOwnKeepsTheScoresBars() throws {
    // Voice in 4/4 over a piano in 12/8 whose bar is the real one (the voice's whole-bar
    // rest lasts it), then voice 2/4 over piano 6/8 with nothing to say which is real.
    let tune = try SongFixture.tune("local-meters")
    func timeline(_ voice: Voice) -> (notes: [(Rational, Rational, Rational)], bars: [Rational]) {
      var time = Rational.zero
      var notes: [(Rational, Rational, Rational)] = []
      var bars: [Rational] = []
      for element in voice.elements {
        switch element {
        case .note(let note):
          notes.append((time, note.duration, note.displayDuration))
          time = time + note.duration
        case .rest(let rest): time = time + rest.duration
        case .bar: bars.append(time)
        default: break
        }
      }
      return (notes, bars)
    }
    let voice = timeline(tune.voices[0])
    let piano = timeline(tune.voices[1])
    // Both parts' bar lines fall together: 12/8, 12/8, then 2/4, 2/4.
    let expected = [Rational(3, 2), Rational(3), Rational(7, 2), Rational(4)]
    #expect(voice.bars == expected)
    #expect(piano.bars == expected)
    // The voice's crotchets in 4/4 last a dotted crotchet each, written as crotchets.
    #expect(voice.notes.prefix(4).map(\.0) == [12, 15, 18, 21].map { Rational($0, 8) })
    #expect(voice.notes.prefix(4).allSatisfy { $0.1 == Rational(3, 8) && $0.2 == Rational(1, 4) })
    // The 12/8 piano keeps its quavers; in 6/8 against 2/4 they are triplet quavers.
    #expect(piano.notes.prefix(24).allSatisfy { $0.1 == Rational(1, 8) && $0.2 == Rational(1, 8) })
    #expect(piano.notes.dropFirst(24).allSatisfy { $0.1 == Rational(1, 12) && $0.2 == Rational(1, 8) })
    // A second piano voice in the last bar: its dotted crotchet written as notated, its
    // rests (as MuseScore fills a voice) already in real time, so the bar still ends with
    // the others'.
    let second = try #require(tune.voices.last)
    var time = Rational.zero
    var lengths: [Rational] = []
    for element in second.elements where element.duration > .zero {
      if time >= Rational(7, 2) { lengths.append(element.duration) }
      time = time + element.duration
    }
    #expect(lengths == [Rational(1, 4), Rational(1, 6), Rational(1, 12)])
    #expect(time == Rational(4))
    // No bar is reported short or long, and the voice's rest is a whole-bar rest.
    #expect(BarLengthCheck.diagnostics(for: tune, file: nil).isEmpty)
    let list = try SongFixture.engrave("local-meters")
    #expect(Self.glyphs(list, .restWhole).count == 1)
    #expect(SongFixture.items(list, .tuplet).isEmpty, "no tuplet brackets or numbers")
  }

  @Test func aSystemTextIsSetOnceAboveTheTopStaff() throws {
    // MuseScore 4 writes a tempo's words three times (twice in the voice, once in the
    // piano); a "rit." only the piano has stays with it.
    let tune = try SongFixture.tune("system-texts")
    let texts = tune.voices.enumerated().flatMap { index, voice in
      voice.elements.flatMap { element -> [(Int, TextAnnotation)] in
        if case .note(let note) = element { return note.annotations.map { (index, $0) } }
        return []
      }
    }
    let andante = texts.filter { $0.1.text == "Andante" }
    #expect(andante.count == 1)
    #expect(andante.first?.0 == 0 && andante.first?.1.placement == .above)
    #expect(texts.filter { $0.1.text == "rit." }.map(\.0) == [1])
    let drawn = SongFixture.items(try SongFixture.engrave("system-texts"), .annotation).compactMap {
      item -> String? in
      if case .text(let text) = item.shape { return text.text }
      return nil
    }
    #expect(drawn.sorted() == ["Andante", "rit."])
  }

  @Test func anOctaveClefDrawsTheSoundingPitchAnOctaveUp() throws {
    let tune = try SongFixture.tune("octave-clef")
    #expect(tune.voices[0].clef.octaveShift == -1 && tune.voices[0].clef.movesNotes)
    let list = try SongFixture.engrave("octave-clef")
    #expect(!Self.glyphs(list, .gClef8vb).isEmpty)
    let staff = SongFixture.items(list, .staffLine).map(\.box.midY).sorted()
    let head = try #require(SongFixture.items(list, .notehead).first)
    // C4, sung, is drawn in the third space (between the second and third lines from the top).
    #expect(abs(head.box.midY - (staff[1] + staff[2]) / 2) < 0.5)
  }

  @Test func aClefChangeInMidBarReachesTheOtherVoiceAtItsTime() throws {
    let tune = try SongFixture.tune("midbar-clef")
    let lower = tune.voices[1].elements
    // The lower voice: C3 half, then the treble clef, then G2 — not delayed to the bar's end.
    guard case .note = lower[0], case .clefChange(let clef, _) = lower[1], case .note(let after) = lower[2]
    else {
      Issue.record("the clef change is not between the lower voice's notes: \(lower.map { "\($0)" })")
      return
    }
    #expect(clef.shape == .treble)
    #expect(after.heads.first?.pitch == Pitch(step: .g, octave: 2))
  }

  @Test func tiesUnderAnOctaveLineAreDrawn() throws {
    let list = try SongFixture.engrave("tie-under-8va")
    #expect(SongFixture.items(list, .tie).count == 2)
    #expect(!Self.glyphs(list, .ottavaAlta).isEmpty)
  }

  @Test func aTieIntoAnotherVoiceIsDrawnAndHeld() throws {
    let tune = try SongFixture.tune("tie-across-voices")
    let list = try SongFixture.engrave("tie-across-voices")
    // Bar 1's tie runs to the end of the first line and goes on at the second line's start
    // to the other voice's C5, not to its own voice's next note (A4 at beat 3).
    let ties = SongFixture.items(list, .tie)
    #expect(ties.count == 3)
    let arriving = try #require(ties.first { $0.context.line == 1 && $0.box.minX < 80 })
    let c5 = try #require(
      SongFixture.items(list, .notehead).filter { $0.context.line == 1 && $0.context.voice == 1 }
        .min { $0.box.minX < $1.box.minX })
    #expect(arriving.box.maxX <= c5.box.minX + 0.5 && arriving.box.maxX > c5.box.minX - 2)
    let performance = PerformanceBuilder(options: PlaybackOptions()).build(tune)
    let keys = performance.tracks.flatMap { $0.notes }.filter { $0.key == 72 }.sorted { $0.onset < $1.onset }
    // C5 struck on beat 3, held into the next bar's first half in the other voice; again in
    // bar 3, where the first voice strikes C5 anew in bar 4 as the tie ends in the second.
    #expect(keys.map(\.onset) == [Rational(1, 2), Rational(5, 2), Rational(3)])
    #expect(keys.map(\.duration) == [Rational(1), Rational(1), Rational(1, 2)])
    // The listing other readers are compared with, and the MusicXML written back, agree.
    #expect(
      NoteListing.lines(for: tune).filter { $0.hasSuffix(" 72") } == [
        "1 1 10 4 72", "1 1 12 2 72", "1 1 2 4 72",
      ])
    let xml = MusicXMLExporter.document(for: tune)
    let back = try MusicXMLImporter.tune(from: Array(xml.utf8))
    #expect(NoteListing.lines(for: back) == NoteListing.lines(for: tune))
  }

  @Test func cueNotesAreSmallAndSilent() throws {
    let tune = try SongFixture.tune("cue-notes")
    let list = try SongFixture.engrave("cue-notes")
    let sizes = SongFixture.items(list, .notehead).compactMap { item -> Double? in
      if case .glyph(let glyph) = item.shape { return glyph.size }
      return nil
    }
    #expect(sizes.count == 3)
    #expect(sizes.filter { $0 < sizes.max()! }.count == 2)
    let keys = PerformanceBuilder(options: PlaybackOptions()).build(tune).tracks.flatMap { $0.notes }.map {
      $0.key
    }
    #expect(keys == [79])
  }

  @Test func aTrillLineRunsFromItsSign() throws {
    let list = try SongFixture.engrave("trill-line")
    #expect(Self.glyphs(list, .ornamentTrill).count == 1)
    let wiggles = Self.glyphs(list, .wiggleTrill)
    #expect(wiggles.count >= 3)
    let sign = try #require(Self.glyphs(list, .ornamentTrill).first)
    #expect(wiggles.allSatisfy { $0.box.minX >= sign.box.maxX - 0.5 })
  }

  @Test func aMetronomeMarkWithADottedBeat() throws {
    let tune = try SongFixture.tune("dotted-metronome")
    #expect(tune.tempo?.beats == [Rational(3, 8)])
    #expect(tune.tempo?.beatsPerMinute == 72)
    #expect(!Self.glyphs(try SongFixture.engrave("dotted-metronome"), .metAugmentationDot).isEmpty)
    // Bar 2's mark is in parentheses, after its words, as the file says; the export keeps
    // them and the ABC says it cannot.
    let change = tune.voices[0].elements.compactMap { element -> Tempo? in
      if case .tempoChange(let tempo, _) = element { return tempo }
      return nil
    }
    #expect(change.map(\.isParenthesized) == [true] && change.first?.text == "Più mosso")
    #expect(tune.tempo?.isParenthesized == false)
    let texts = SongFixture.items(try SongFixture.engrave("dotted-metronome"), .tempo).compactMap {
      if case .text(let text) = $0.shape { return text.text }
      return nil
    }
    #expect(texts.contains("Più mosso (♩. = 84)") && texts.contains(" = 72"))
    let back = try MusicXMLImporter.tune(from: Array(MusicXMLExporter.document(for: tune).utf8))
    #expect(
      back.voices[0].elements.contains {
        if case .tempoChange(let tempo, _) = $0 { return tempo.isParenthesized }
        return false
      })
    #expect(ABCWriter.losses(of: tune).contains { $0.hasPrefix("metronome marks in parentheses") })
  }

  @Test func aChoirsNestedGroupsAndItsTempoWordsAreDrawnAsTheFileSays() throws {
    let tune = try SongFixture.tune("choir-groups")
    // The choir's bracket holds the sopranos' brace; the piano keeps its own brace.
    let groups = try #require(tune.staffGroups)
    #expect(groups.map(\.bracket) == [.bracket, .brace])
    #expect(groups[0].staves.count == 3)
    #expect(groups[0].inner == [StaffGroup.Inner(bracket: .brace, staves: 0..<2, isOneInstrument: false)])
    let list = try SongFixture.engrave("choir-groups")
    #expect(Self.glyphs(list, .brace).count == 2)
    #expect(Self.glyphs(list, .bracketTop).count == 1)
    // The tempo's words and its metronome mark are one mark.
    #expect(tune.tempo?.text == "Andante")
    #expect(tune.tempo?.beatsPerMinute == 80)
    let texts = list.pages.flatMap(\.items).compactMap { item -> String? in
      if case .text(let text) = item.shape { return text.text }
      return nil
    }
    #expect(texts.filter { $0.contains("Andante") }.count == 1)
    // The divided sopranos stay two parts in MusicXML and are nested in ABC's %%score.
    let document = MusicXMLExporter.document(for: tune)
    #expect(document.components(separatedBy: "<score-part ").count - 1 == 4)
    #expect(ABCWriter.text(of: tune).contains("%%score [{P1 P2} P3] {"))
  }

  @Test func tremoloRunsAndPairs() throws {
    let tune = try SongFixture.tune("tremolo-run")
    let names = tune.voices[0].elements.flatMap { element -> [String] in
      if case .note(let note) = element { return note.decorations.map(\.name) }
      return []
    }
    #expect(names == ["///", "///", "///", "///", "trem2"])
    let list = try SongFixture.engrave("tremolo-run")
    // No tuplet number for the pair's time modification.
    #expect(SongFixture.items(list, .tuplet).isEmpty)
    #expect(Self.glyphs(list, .tremolo3).count == 4)
  }

  @Test func aGraceChordWithATiedHead() throws {
    let tune = try SongFixture.tune("grace-chord-tie")
    guard case .note(let note) = tune.voices[0].elements[0], let grace = note.graceNotes else {
      Issue.record("no grace chord")
      return
    }
    #expect(grace.notes.count == 1 && grace.notes[0].heads.count == 2)
    #expect(grace.notes[0].heads.filter(\.isTiedToNext).count == 1)
    #expect(SongFixture.items(try SongFixture.engrave("grace-chord-tie"), .tie).count == 1)
  }

  @Test func aGraceNoteIsSlurredToItsNoteOnlyWhereTheFileSaysSo() throws {
    let tune = try SongFixture.tune("grace-slurs")
    let groups = tune.voices[0].elements.compactMap { element -> GraceGroup? in
      if case .note(let note) = element { return note.graceNotes }
      return nil
    }
    #expect(groups.map(\.isSlurred) == [true, false])
    // Its slur ends on the main note: no slur of the voice is left open or drawn twice.
    #expect(
      tune.voices[0].elements.allSatisfy { element in
        if case .note(let note) = element { return note.slurStarts.isEmpty && note.slurEnds.isEmpty }
        return true
      })
    let list = try SongFixture.engrave("grace-slurs")
    let slurs = SongFixture.items(list, .slur)
    #expect(slurs.count == 1)
    let heads = SongFixture.items(list, .notehead).filter { $0.context.voice == 0 }.sorted {
      $0.box.minX < $1.box.minX
    }
    let slur = try #require(slurs.first)
    #expect(
      slur.box.minX < heads[1].box.minX && slur.box.maxX > heads[1].box.minX, "from the grace to its note")
    // Written out and read again the slur is still there; ABC says it cannot keep the mix.
    let back = try MusicXMLImporter.tune(from: Array(MusicXMLExporter.document(for: tune).utf8))
    let backGroups = back.voices[0].elements.compactMap { element -> GraceGroup? in
      if case .note(let note) = element { return note.graceNotes }
      return nil
    }
    #expect(backGroups.map(\.isSlurred) == [true, false])
    #expect(ABCWriter.losses(of: tune).contains { $0.hasPrefix("grace notes without a slur") })
  }

  @Test func slursTheFileRepeatsAreDrawnOnce() throws {
    // Three slurs from C5 to G5 (numbers 1, 2 and 3, as in 0076) and one from E5 to G5:
    // two curves, not four.
    func note(_ step: String, _ slurs: String) -> String {
      """
      <note><pitch><step>\(step)</step><octave>5</octave></pitch><duration>1</duration><voice>1</voice>\
      <type>quarter</type><notations>\(slurs)</notations></note>
      """
    }
    let xml = """
      <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Piano</part-name></score-part>\
      </part-list><part id="P1"><measure number="1"><attributes><divisions>1</divisions>\
      <time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>\
      \(note("C", #"<slur type="start" number="1"/><slur type="start" number="2"/><slur type="start" number="3"/>"#))\
      \(note("D", ""))\
      \(note("E", #"<slur type="start" number="4"/>"#))\
      \(note("G", #"<slur type="stop" number="1"/><slur type="stop" number="2"/><slur type="stop" number="3"/><slur type="stop" number="4"/>"#))\
      </measure></part></score-partwise>
      """
    let tune = try MusicXMLImporter.tune(from: Array(xml.utf8))
    let slurs = SongFixture.items(try SongFixture.engraver().engrave([tune]), .slur)
    #expect(slurs.count == 2)
    #expect(Set(slurs.map(\.box.minX)).count == 2, "from C and from E")
  }

  @Test func lyricsStayUnderTheirNotesAndVersesOnTheirLines() throws {
    let tune = try SongFixture.tune("melisma-lyrics")
    let notes = tune.voices[0].elements.compactMap { element -> NoteEvent? in
      if case .note(let note) = element { return note }
      return nil
    }
    // The melisma's notes hold no syllable; "the" is on the fourth note in both verses.
    #expect(notes.map { $0.lyrics.first??.text ?? "-" } == ["Ah", "-", "-", "the", "end", "less", "-"])
    #expect(notes[6].lyrics.count == 2 && notes[6].lyrics[0] == nil && notes[6].lyrics[1]?.text == "song")
    let list = try SongFixture.engrave("melisma-lyrics")
    let lyrics = SongFixture.items(list, .lyric)
    let first = try #require(
      lyrics.first { if case .text(let t) = $0.shape { t.text == "Ah" } else { false } })
    let song = try #require(
      lyrics.first { if case .text(let t) = $0.shape { t.text == "song" } else { false } })
    // "song" is on the second verse's line, below the first, though the first has nothing there.
    #expect(song.box.minY > first.box.maxY - 1)
    // The melisma's extender.
    #expect(lyrics.contains { if case .line = $0.shape { true } else { false } })
  }
}
