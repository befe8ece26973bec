import Testing

@testable import ABCPressCLI

/// Keys pressed on a note of the score become edits of its ABC text.
@Suite struct ScoreEditTests {
  /// `line` of `tune` after `action` on the event at `column`, or nil.
  func edited(_ tune: String, line: Int = 3, column: Int, _ action: String, _ value: String? = nil) -> String?
  {
    guard let edit = ScoreEdit.make(text: tune, line: line, column: column, action: action, value: value)
    else {
      return nil
    }
    var scalars = Array(
      tune.split(separator: "\n", omittingEmptySubsequences: false)[line - 1].unicodeScalars)
    scalars.replaceSubrange((edit.start - 1)..<(edit.end - 1), with: Array(edit.replacement.unicodeScalars))
    return String(String.UnicodeScalarView(scalars))
  }

  let tune = "X:1\nK:G\n!trill!^f2 [CE2G]3/2 C,3/2- C,/ z2 \"Am\"a'|\n"

  @Test func stepsGoByTheScaleAndLetTheKeyDecideTheAccidental() {
    #expect(edited(tune, column: 8, "down") == "!trill!e2 [CE2G]3/2 C,3/2- C,/ z2 \"Am\"a'|")
    #expect(edited(tune, column: 8, "up") == "!trill!g2 [CE2G]3/2 C,3/2- C,/ z2 \"Am\"a'|")
    // Every head of a chord moves, each keeping its own length.
    #expect(edited(tune, column: 12, "up") == "!trill!^f2 [DF2A]3/2 C,3/2- C,/ z2 \"Am\"a'|")
    #expect(edited(tune, column: 23, "down") == "!trill!^f2 [CE2G]3/2 B,,3/2- C,/ z2 \"Am\"a'|")
    #expect(edited(tune, column: 40, "up") == "!trill!^f2 [CE2G]3/2 C,3/2- C,/ z2 \"Am\"b'|")
  }

  @Test func octavesLengthsAccidentalsAndDeleting() {
    #expect(edited(tune, column: 23, "octaveUp") == "!trill!^f2 [CE2G]3/2 C3/2- C,/ z2 \"Am\"a'|")
    #expect(edited(tune, column: 40, "octaveDown") == "!trill!^f2 [CE2G]3/2 C,3/2- C,/ z2 \"Am\"a|")
    #expect(edited(tune, column: 12, "length", "2") == "!trill!^f2 [CE2G]2 C,3/2- C,/ z2 \"Am\"a'|")
    #expect(edited(tune, column: 30, "length", "1") == "!trill!^f2 [CE2G]3/2 C,3/2- C, z2 \"Am\"a'|")
    #expect(edited(tune, column: 8, "sharp") == "!trill!f2 [CE2G]3/2 C,3/2- C,/ z2 \"Am\"a'|")
    #expect(edited(tune, column: 8, "flat") == "!trill!_f2 [CE2G]3/2 C,3/2- C,/ z2 \"Am\"a'|")
    // A note becomes a rest of its length (its decorations kept); a rest goes.
    #expect(edited(tune, column: 8, "delete") == "!trill!z2 [CE2G]3/2 C,3/2- C,/ z2 \"Am\"a'|")
    #expect(edited(tune, column: 34, "delete") == "!trill!^f2 [CE2G]3/2 C,3/2- C,/  \"Am\"a'|")
    // A tie is kept; a rest does not move; a bar line is not a note.
    #expect(edited(tune, column: 23, "up")?.contains("D,3/2-") == true)
    #expect(edited(tune, column: 34, "up") == nil)
    #expect(edited(tune, column: 43, "up") == nil)
    #expect(edited(tune, column: 12, "length", "x") == nil)
  }

  @Test func aDraggedHeadMovesByItsStepsAndATypedLetterIsInsertedAfter() {
    #expect(edited(tune, column: 8, "step", "3") == "!trill!b2 [CE2G]3/2 C,3/2- C,/ z2 \"Am\"a'|")
    #expect(edited(tune, column: 8, "step", "-7") == "!trill!^F2 [CE2G]3/2 C,3/2- C,/ z2 \"Am\"a'|")
    #expect(edited(tune, column: 8, "step", "0") == nil)
    #expect(edited(tune, column: 8, "step", "x") == nil)
    // After ^f2: a d2 (the d below is nearer than the one above); after C,3/2- a B,,3/2.
    #expect(edited(tune, column: 8, "insert", "d") == "!trill!^f2d2 [CE2G]3/2 C,3/2- C,/ z2 \"Am\"a'|")
    #expect(edited(tune, column: 22, "insert", "b") == "!trill!^f2 [CE2G]3/2 C,3/2-B,,3/2 C,/ z2 \"Am\"a'|")
    #expect(edited(tune, column: 8, "insert", "h") == nil)
    let edit = ScoreEdit.make(text: tune, line: 3, column: 8, action: "insert", value: "d")
    #expect(edit?.selectColumn == 11)
  }

  @Test func aHeadMovedPastAnAccidentalOfItsBarKeepsTheKeysPitch() {
    // In G an `=f` earlier in the bar would make the moved head F natural: the key's F sharp
    // is written out. Another octave, another bar, or a tune not propagating: the key decides.
    #expect(edited("X:1\nK:G\n=f e|\n", column: 4, "up") == "=f ^f|")
    #expect(edited("X:1\nK:G\n=f g|\n", column: 4, "down") == "=f ^f|")
    #expect(edited("X:1\nK:F\n=B c|\n", column: 4, "down") == "=B _B|")
    #expect(edited("X:1\nK:C\n^F G|\n", column: 4, "down") == "^F =F|")
    #expect(edited("X:1\nK:G\n=F e|\n", column: 4, "up") == "=F f|")
    #expect(edited("X:1\nK:G\n=f|e|\n", column: 4, "up") == "=f|f|")
    #expect(edited("X:1\nK:G\n=f [K:D] e|\n", column: 10, "up") == "=f [K:D] ^f|")
    #expect(edited("X:1\n%%propagate-accidentals not\nK:G\n=f e|\n", line: 4, column: 4, "up") == "=f f|")
    #expect(edited("X:1\n%%propagate-accidentals pitch\nK:G\n=F e|\n", line: 4, column: 4, "up") == "=F ^f|")
  }
}
