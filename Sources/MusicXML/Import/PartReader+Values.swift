import Foundation
import ScoreModel

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reading single MusicXML values: pitches, lengths, keys, meters, clefs, notations and
/// lyrics.
extension PartReader {
  /// A note's head: pitch (or an unpitched note's display position), alteration, written
  /// accidental and tie.
  static func head(_ element: XMLElement) -> NoteHead? {
    let pitch = element.elements(forName: "pitch").first
    let unpitched = element.elements(forName: "unpitched").first
    guard let source = pitch ?? unpitched else { return nil }
    let stepText = source.childText(pitch != nil ? "step" : "display-step") ?? ""
    guard let letter = stepText.first, let step = Step(letter: letter),
      let octave = source.childNumber(pitch != nil ? "octave" : "display-octave"), (0...9).contains(octave)
    else { return nil }
    let alter = pitch?.childNumber("alter") ?? 0
    var head = NoteHead(pitch: Pitch(step: step, octave: Int(octave)), soundingAlter: Int(alter.rounded()))
    if alter != alter.rounded() { head.microtone = Rational(approximating: alter) }
    switch element.childText("accidental") {
    case "sharp": head.accidental = .sharp
    case "flat": head.accidental = .flat
    case "natural": head.accidental = .natural
    case "double-sharp", "sharp-sharp": head.accidental = .doubleSharp
    case "flat-flat": head.accidental = .doubleFlat
    default: break
    }
    let ties = element.elements(forName: "tie") + element.elements(path: ["notations", "tied"])
    head.isTiedToNext = ties.contains { $0.attribute("type") == "start" }
    head.isTieDotted = element.elements(path: ["notations", "tied"]).contains {
      $0.attribute("type") == "start" && $0.attribute("line-type") == "dotted"
    }
    return head
  }

  /// The written length from `<type>` and `<dot>`; nil without a type.
  static func writtenLength(_ element: XMLElement) -> Rational? {
    guard let type = element.childText("type") else { return nil }
    return NoteValue.length(of: type, dots: element.elements(forName: "dot").count)
  }

  /// The ABC decorations of a note's articulations, ornaments, technique marks,
  /// fermatas and arpeggio.
  static func notationDecorations(_ element: XMLElement) -> [String] {
    var names: [String] = []
    for notations in element.elements(forName: "notations") {
      for child in notations.children?.compactMap({ $0 as? XMLElement }) ?? [] {
        let inner = child.children?.compactMap { $0 as? XMLElement } ?? []
        let text = (child.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var marks: [MusicXMLMark] = []
        switch child.name {
        case "articulations": marks = inner.compactMap { $0.name.map { .articulation($0) } }
        case "ornaments":
          marks = inner.compactMap { mark in
            let content = (mark.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            switch mark.name {
            case "tremolo": return .tremolo(Int(content) ?? 1)
            case "other-ornament": return .ornament("other-ornament", text: content)
            default: return mark.name.map { .ornament($0) }
            }
          }
        case "technical":
          marks = inner.compactMap { mark in
            let content = (mark.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            return mark.name == "fingering"
              ? .technical("fingering", text: content) : mark.name.map { .technical($0) }
          }
        case "fermata":
          marks = [
            .fermata(inverted: child.attribute("type") == "inverted", shape: text.isEmpty ? "normal" : text)
          ]
        case "arpeggiate": marks = [.arpeggiate]
        default: break
        }
        names += marks.compactMap { MusicXMLMark.decoration(for: $0) }
      }
    }
    return names
  }

  /// Lyric syllables by verse (the order of the `number` values met).
  static func lyrics(_ element: XMLElement, place: SourceRange) -> [LyricSyllable?] {
    var verses: [LyricSyllable?] = []
    for lyric in element.elements(forName: "lyric") {
      let verse = max((Int(lyric.attribute("number") ?? "1") ?? 1) - 1, 0)
      guard verse < 16 else { continue }
      let text = lyric.elements(forName: "text").map { $0.stringValue ?? "" }.joined(separator: " ")
      guard !text.isEmpty else { continue }
      let syllabic = lyric.childText("syllabic") ?? "single"
      while verses.count <= verse { verses.append(nil) }
      verses[verse] = LyricSyllable(
        text: text, continuesWord: syllabic == "begin" || syllabic == "middle",
        hasExtender: !lyric.elements(forName: "extend").isEmpty, range: place)
    }
    return verses
  }

  /// The key of a `<key>`: fifths and mode, or listed steps and alterations.
  static func key(_ element: XMLElement) -> KeySignature? {
    if let fifths = element.childNumber("fifths") {
      let modeText = element.childText("mode") ?? "major"
      if modeText == "none" { return KeySignature(tonic: nil, fifths: Int(fifths)) }
      let mode = Mode(rawValue: modeText) ?? .major
      let (tonic, alter) = tonic(fifths: Int(fifths) - mode.fifthsOffset)
      return KeySignature(tonic: tonic, tonicAlter: alter, mode: mode, fifths: Int(fifths))
    }
    let steps = element.elements(forName: "key-step").compactMap { $0.stringValue?.first.flatMap(Step.init) }
    let alters = element.elements(forName: "key-alter").compactMap { Double($0.stringValue ?? "") }
    guard !steps.isEmpty, steps.count == alters.count else { return nil }
    var explicit: [Step: Accidental] = [:]
    for (step, alter) in zip(steps, alters) { explicit[step] = Accidental(rawValue: Int(alter.rounded())) }
    return KeySignature(tonic: nil, fifths: 0, explicitAccidentals: explicit, isExplicitOnly: true)
  }

  /// The major-scale tonic `index` fifths from C (`-1` F, `1` G, `6` F♯).
  static func tonic(fifths index: Int) -> (Step, Int) {
    let letters: [Step] = [.f, .c, .g, .d, .a, .e, .b]
    let position = index + 1
    let letter = letters[((position % 7) + 7) % 7]
    let alter = position >= 0 ? position / 7 : -((6 - position) / 7)
    return (letter, alter)
  }

  static func meter(_ element: XMLElement) -> Meter? {
    if !element.elements(forName: "senza-misura").isEmpty { return Meter.none }
    guard let beats = element.childText("beats"), let beatType = element.childNumber("beat-type") else {
      return nil
    }
    let numerators = beats.split(separator: "+").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard !numerators.isEmpty, beatType > 0 else { return nil }
    switch element.attribute("symbol") {
    case "common" where numerators == [4] && beatType == 4: return .common
    case "cut" where numerators == [2] && beatType == 2: return .cut
    case "single-number" where numerators.count == 1 && beatType == 2: return .numeral(numerators[0])
    default: return .fraction(numerators: numerators, denominator: Int(beatType))
    }
  }

  static func clef(_ element: XMLElement) -> Clef? {
    let line = element.childNumber("line").map { Int($0) }
    let shift = Int(element.childNumber("clef-octave-change") ?? 0)
    switch element.childText("sign") {
    case "G": return Clef(shape: .treble, line: line, octaveShift: shift)
    case "F": return Clef(shape: .bass, line: line, octaveShift: shift)
    case "C": return Clef(shape: .alto, line: line, octaveShift: shift)
    case "percussion": return Clef(shape: .percussion)
    case "none", "TAB": return Clef(shape: .none)
    default: return nil
    }
  }
}

extension NoteValue {
  /// The length a MusicXML `<type>` with `dots` dots names, nil for an unknown name.
  static func length(of type: String, dots: Int = 0) -> Rational? {
    guard let base = types.first(where: { $0.1 == type })?.0 else { return nil }
    return NoteValue(base: base, type: type, dots: min(dots, 4)).length
  }
}
