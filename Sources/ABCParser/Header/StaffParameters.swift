import ScoreModel

/// The clef and staff parameters `K:` and `V:` share: `clef=`, a bare clef name,
/// `middle=`, `octave=`, `transpose=`, `stafflines=`, `staffscale=` (and abcm2ps's
/// `%%voicescale`), and the note heads: `style=` (abcjs)
/// and `map=` (abcm2ps's `%%map` by name).
///
/// `octave=n` and `middle=<pitch>` move the written notes: `octave=-1` reads `c` as
/// `C`; `middle=d` on a bass staff says the written `d` sits on the middle line (so it
/// is read as D3, the line's usual note). Both become `pitchShift`, in diatonic steps.
/// `transpose=` only changes the sounding pitch and is kept for playback.
struct StaffParameters {
  var clef: Clef?
  var middle: Pitch?
  var octave: Int?
  var transpose: Int?
  var staffLines: Int?
  /// `staffscale=` / `%%staffscale`: the staff's size; `%%voicescale`: the notes' size.
  var staffScale: Double?
  var voiceScale: Double?
  /// `style=x|triangle|harmonic|rhythm|normal…`: the voice's note heads.
  var headStyle: String?
  /// `map=NAME`: the `%%map` whose note mappings apply.
  var noteMap: String?
  /// `staff=N|+N|-N` in the music: the notes from here go on another staff.
  var staffMove: StaffMove.Target?

  /// True when any parameter was given.
  var isEmpty: Bool {
    clef == nil && middle == nil && octave == nil && transpose == nil && staffLines == nil
      && staffScale == nil && voiceScale == nil && headStyle == nil && noteMap == nil && staffMove == nil
  }

  /// Applies `name=value` (or a bare clef name when `value` is nil); false when the
  /// name is not a staff parameter. Bad values are reported.
  mutating func apply(
    name: String, value: String?, range: SourceRange, diagnostics: DiagnosticCollector
  ) -> Bool {
    guard let value else {
      guard let clef = ClefParser.clef(named: name) else { return false }
      self.clef = clef
      return true
    }
    switch name.lowercased() {
    case "clef":
      if let clef = ClefParser.clef(named: value) {
        self.clef = clef
      } else {
        diagnostics.warning("unknown clef '\(Diagnostic.excerpt(value))'", at: range)
      }
    case "middle", "m":
      if let pitch = Self.pitch(value) {
        middle = pitch
      } else {
        diagnostics.warning("bad middle= pitch '\(Diagnostic.excerpt(value))'", at: range)
      }
    case "octave":
      if let number = Int(value), Limits.staffOctaveShift.contains(number) {
        octave = number
      } else {
        diagnostics.warning("bad octave= value '\(Diagnostic.excerpt(value))'", at: range)
      }
    case "transpose", "t":
      if let number = Int(value), Limits.transpose.contains(number) {
        transpose = number
      } else {
        diagnostics.warning("bad transpose= value '\(Diagnostic.excerpt(value))'", at: range)
      }
    case "staff":
      if let target = StaffMove.target(value) {
        staffMove = target
      } else {
        diagnostics.warning(
          "bad staff= value '\(Diagnostic.excerpt(value))'; expected N, +N or -N", at: range)
      }
    case "stafflines":
      if let number = Int(value), Limits.staffLines.contains(number) {
        staffLines = number
      } else {
        diagnostics.warning("bad stafflines= value '\(Diagnostic.excerpt(value))'", at: range)
      }
    case "staffscale", "voicescale":
      let isStaff = name.lowercased() == "staffscale"
      let sizes = isStaff ? Limits.staffScale : Limits.voiceScale
      if let number = Double(value), number.isFinite, sizes.contains(number) {
        if isStaff { staffScale = number } else { voiceScale = number }
      } else {
        diagnostics.warning(
          "bad \(name.lowercased()) value '\(Diagnostic.excerpt(value))'; expected \(sizes.lowerBound) to \(sizes.upperBound)",
          at: range)
      }
    case "style":
      headStyle = value
    case "map":
      noteMap = value
    default:
      return false
    }
    return true
  }

  /// Merges parameters given later over these.
  mutating func merge(_ other: StaffParameters) {
    clef = other.clef ?? clef
    middle = other.middle ?? middle
    octave = other.octave ?? octave
    transpose = other.transpose ?? transpose
    staffLines = other.staffLines ?? staffLines
    staffScale = other.staffScale ?? staffScale
    voiceScale = other.voiceScale ?? voiceScale
    headStyle = other.headStyle ?? headStyle
    noteMap = other.noteMap ?? noteMap
  }

  /// The diatonic shift the parameters apply to written notes on a staff with `clef`.
  func pitchShift(clef: Clef) -> Int {
    var shift = 7 * (octave ?? 0)
    if let middle {
      let reference = clef.referencePitch.diatonicIndex
      let lineMiddle = reference + 4 - (clef.line - 1) * 2
      shift += lineMiddle - middle.diatonicIndex
    }
    return shift
  }

  /// A pitch written as an ABC note (`d`, `B,`, `c'`), or nil.
  static func pitch(_ text: String) -> Pitch? {
    let scalars = Array(text.unicodeScalars)
    guard let first = scalars.first, let step = Step(abcLetter: first),
      "ABCDEFGabcdefg".unicodeScalars.contains(first)
    else { return nil }
    var octave = first.isASCIILowercase ? 5 : 4
    for mark in scalars.dropFirst() {
      switch mark {
      case "'": octave += 1
      case ",": octave -= 1
      default: return nil
      }
    }
    return Pitch(step: step, octave: octave)
  }
}
