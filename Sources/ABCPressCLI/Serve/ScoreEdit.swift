import ABCParser
import ScoreModel

/*
 ScoreEdit — editing on the score: a key pressed on a selected note becomes an edit of the
 ABC text, so the text stays the one truth and the editor's undo takes it back.

 Method. The note is found by the parser: the event (note, chord or rest) of the tune whose
 source range holds the selected line and column. Its text — from the range's start to its
 end on that line — is read as ABC writes a note: decorations, chord symbols and grace
 notes before it (kept as they are), then accidentals, a letter, octave marks, a length
 and a tie (or `[…]` around several heads, or a rest `z`/`x`). The action rewrites only
 the heads or the length:
   - `up`/`down`: each head a step of the scale (its letter), its written accidental
     dropped so the key signature (and the bar's accidentals) decide;
   - `octaveUp`/`octaveDown`: each head an octave (case and `'`/`,` marks); `step` with a
     value: that many steps (a head dragged on the score), the accidental kept only for
     whole octaves;
   - `insert` with a letter: a note of that letter after this one, as long, in the octave
     nearest to it (selected next);
   - `length` with a value (`1`–`9`, `/`, `/2`, `3/2`): the length suffix;
   - `sharp`, `flat`, `natural`: the accidental of each head (typed again, removed);
   - `delete`: a note becomes a rest of its length; a rest is removed.
 The answer is the replaced range and its text, and where the edited note then starts.

 Example: in `K:G`, `^f2` with `down` becomes `e2`; `C,3/2` with `octaveUp` `C3/2`; `[CEG]`
 with `length 2` `[CEG]2`; `!trill!c` with `delete` `!trill!z`.

 Known limits: a head moved into a bar where an earlier note has an accidental on its
 letter takes that accidental (as ABC reads it); broken rhythm (`>`) and tuplets are kept
 as written, so a new length inside them is the written one.
 */

/// One edit of the text made on the score.
struct ScoreEdit: Equatable {
  /// The replaced text: its line and columns (1-based, Unicode scalars, end exclusive).
  var line: Int
  var start: Int
  var end: Int
  var replacement: String
  /// Where the note to select afterwards starts, when it is not the edited one (an inserted
  /// note).
  var selectColumn: Int?

  /// The edit `action` (with `value`) of the event at `line`:`column` of `text`, a tune
  /// (with any file header) as parsed on its own; nil when there is no note or rest there
  /// or the action does not apply.
  static func make(text: String, line: Int, column: Int, action: String, value: String? = nil) -> ScoreEdit? {
    let book = ABCParser.parse(text).tunebook
    let here = SourceLocation(line: line, column: column)
    var found: SourceRange?
    var isRest = false
    var context: BarContext?
    for tune in book.tunes {
      for voice in tune.voices {
        for (index, element) in voice.elements.enumerated() {
          switch element {
          case .note(let note)
          where note.range.start.line == line && note.range.start <= here && here < note.range.end:
            found = note.range
            context = BarContext(tune: tune, elements: voice.elements, index: index)
          case .rest(let rest)
          where rest.range.start.line == line && rest.range.start <= here && here < rest.range.end:
            found = rest.range
            isRest = true
          default: continue
          }
        }
      }
    }
    guard let range = found else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard line >= 1, line <= lines.count else { return nil }
    let scalars = Array(lines[line - 1].unicodeScalars)
    let endColumn = range.end.line == line ? range.end.column : scalars.count + 1
    guard range.start.column >= 1, endColumn - 1 <= scalars.count, range.start.column < endColumn else {
      return nil
    }
    let written = Array(scalars[(range.start.column - 1)..<(endColumn - 1)])
    guard var token = NoteToken(written) else { return nil }
    if token.isRest != isRest { return nil }
    switch action {
    case "up", "down", "octaveUp", "octaveDown", "step":
      guard !token.isRest else { return nil }
      let steps = ["up": 1, "down": -1, "octaveUp": 7, "octaveDown": -7][action] ?? Int(value ?? "") ?? 0
      guard steps != 0, abs(steps) <= 35 else { return nil }
      token.heads = token.heads.map { head in
        var head = head
        head.step += steps
        // Octaves keep the accidental; other steps let the key decide — written out when
        // an earlier note of the bar has an accidental that would carry over to it.
        if steps % 7 != 0 { head.accidental = context?.keyAccidental(forStep: head.step) ?? "" }
        return head
      }
    case "insert":
      // A note of the letter typed, after this one, as long, in the octave nearest to it.
      guard let value, value.count == 1, let letter = "CDEFGAB".firstIndex(of: Character(value.uppercased()))
      else { return nil }
      let offset = "CDEFGAB".distance(from: "CDEFGAB".startIndex, to: letter)
      let near = token.heads.first?.step ?? 34
      let step = (-1...1).map { near - ((near % 7) + 7) % 7 + offset + 7 * $0 }.min {
        abs($0 - near) < abs($1 - near)
      }!
      // (After the note's tie, which stays with it.)
      var end = endColumn
      var written = token.text
      while end - 1 < scalars.count, scalars[end - 1] == "-" {
        written += "-"
        end += 1
      }
      let inserted = NoteToken.Head(accidental: "", step: step).text + token.length
      return ScoreEdit(
        line: line, start: range.start.column, end: end, replacement: written + inserted,
        selectColumn: range.start.column + written.unicodeScalars.count)
    case "length":
      guard let value, value.unicodeScalars.allSatisfy({ "0123456789/".unicodeScalars.contains($0) }),
        value.count <= 4
      else { return nil }
      token.length = value == "1" ? "" : value
    case "sharp", "flat", "natural":
      guard !token.isRest else { return nil }
      let mark = ["sharp": "^", "flat": "_", "natural": "="][action]!
      token.heads = token.heads.map { head in
        var head = head
        head.accidental = head.accidental == mark ? "" : mark
        return head
      }
    case "delete":
      if token.isRest {
        token = NoteToken(
          prefix: token.prefix, heads: [], isRest: true, restLetter: "", length: "", suffix: "")
      } else {
        token = NoteToken(
          prefix: token.prefix, heads: [], isRest: true, restLetter: "z", length: token.length, suffix: "")
      }
    default: return nil
    }
    return ScoreEdit(line: line, start: range.start.column, end: endColumn, replacement: token.text)
  }
}

/// A note's text as ABC writes it: what stands before the heads, the heads, the length and
/// what follows (a tie).
struct NoteToken {
  /// One head: accidentals, and its step (C4 = 28: 7 a octave, C = 0 … B = 6).
  struct Head {
    var accidental: String
    var step: Int
    /// A chord head's own length or tie, kept.
    var tail = ""

    var text: String {
      let letters = Array("CDEFGAB")
      let octave = Int((Double(step) / 7).rounded(.down))
      let letter = letters[((step % 7) + 7) % 7]
      if octave >= 5 {
        return accidental + String(letter).lowercased() + String(repeating: "'", count: octave - 5) + tail
      }
      return accidental + String(letter) + String(repeating: ",", count: max(0, 4 - octave)) + tail
    }
  }

  var prefix: String
  var heads: [Head]
  var isRest: Bool
  var restLetter: String
  var length: String
  var suffix: String
  var isChord = false

  init(prefix: String, heads: [Head], isRest: Bool, restLetter: String, length: String, suffix: String) {
    (self.prefix, self.heads, self.isRest, self.restLetter, self.length, self.suffix) =
      (prefix, heads, isRest, restLetter, length, suffix)
  }

  /// Reads `scalars`; nil when they are not one note, chord or rest.
  init?(_ scalars: [Unicode.Scalar]) {
    var index = 0
    var prefix = ""
    // Decorations, chord symbols and annotations, grace notes: kept as written.
    while index < scalars.count {
      let closing: Unicode.Scalar? =
        switch scalars[index] {
        case "!": "!"
        case "+": "+"
        case "\"": "\""
        case "{": "}"
        default: nil
        }
      if let closing {
        guard let end = scalars[(index + 1)...].firstIndex(of: closing) else { return nil }
        prefix += String(String.UnicodeScalarView(scalars[index...end]))
        index = end + 1
      } else if ".~HIJKLMNOPQRSTUVWhijklmnopqrstuvw(".unicodeScalars.contains(scalars[index]) {
        prefix.unicodeScalars.append(scalars[index])
        index += 1
      } else {
        break
      }
    }
    self.prefix = prefix
    heads = []
    isRest = false
    restLetter = ""
    func head() -> Head? {
      var accidental = ""
      while index < scalars.count, "^_=".unicodeScalars.contains(scalars[index]) {
        accidental.unicodeScalars.append(scalars[index])
        index += 1
      }
      guard index < scalars.count,
        let position = "CDEFGABcdefgab".unicodeScalars.firstIndex(of: scalars[index])
      else { return nil }
      let offset = "CDEFGABcdefgab".unicodeScalars.distance(
        from: "CDEFGABcdefgab".unicodeScalars.startIndex, to: position)
      var step = (offset < 7 ? 28 : 35) + offset % 7
      index += 1
      while index < scalars.count, scalars[index] == "'" || scalars[index] == "," {
        step += scalars[index] == "'" ? 7 : -7
        index += 1
      }
      return Head(accidental: accidental, step: step)
    }
    guard index < scalars.count else { return nil }
    if "zxZX".unicodeScalars.contains(scalars[index]) {
      isRest = true
      restLetter = String(scalars[index])
      index += 1
    } else if scalars[index] == "[" {
      isChord = true
      index += 1
      while index < scalars.count, scalars[index] != "]" {
        guard var one = head() else { return nil }
        // A head's own length or tie inside the chord stays with it.
        while index < scalars.count, "0123456789/-".unicodeScalars.contains(scalars[index]) {
          one.tail.unicodeScalars.append(scalars[index])
          index += 1
        }
        heads.append(one)
      }
      guard index < scalars.count else { return nil }
      index += 1
    } else {
      guard let one = head() else { return nil }
      heads = [one]
    }
    var length = ""
    while index < scalars.count, "0123456789/".unicodeScalars.contains(scalars[index]) {
      length.unicodeScalars.append(scalars[index])
      index += 1
    }
    self.length = length
    suffix = String(String.UnicodeScalarView(scalars[index...]))
  }

  var text: String {
    if isRest { return restLetter.isEmpty ? prefix : prefix + restLetter + length + suffix }
    let written = heads.map(\.text).joined()
    return prefix + (isChord ? "[" + written + "]" : written) + length + suffix
  }
}

/// Where an edited note stands: its voice's elements before it in the bar, and the key in
/// effect, so that a moved head sounds as the key says.
struct BarContext {
  let tune: Tune
  let elements: [VoiceElement]
  let index: Int

  /// The accidental to write on a head moved to `step` (C4 = 28): none when the key alone
  /// decides it, or the key's own (`^`, `_`, `=`) when an accidental written earlier in the
  /// bar on that letter (and octave, as the tune propagates them) would otherwise apply.
  func keyAccidental(forStep step: Int) -> String {
    guard tune.accidentalPropagation != .not, let letter = Step(rawValue: ((step % 7) + 7) % 7) else {
      return ""
    }
    let octave = Int((Double(step) / 7).rounded(.down))
    var key: KeySignature?
    var carried = false
    var inBar = true
    for element in elements[..<index].reversed() {
      switch element {
      case .bar: inBar = false
      case .keyChange(let change, _) where key == nil: key = change
      case .note(let note) where inBar:
        carried =
          carried
          || note.heads.contains {
            $0.accidental != nil && $0.pitch.step == letter
              && (tune.accidentalPropagation == .pitch || $0.pitch.octave == octave)
          }
      default: break
      }
      // Past the bar line only the key in effect is wanted, and only when something carries.
      if !inBar && (!carried || key != nil) { break }
    }
    return carried ? (key ?? tune.initialKey).accidentalText(for: letter) : ""
  }
}

extension KeySignature {
  /// The accidental that writes out what this key does to `step` (`=` for none).
  fileprivate func accidentalText(for step: Step) -> String {
    switch alter(for: step) {
    case 2: "^^"
    case 1: "^"
    case -1: "_"
    case -2: "__"
    default: "="
    }
  }
}
