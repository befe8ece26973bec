import ABCParser
import ScoreModel
import Testing

/// `check` compares bar lengths with the meter, allowing what musicians write.
@Suite struct BarLengthCheckTests {
  /// The warnings' messages for a tune body, with `M:` and `L:1/8`.
  func warnings(_ body: String, meter: String = "3/4") throws -> [String] {
    let (tune, _) = Parse.tune(body, header: "M:\(meter)\nL:1/8\nK:G")
    return BarLengthCheck.diagnostics(for: try #require(tune), file: "t.abc").map(\.message)
  }

  @Test func fullBarsPickupsAndSectionEndsPass() throws {
    // A pickup, full bars, a short last bar completing it before the repeat.
    #expect(try warnings("|: d2 | g2 f2 e2 | d6 | B2 c2 d2 | g4 :|") == [])
    // Endings: the bar before `:|2` and the bar after it may be short.
    #expect(try warnings("|: d2 | g6 | f4 :|2 e2 d2 c2 || B2 | c6 |]") == [])
    // Triplets count at their sounding length: (3abc is a crotchet.
    #expect(try warnings("(3abc d4 | (3ABc (3ded B2 |]") == [])
    // A line that ends on a full bar ends the bar, with or without a bar line.
    #expect(try warnings("d6 | g6\nf6 | e6 |]") == [])
  }

  @Test func shortAndLongBarsAreNamed() throws {
    let found = try warnings("d2 | g2 f2 e2 | d4 | B2 c2 d2 e2 | g6 |]")
    #expect(
      found == [
        "bar 3 has 2 quarters; 3/4 needs 3",
        "bar 4 has 4 quarters; 3/4 needs 3",
      ])
    // A bar split over two lines is one bar.
    #expect(try warnings("g2 f2\ne2 | d6 |]") == [])
  }

  @Test func meterChangesFreeMeterAndBarRestsAreFollowed() throws {
    #expect(try warnings("g6 | [M:2/4] g4 | f4 |]") == [])
    #expect(
      try warnings("g6 | [M:2/4] g6 | f4 |]") == [
        "bar 2 has 3 quarters; 2/4 needs 2"
      ])
    #expect(try warnings("g2 | abcdefg | f |]", meter: "none") == [])
    #expect(try warnings("Z4 | g6 |]") == [])
  }

  @Test func voicesAreCheckedApartAndNamed() throws {
    let (tune, _) = Parse.tune("V:1\ng6 | f6 |]\nV:2\nG,6 | F,4 | E,6 |]", header: "M:3/4\nL:1/8\nK:G")
    let found = BarLengthCheck.diagnostics(for: try #require(tune), file: "t.abc").map(\.message)
    #expect(found == ["bar 2 in voice 2 has 2 quarters; 3/4 needs 3"])
  }

  @Test func aPartAfterARepeatMayStartWithAPickup() throws {
    // `… B2 :|` then `g | …`: the second part's pickup and the first part's short last bar.
    #expect(try warnings("d2 | g2 f2 e2 | d4 :| g2 | f2 e2 d2 | c4 |]") == [])
    // A short bar inside a part is still named, in the meter's own notes.
    #expect(try warnings("g2 | f2 e2 d2 | c4 | B6 |]") == ["bar 3 has 2 quarters; 3/4 needs 3"])
  }

  @Test func lengthsAreCountedInTheMetersNotes() throws {
    #expect(try warnings("d3 | g3 f2 | e6 | d6 |]", meter: "6/8") == ["bar 2 has 5 eighths; 6/8 needs 6"])
    #expect(
      try warnings("d3 | g3 f2 e/ | e6 | d6 |]", meter: "6/8") == ["bar 2 has 11 sixteenths; 6/8 needs 12"])
    #expect(try warnings("c8 | d6 | c8 |]", meter: "C") == ["bar 2 has 3 quarters; 4/4 needs 4"])
    #expect(try warnings("c8 | d9 | c8 |]", meter: "C|") == ["bar 2 has 9 eighths; 2/2 needs 8"])
  }
}

/// One bad line gives one error, not a cascade of notes.
@Suite struct OneErrorPerBadLineTests {
  @Test func aHeaderFieldWithoutItsColonIsOneErrorAndStillRead() throws {
    let (tune, diagnostics) = Parse.tune("GAB|", header: "T:Cascade\nM 6/8\nK:G")
    #expect(diagnostics.map(\.message) == ["header field M needs a colon after its letter: read as M:6/8"])
    #expect(diagnostics.first?.range.start.line == 3)
    #expect(try #require(tune).initialMeter == .fraction(numerators: [6], denominator: 8))
    // A title too.
    let (titled, found) = Parse.tune("GAB|", header: "T The Kesh\nK:G")
    #expect(found.count == 1 && titled?.title == "The Kesh")
  }

  @Test func aDirectiveContinuedWithABackslashIsOneError() throws {
    let (tune, diagnostics) = Parse.tune("CDE|", header: "T:Cont\n%%titlefont Times-Bold \\\n 20\nK:C")
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.message.hasPrefix("a %% directive cannot go on over the next line") == true)
    let notes = try #require(tune).voices.first?.elements.filter {
      if case .note = $0 { return true }
      return false
    }
    #expect(notes?.count == 3)  // C D E: no stray "20" read as music
  }
}

/// `>` and `<` pair two notes of equal length; anything else is named.
@Suite struct UnequalBrokenRhythmTests {
  @Test func aBrokenRhythmBetweenUnequalNotesIsAWarning() {
    let (_, diagnostics) = Parse.tune("A>B c2>d e<f [ce]>[df] z>A|")
    #expect(
      diagnostics.map(\.message) == [
        "broken rhythm between notes of unequal length (1/4 and 1/8); '>' and '<' are meant for a pair of equal notes"
      ])
    #expect(diagnostics.first?.range.start.column == 7)
    // The rhythm itself is still applied: c2>d is 3/8 + 1/16.
    let notes = Parse.notes("c2>d")
    #expect(notes.map(\.duration) == [Rational(3, 8), Rational(1, 16)])
  }
}
