import SMuFL
import ScoreModel

/*
 NoteheadStyle — note heads of other shapes, by the names ABC programs give them.

 Method. A name from any of the places ABC writes one — a decoration (`!x!`, `!head-x!`,
 `!style=triangle!`), a voice's `style=` (abcjs), a `%%map … heads=` or `%%percmap` head
 (abcm2ps, abc2svg) — becomes one style, and the style gives the SMuFL glyph for the
 note's value: filled below a minim, open from the minim on, as engravers draw them.

     !x!C  →  noteheadXBlack      !x!C4 (a whole note)  →  noteheadCircleX
     style=harmonic  →  noteheadDiamondHalf on every note

 Limits. The triangle (and, in fonts without them, the slash) heads are missing from the
 fonts ABCPress ships; `NoteheadOutline` draws them as outlines of the same size.
 */

/// A note head shape other than the usual oval.
enum NoteheadStyle: Hashable {
  case normal, x, circleX, triangle, diamond, harmonic, square, slash, plus

  /// The style a head name stands for; nil for names ABCPress does not know.
  init?(named name: String) {
    var name = name.lowercased()
    for prefix in ["style=", "head-"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
    switch name {
    case "normal", "default", "oval": self = .normal
    case "x", "cross": self = .x
    case "circle-x", "circlex", "circle": self = .circleX
    case "triangle", "tri", "triangle-up": self = .triangle
    case "diamond", "diam": self = .diamond
    case "harmonic": self = .harmonic
    case "square", "rectangle": self = .square
    case "slash", "rhythm": self = .slash
    case "plus": self = .plus
    default: return nil
    }
  }

  /// The glyph for a note of `value`; nil for the usual head.
  func glyph(for value: NoteValue) -> SMuFLGlyph? {
    let open = value.base >= Rational(1, 2)
    switch self {
    case .normal: return nil
    case .x: return open ? .noteheadCircleX : .noteheadXBlack
    case .circleX: return .noteheadCircleX
    case .triangle: return open ? .noteheadTriangleUpWhite : .noteheadTriangleUpBlack
    case .diamond: return open ? .noteheadDiamondHalf : .noteheadDiamondBlack
    case .harmonic: return .noteheadDiamondHalf
    case .square: return open ? .noteheadSquareWhite : .noteheadSquareBlack
    case .slash: return open ? .noteheadSlashWhiteHalf : .noteheadSlashHorizontalEnds
    case .plus: return .noteheadPlusBlack
    }
  }
}

/// Outlines for the head glyphs a music font may lack, in staff spaces from the glyph's
/// origin (left end of the centre line, y downwards), sized like the font's own heads.
enum NoteheadOutline {
  /// The outline's corners and whether it is filled (else stroked); nil for other glyphs.
  static func corners(of glyph: SMuFLGlyph, headWidth w: Double) -> (
    corners: [(Double, Double)], filled: Bool
  )? {
    switch glyph {
    case .noteheadTriangleUpBlack: ([(0, 0.5), (w, 0.5), (w / 2, -0.5)], true)
    case .noteheadTriangleUpWhite: ([(0.06, 0.44), (w - 0.06, 0.44), (w / 2, -0.42)], false)
    case .noteheadSlashHorizontalEnds: ([(0, 1), (0.7, 1), (2.1, -1), (1.4, -1)], true)
    case .noteheadSlashWhiteHalf: ([(0.06, 0.94), (1.1, 0.94), (3.04, -0.94), (2.0, -0.94)], false)
    default: nil
    }
  }

  /// Where stems attach (SMuFL `stemUpSE` / `stemDownNW`, y upwards): a triangle's at
  /// the ends of its base; nil for glyphs the font has.
  static func stemAnchors(of glyph: SMuFLGlyph, headWidth w: Double) -> (
    up: (Double, Double), down: (Double, Double)
  )? {
    switch glyph {
    case .noteheadTriangleUpBlack, .noteheadTriangleUpWhite: ((w, -0.5), (0, -0.5))
    case .noteheadSlashHorizontalEnds: ((2.1, 1), (0, -1))
    case .noteheadSlashWhiteHalf: ((3.1, 1), (0, -1))
    default: nil
    }
  }

  /// The outline's width, for spacing.
  static func width(of glyph: SMuFLGlyph, headWidth: Double) -> Double? {
    guard let (corners, _) = corners(of: glyph, headWidth: headWidth) else { return nil }
    return corners.map(\.0).max()
  }

  /// The stroke of an open outline, in staff spaces.
  static let strokeWidth = 0.12
}

/// The head shapes that apply to one voice: its `%%map`, the tune's `%%percmap` and its
/// own `style=`.
struct HeadShapes {
  /// `%%map` lines of the voice's map, in the order written (the first match wins).
  var noteMap: [NoteMapping] = []
  /// `%%percmap` heads by written pitch (diatonic index).
  var percussion: [Int: NoteheadStyle] = [:]
  /// `style=` of the voice.
  var voiceStyle: NoteheadStyle?

  /// True when nothing changes a head (most voices).
  var isEmpty: Bool { noteMap.isEmpty && percussion.isEmpty && voiceStyle == nil }

  init() {}

  /// The shapes for `voice` of `tune`.
  init(voice: Voice, tune: Tune) {
    if let name = voice.noteMap { noteMap = tune.noteMaps.filter { $0.map == name } }
    for mapping in tune.percussionMap {
      if let style = mapping.head.flatMap(NoteheadStyle.init(named:)) {
        percussion[mapping.pitch.diatonicIndex] = style
      }
    }
    voiceStyle = voice.headStyle.flatMap(NoteheadStyle.init(named:))
  }
}
