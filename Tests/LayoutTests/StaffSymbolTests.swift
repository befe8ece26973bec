import ABCParser
import ScoreModel
import Testing

@testable import Layout

/// Staff symbols changed where they lie: a note's payload updated in place, attachments
/// with no shared empty box, and beam groups numbered as they close.
@Suite struct StaffSymbolTests {
  /// The symbols of the first voice of `abc`'s first tune, as the layout builds them.
  func symbols(_ abc: String) throws -> [StaffSymbol] {
    let tune = try #require(ABCParser.parse(abc, file: "test.abc").tunebook.tunes.first)
    let voice = try #require(tune.voices.first)
    let builder = SymbolBuilder(
      font: try LayoutFixture.font(), style: MusicTextStyle(setup: .a4), measurer: ApproximateTextMeasurer(),
      scale: PageSetup.a4.staffSpace)
    return builder.build(voice: voice, key: tune.initialKey, meter: tune.initialMeter)
  }

  @Test func updatingANoteChangesItAndNothingElse() throws {
    var symbols = try symbols("X:1\nK:C\nC2 z2 | E4 |]\n")
    let before = symbols
    for index in symbols.indices {
      symbols[index].updateNote { note in
        note.stemUp = false
        note.heads[0].position += 1
      }
    }
    #expect(symbols.count == before.count)
    for index in symbols.indices {
      #expect(symbols[index].category == before[index].category)
      if let note = symbols[index].note, let old = before[index].note {
        #expect(!note.stemUp)
        #expect(note.heads.map(\.position) == old.heads.map { $0.position + 1 })
        #expect(note.duration == old.duration)
      } else {
        // A rest or a bar line: untouched.
        #expect(symbols[index].note == nil && before[index].note == nil)
      }
    }
    #expect(symbols.contains { $0.note != nil } && symbols.contains { $0.isRest })
  }

  @Test func attachmentsAreValuesWithoutASharedEmptyBox() throws {
    let symbols = try symbols("X:1\nK:C\n\"G\"!trill!c2 d2 |]\n")
    let marked = try #require(symbols.first { $0.note != nil })
    #expect(!marked.attachments.isEmpty)
    #expect(marked.attachments.decorations.map(\.name) == ["trill"])
    #expect(marked.attachments.annotations.map(\.text) == ["G"])
    let plain = try #require(symbols.last { $0.note != nil })
    #expect(plain.attachments.isEmpty)
    #expect(plain.attachments.decorations.isEmpty && plain.attachments.chordReach == 0)
    // A copy changed leaves the original as it was, for the empty attachments too.
    var copy = plain
    copy.attachments.partLabel = "A"
    copy.attachments.chordReach = 2
    #expect(plain.attachments.isEmpty && plain.attachments.partLabel == nil)
    #expect(!copy.attachments.isEmpty && copy.attachments.partLabel == "A")
    #expect(copy.attachments.chordReach == 2)
    // Changed in place while held alone; copied once when shared.
    #expect(plain.attachments.storageIdentity == nil)
    let held = copy.attachments.storageIdentity
    #expect(held != nil)
    copy.attachments.sectionTitle = "B"
    copy.attachments.lyricLeft = 1
    #expect(copy.attachments.storageIdentity == held)
    var third = copy
    third.attachments.tempo = nil
    #expect(third.attachments.storageIdentity != held && copy.attachments.storageIdentity == held)
    var second = marked
    second.attachments.decorations = []
    #expect(marked.attachments.decorations.map(\.name) == ["trill"])
    #expect(second.attachments.decorationKinds.isEmpty)
    // A symbol not yet in a voice: C major, no meter.
    var loose = StaffSymbol(kind: .spacer(1), onset: .zero, source: nil, clef: .treble)
    #expect(loose.key == .cMajor && loose.meter == .none)
    loose.meter = .common
    #expect(loose.meter == .common && loose.key == .cMajor)
  }

  @Test func beamGroupsAreNumberedAlongTheVoice() throws {
    let symbols = try symbols("X:1\nL:1/8\nM:4/4\nK:C\nCDEF gabc' | z A B2 cdef |]\n")
    let groups = symbols.compactMap(\.beamGroup)
    // CDEF, gabc', cdef: three groups in order, four notes each; A and B2 beam with none.
    #expect(groups == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2])
    let spans = VoiceSpans(symbols: symbols, endings: [])
    #expect((0..<3).map(spans.beamGroupSize) == [4, 4, 4])
    #expect(spans.beamGroupSize(3) == 0 && spans.beamGroupSize(-1) == 0)
    // One direction a group: down for the high gabc', up for the low CDEF.
    for group in 0..<3 {
      let stems = Set(symbols.compactMap { $0.beamGroup == group ? $0.note?.stemUp : nil })
      #expect(stems.count == 1)
    }
    #expect(symbols.first { $0.beamGroup == 0 }?.note?.stemUp == true)
    #expect(symbols.first { $0.beamGroup == 1 }?.note?.stemUp == false)
  }
}
