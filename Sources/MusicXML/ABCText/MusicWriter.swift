import Foundation
import ScoreModel

/// Writes one voice's elements as ABC music lines with their `w:` lyrics.
///
/// Accidentals are written from the sounding pitch: a head gets one when it had one in
/// the source, or when the key and the accidentals earlier in the bar (same letter and
/// octave) would give another pitch. Notes joined by a beam in the model are written
/// without a space between them; the others are spaced.
struct MusicWriter {
  private(set) var text = ""
  private var key: KeySignature
  private var meter: Meter
  /// Alterations written earlier in the bar, by diatonic index.
  private var barAlters: [Int: Int] = [:]
  private var line = ""
  private var verses: [[String]] = []
  private var notesOnLine = 0
  /// How many notes each open tuplet still covers, innermost last.
  private var tupletsLeft: [Int] = []
  /// The tuplet style in force (`[I:tuplets …]` written where a tuplet asks for another).
  private var tupletStyle = TupletStyle()
  private var lastWasNote = false
  private var barsOnLine = 0
  private var breaksEveryFourBars = false

  init(key: KeySignature, meter: Meter) {
    self.key = key
    self.meter = meter
  }

  mutating func write(_ elements: [VoiceElement], staffMoves: [StaffMove] = []) {
    breaksEveryFourBars = !elements.contains {
      if case .lineBreak = $0 { return true }
      return false
    }
    var moves = staffMoves[...]
    for (index, element) in elements.enumerated() {
      // abcm2ps's `[I:staff N]`: the notes from here are drawn on the score's Nth staff.
      while let move = moves.first, move.elementIndex <= index {
        moves.removeFirst()
        switch move.target {
        case .absolute(let number): token("[I:staff \(number)]")
        case .relative(let offset): token("[I:staff \(offset < 0 ? "" : "+")\(offset)]")
        }
      }
      switch element {
      case .note(let note): writeNote(note)
      case .rest(let rest): writeRest(rest)
      case .bar(let bar): writeBar(bar)
      case .lineBreak: endLine()
      case .keyChange(let next, _):
        key = next
        token("[K:" + next.abcText + "]")
      case .meterChange(let next, _):
        meter = next
        token("[M:" + ABCWriter.meterText(next) + "]")
      case .clefChange(let clef, _): token("[K:clef=" + ABCWriter.clefText(clef) + "]")
      case .tupletStart(let tuplet, _):
        if tuplet.style != tupletStyle {
          tupletStyle = tuplet.style
          // ABC has no "number without a bracket": the bracket shows where no beam is.
          let when = tuplet.style.when == .noBracket ? 0 : tuplet.style.when.rawValue
          token(
            "[I:tuplets \(when) \(tuplet.style.shape.rawValue) \(tuplet.style.number.rawValue) \(tuplet.style.side.rawValue)]"
          )
        }
        token("(\(tuplet.p):\(tuplet.q):\(tuplet.r)", spaced: true)
        tupletsLeft.append(tuplet.r)
        lastWasNote = true
      case .tempoChange(let tempo, _):
        if let value = ABCWriter.tempoText(tempo) { token("[Q:" + value + "]") }
      case .partLabel(let label, _): token("[P:" + ABCWriter.oneLine(label) + "]")
      case .sectionTitle(let title, _):
        endLine()
        text += "T:" + ABCWriter.oneLine(title) + "\n"
      case .spacer(let spacer):
        token(Self.prefix(spacer.decorations, spacer.annotations) + "y")
      }
    }
    endLine()
  }

  /// One note or rest of every open tuplet has been written.
  private mutating func countTupletNote() {
    for level in tupletsLeft.indices { tupletsLeft[level] -= 1 }
    tupletsLeft.removeAll { $0 <= 0 }
  }

  private mutating func writeNote(_ note: NoteEvent) {
    var written = note.slurStarts.map { ($0.isDotted ? ".(" : "(") + Self.sideText($0.isBelow) }.joined()
    if let grace = note.graceNotes {
      written += "{" + (grace.isAcciaccatura ? "/" : "")
      for graceNote in grace.notes { written += heads(graceNote, length: graceNote.displayDuration) }
      written += "}"
    }
    written += Self.prefix(note.decorations, note.annotations)
    let length = !tupletsLeft.isEmpty ? note.displayDuration : note.duration
    written += heads(note, length: length)
    written += String(repeating: ")", count: note.slurEnds.count)
    let joined = note.isBeamedWithPrevious && lastWasNote
    token(written, spaced: !joined)
    lastWasNote = true
    countTupletNote()
    addLyrics(note.lyrics)
  }

  private mutating func writeRest(_ rest: RestEvent) {
    var written = Self.prefix(rest.decorations, rest.annotations)
    if let count = rest.measureCount, count >= 1 {
      written += (rest.isVisible ? "Z" : "X") + (count > 1 ? "\(count)" : "")
    } else {
      let length = !tupletsLeft.isEmpty ? rest.displayDuration : rest.duration
      written += (rest.isVisible ? "z" : "x") + Self.lengthText(length)
    }
    token(written)
    lastWasNote = false
    countTupletNote()
  }

  private mutating func writeBar(_ bar: BarLine) {
    var written: String
    switch (bar.repeatsEnd, bar.repeatsStart) {
    case (true, true): written = "::"
    case (true, false): written = ":|"
    case (false, true): written = "|:"
    case (false, false):
      switch bar.style {
      case .single: written = "|"
      case .double: written = "||"
      case .thinThick: written = "|]"
      case .thickThin: written = "[|"
      case .dotted: written = ".|"
      case .invisible: written = "[|]"
      }
    }
    if let label = bar.ending {
      let numeric = label.allSatisfy { $0.isNumber || $0 == "," || $0 == "-" }
      if numeric && (written == "|" || written == ":|") {
        written += label
      } else {
        written += numeric ? " [" + label : " [\"" + ABCWriter.quoted(label) + "\""
      }
    }
    token(Self.prefix(bar.decorations, bar.annotations) + written)
    barAlters = [:]
    lastWasNote = false
    barsOnLine += 1
    if breaksEveryFourBars && barsOnLine >= 4 { endLine() }
  }

  /// The heads of a note or chord with their accidentals, the length and the ties.
  private mutating func heads(_ note: NoteEvent, length: Rational) -> String {
    let lengthText = Self.lengthText(length)
    let ties = note.heads.map { $0.isTiedToNext ? Self.tieText($0) : "" }
    if note.heads.count == 1, let head = note.heads.first {
      return pitch(head) + lengthText + ties[0]
    }
    // One tie after the chord when every head is tied alike, else one inside after each.
    let alike = !ties.isEmpty && !ties[0].isEmpty && ties.allSatisfy { $0 == ties[0] }
    var result = "["
    for (head, tie) in zip(note.heads, ties) { result += pitch(head) + (alike ? "" : tie) }
    return result + "]" + lengthText + (alike ? ties[0] : "")
  }

  /// A head's tie: `-`, `.-` when dotted, with abcm2ps's side mark when the source gives one.
  static func tieText(_ head: NoteHead) -> String {
    (head.isTieDotted ? ".-" : "-") + sideText(head.tieBelow)
  }

  /// abcm2ps's side mark after `(` or `-`: `,` below, `'` above, nothing when free.
  static func sideText(_ below: Bool?) -> String {
    below.map { $0 ? "," : "'" } ?? ""
  }

  /// A head's accidental (when needed) and pitch: `^c'`, `=B,`.
  private mutating func pitch(_ head: NoteHead) -> String {
    let index = head.pitch.diatonicIndex
    let expected = barAlters[index] ?? key.alter(for: head.pitch.step)
    var result = ""
    if head.accidental != nil || head.soundingAlter != expected {
      result += Self.accidentalText(head.soundingAlter)
      barAlters[index] = head.soundingAlter
    }
    let letter = String(head.pitch.step.letter)
    let octave = head.pitch.octave
    if octave >= 5 {
      result += letter.lowercased() + String(repeating: "'", count: octave - 5)
    } else {
      result += letter + String(repeating: ",", count: max(0, 4 - octave))
    }
    return result
  }

  /// The accidental for an alteration (beyond a double one, the double one).
  static func accidentalText(_ alter: Int) -> String {
    (Accidental(rawValue: max(-2, min(2, alter))) ?? .natural).abcText
  }

  /// A length in units of `L:1/8`: `` for 1, `2`, `/`, `3/2`.
  static func lengthText(_ length: Rational) -> String {
    let units = length / ABCWriter.unit
    switch (units.numerator, units.denominator) {
    case (1, 1): return ""
    case (let n, 1): return "\(n)"
    case (1, 2): return "/"
    case (1, let d): return "/\(d)"
    case (let n, let d): return "\(n)/\(d)"
    }
  }

  /// Chord symbols, annotations and decorations written before a note, rest or bar.
  static func prefix(_ decorations: [Decoration], _ annotations: [TextAnnotation]) -> String {
    var result = ""
    for annotation in annotations {
      let sign: String
      switch annotation.placement {
      case .chordSymbol: sign = ""
      case .below: sign = "_"
      case .left: sign = "<"
      case .right: sign = ">"
      case .above, .free: sign = "^"
      }
      // A line break in the words is ABC's `;` between an annotation's lines.
      let text = annotation.text.replacingOccurrences(of: "\n", with: ";")
      result += "\"" + sign + ABCWriter.quoted(text) + "\""
    }
    for decoration in decorations { result += "!" + decoration.name + "!" }
    return result
  }

  private mutating func token(_ value: String, spaced: Bool = true) {
    if spaced && !line.isEmpty { line += " " }
    line += value
  }

  private mutating func addLyrics(_ lyrics: [LyricSyllable?]) {
    while verses.count < lyrics.count { verses.append(Array(repeating: "*", count: notesOnLine)) }
    for verse in verses.indices {
      var word = "*"
      if verse < lyrics.count, let syllable = lyrics[verse], !syllable.text.isEmpty {
        word = Self.lyricText(syllable.text)
        if syllable.continuesWord { word += "-" }
        if syllable.hasExtender { word += " _" }
      }
      verses[verse].append(word)
    }
    notesOnLine += 1
  }

  /// A syllable as a `w:` line writes it: spaces as `~`, a hyphen in the text as `\-`,
  /// and the characters that would align otherwise (`_ * |`) or start a comment left out.
  static func lyricText(_ text: String) -> String {
    var result = ""
    for character in text.trimmingCharacters(in: .whitespacesAndNewlines) {
      switch character {
      case " ", "\t", "\n", "\r", "~": result += "~"
      case "-": result += "\\-"
      case "_", "*", "|", "%", "\\": continue
      default: result.append(character)
      }
    }
    return result.isEmpty ? "*" : result
  }

  private mutating func endLine() {
    guard !line.isEmpty else { return }
    text += line + "\n"
    for verse in verses {
      var words = verse
      while words.last == "*" { words.removeLast() }
      guard !words.isEmpty else { continue }
      var lyric = "w:"
      for word in words {
        if !(lyric.hasSuffix("-") || lyric == "w:") { lyric += " " }
        lyric += word
      }
      text += lyric + "\n"
    }
    line = ""
    verses = []
    notesOnLine = 0
    barsOnLine = 0
  }
}
