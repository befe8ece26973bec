/*
 Limits — every internal bound ABCPress puts on hostile or absurd input, in one place.

 Method. Each constant caps one quantity that the input controls and that would otherwise
 grow time or memory without bound (or overflow an `Int`, or make a page unusable). The
 code that meets a value past its limit reports a diagnostic naming the limit's quantity
 (`file:line:column: warning: …`) and goes on with a safe value: the previous setting,
 the default, or the part of the input within the limit. Nothing here traps.

     V:1 … V:300           → V:257 … V:300 reported once, their music dropped
     %%pagewidth 1e308     → warning, the page keeps its previous width
     P:((A)99)99 (MIDI)    → the play order is cut at `playedPartsPerTune` labels

 Documentation/limits.md lists every limit with its value, the reason for it and the
 diagnostic text; keep the two in step.

 Known limits. Layout and output have no bounds of their own: they are linear in what
 the reader lets through (engine.md).
 */

/// Internal bounds on input size and values, with the reason for each.
public enum Limits {
  // MARK: - Parser

  /// The largest number a digit run is read as (longer runs saturate here, so a number
  /// can never overflow `Int`).
  public static let number = 1_000_000
  /// The largest numerator, and total denominator, of a note-length multiplier
  /// (`A4096`, `A/4096`); also the largest multi-measure rest (`Z4096`).
  public static let noteLengthFactor = 4096
  /// The largest numerator or denominator of an `L:` or `Q:` note length.
  public static let unitLengthTerm = 4096
  /// The largest p, q or r of a tuplet `(p:q:r`.
  public static let tupletSize = 64
  /// The sizes `%%staffscale` and `%%voicescale` accept (abcm2ps's ranges).
  public static let staffScale = 0.3...2.0
  public static let voiceScale = 0.6...1.5
  /// The most tuplets open inside one another (`(3 … (3 … (3`).
  public static let tupletDepth = 4
  /// The largest sum of numerators, and the largest denominator, of an `M:` meter.
  public static let meterTerm = 1024
  /// The most voices one tune may have (abcm2ps stops at 32); later `V:` ids and
  /// their music are dropped.
  public static let voicesPerTune = 256
  /// The most `&` overlays in one bar.
  public static let overlaysPerBar = 16
  /// The most `w:` verses under one block of music; later verses are dropped (each note
  /// keeps one slot per verse, so this bounds the lyrics memory per note).
  public static let versesPerBlock = 64
  /// The most decorations and annotations that wait for one note, rest or bar line;
  /// more are dropped.
  public static let attachmentsPerNote = 64
  /// The most slurs open at once in one voice; a `(` past it is ignored.
  public static let openSlurs = 64
  /// The most grace notes before one note.
  public static let graceNotesPerNote = 64
  /// The most notes in one chord.
  public static let notesPerChord = 64
  /// The most `m:` macros one tune may define.
  public static let macrosPerTune = 256
  /// The longest a music line may grow to by macro expansion, in Unicode scalars; the
  /// rest of the line is read unexpanded.
  public static let expandedLineLength = 65_536
  /// Octave marks: the lowest and highest octave a note may be written in (C4 is middle C).
  public static let octaves = -10...20
  /// The fastest tempo, in beats per minute (`Q:1/4=10000`).
  public static let tempoRate = 10_000
  /// The most beat lengths in one tempo (`Q:1/4 3/8 1/4 3/8=40`).
  public static let tempoBeats = 8
  /// `octave=` of `K:` and `V:`, in octaves.
  public static let staffOctaveShift = -4...4
  /// `stafflines=` of `K:` and `V:`.
  public static let staffLines = 0...12
  /// The largest numerator and denominator of a microtonal accidental (`^3/2`).
  public static let microtoneNumerator = 64
  public static let microtoneDenominator = 1024

  // MARK: - Inputs

  /// The most bytes read from standard input (`-`); more is an error, not a hang.
  public static let standardInputSize = 256 << 20
  /// The largest MusicXML input (plain or `.mxl`) read: it is read whole before converting.
  public static let musicXMLSize = 64 << 20
  /// Bytes of one source line; the rest of a longer line is dropped (1 MiB).
  public static let maxLineBytes = 1 << 20
  /// Unicode scalars of one tune's source (its lines together); later lines of a longer
  /// tune are skipped up to the tune's end.
  public static let maxTuneScalars = 8 << 20
  /// Scalars kept of a file's text before its first `X:`, which may turn out to be a
  /// fragment (a tune without `X:`) and so must be kept until the file ends.
  public static let maxPreambleScalars = 2 << 20
  /// The most notes, rests, bar lines and other elements one tune may hold, all voices
  /// together; later music is not read (it bounds a tune's layout memory).
  public static let elementsPerTune = 60_000

  // MARK: - MusicXML

  /// How deep elements may nest in a MusicXML document (real scores nest about 8 deep).
  public static let xmlDepth = 64
  /// The most attributes on one element (real scores use at most a dozen).
  public static let xmlAttributesPerElement = 256
  /// The most `<credit>`s read for the title block (the rest are left out).
  public static let xmlCredits = 64
  /// The most elements and text runs in one document (the longest song of the OpenScore
  /// Lieder corpus has 78,000; an orchestral score about a million).
  public static let xmlNodes = 2_000_000
  /// How many times its own size a document's text may grow by entity expansion (with
  /// 1 MiB of slack): more is an entity bomb.
  public static let xmlTextAmplification = 4
  /// The most entries in the central directory of an `.mxl` archive.
  public static let mxlEntries = 1000
  /// The most bytes an `.mxl` archive's entries may inflate to, all read entries together.
  public static let mxlInflatedSize = 64 << 20
  /// `<divisions>`: the most divisions of a quarter note.
  public static let xmlDivisions = 1...1 << 20
  /// The longest note, rest, `<forward>` or `<backup>`, in whole notes.
  public static let xmlWholeNotesPerDuration = 256
  /// `<staves>`: staves of one part.
  public static let xmlStaves = 1...16
  /// Voices (`<voice>` values) of one part; later ones are dropped.
  public static let xmlVoicesPerPart = 32
  /// Directions, and changes placed from another voice's stream, waiting in one voice for
  /// its next note (each is kept in time order as it comes).
  public static let xmlWaitingPerVoice = 256
  /// `<alter>`, `<key-alter>`, `<root-alter>`, `<bass-alter>`: semitones.
  public static let xmlAlter = -3.0...3.0
  /// `<fifths>` of a key signature.
  public static let xmlFifths = -7...7
  /// `<line>` of a clef.
  public static let xmlClefLine = 1...5
  /// `<clef-octave-change>`.
  public static let xmlClefOctaveChange = -2...2
  /// `tremolo` strokes.
  public static let xmlTremoloStrokes = 1...8

  // MARK: - Includes

  /// How deep `abc-include` files may nest.
  public static let includeDepth = 16
  /// The largest file `abc-include` reads, in bytes.
  public static let includeFileSize = 4 << 20
  /// The most bytes `abc-include` lines may add to one input file, all included files
  /// together.
  public static let includeTotalSize = 16 << 20
  /// The most `abc-include` lines followed for one input file (a bomb of many tiny
  /// includes stays fast).
  public static let includeCount = 1000

  // MARK: - MIDI

  /// The most part labels a `P:` play order unfolds to.
  public static let playedPartsPerTune = 1000
  /// The largest repeat count in a `P:` play order (`P:(AB)100`).
  public static let partRepeatCount = 100
  /// How deep parentheses nest in a `P:` play order; deeper groups are skipped.
  public static let playOrderNesting = 32
  /// The most elements (notes, rests, bar lines …) a voice plays once repeats and parts
  /// are unfolded; the voice stops there.
  public static let playedElementsPerVoice = 500_000
  /// The most elements all voices of a tune play together; later voices stop earlier.
  public static let playedElementsPerTune = 1_000_000
  /// The most passes through one repeated section (`|: … :|` with endings up to `[50`).
  public static let repeatPasses = 50
  /// The widest range in an ending label (`[1-99`); a wider one is read as no range.
  public static let endingRangeSpan = 100

  // MARK: - Diagnostics

  /// The most diagnostics one parse reports; a last one says how many more were dropped
  /// (it takes the highest severity of them, so exit codes stay right).
  public static let diagnosticsPerFile = 10_000
  /// The most characters of source text a diagnostic quotes; longer text is cut with `…`.
  public static let quotedTextLength = 80

  // MARK: - Format directives and style files (sizes in points)

  /// Page width and height.
  public static let pageSide = 72.0...14_400
  /// The least width and height left for the music once margins are taken off.
  public static let minimumContentSide = 72.0
  /// Text font sizes.
  public static let fontSize = 1.0...200
  /// `%%scale` (staff space = 6 pt × scale, abcm2ps's reading).
  public static let scale = 0.1...10
  /// The distance between staff lines (`music.staff-space`, `--staff-space`).
  public static let staffSpace = 2.0...20
  /// Transposition in semitones (`%%transpose`, `--transpose`).
  public static let transpose = -48...48
  /// Vertical spaces (`%%topspace`, `%%staffsep`, `music.tune-gap` …).
  public static let verticalSpace = 0.0...1000
  /// `%%barsperstaff` and the `%%measurenb` interval.
  public static let barCount = 0...1000
  /// `%%stretchlast` and `music.stretch-last`, a fraction of the line.
  public static let stretchLast = 0.0...1
}
