import ABCParser
import ScoreModel

/*
 EditorAssist — completion and hover from the text around the cursor.

 Method. Completion looks at the line up to the cursor: after `%%` it offers directives;
 at the start of a line, field letters (`T:`); after `K:` (or `[K:`), keys and modes;
 after `V:` (or `[V:`), the voices the document defines; after an unclosed `!` in music,
 decorations (the closing `!` inserted). Hover explains the word under the cursor: a
 field, a directive, a decoration, or a note — whose pitch (with the key signature and
 earlier accidentals applied, as the parser reads it) and length come from parsing the
 tune the cursor is in.

     K:D            hover on F in "FAd" → "F♯4 (from the key) — 1/8, an eighth note"
     FAd !tr|       completion after "!tr" → trill, trill(, trill)

 Limits. Chord symbols and lyrics get no completion; `+…+` decorations are not offered.
 */

/// An item of a completion list.
struct CompletionItem {
  var label: String
  /// LSP's CompletionItemKind: 14 keyword, 13 enum, 5 field, 6 variable, 21 constant.
  var kind: Int
  var detail: String
  var insertText: String
}

/// Completion and hover over an analysed document.
enum EditorAssist {
  /// What to offer at the end of `prefix` (the line up to the cursor).
  static func completions(prefix: Substring, voices: [String]) -> [CompletionItem] {
    if prefix.hasPrefix("%%") {
      let typed = prefix.dropFirst(2)
      guard !typed.contains(" ") else { return [] }
      return ABCVocabulary.directives.keys.sorted().filter { $0.hasPrefix(typed) }.map { name in
        CompletionItem(
          label: name, kind: 14, detail: ABCVocabulary.directiveDetail(name) ?? "", insertText: name)
      }
    }
    if prefix.isEmpty || (prefix.count == 1 && prefix.first?.isLetter == true) {
      return ABCVocabulary.fields.filter { prefix.isEmpty || $0.letter == String(prefix) }.map { field in
        CompletionItem(
          label: field.letter + ":", kind: 5, detail: field.name + " — " + field.meaning,
          insertText: field.letter + ":")
      }
    }
    if let typed = fieldValue(prefix, letter: "K") {
      guard !typed.contains(" ") else { return [] }
      return ABCVocabulary.keys.filter { $0.lowercased().hasPrefix(typed.lowercased()) }.map { key in
        CompletionItem(label: key, kind: 21, detail: keyDetail(key), insertText: key)
      }
    }
    if let typed = fieldValue(prefix, letter: "V") {
      guard !typed.contains(" ") else { return [] }
      return voices.filter { $0.hasPrefix(typed) }.map {
        CompletionItem(label: $0, kind: 6, detail: "voice", insertText: $0)
      }
    }
    if let typed = openDecoration(prefix) {
      return ABCVocabulary.decorationNames.filter { $0.hasPrefix(typed) }.map { name in
        CompletionItem(
          label: name, kind: 13, detail: ABCVocabulary.decorations[name] ?? "decoration",
          insertText: name + "!")
      }
    }
    return []
  }

  /// The text typed after `X:` at the line's start or after the last `[X:` inline field.
  static func fieldValue(_ prefix: Substring, letter: Character) -> Substring? {
    if prefix.count >= 2, prefix.first == letter, prefix.dropFirst().first == ":",
      !prefix.contains("]")
    {
      return prefix.dropFirst(2).drop { $0 == " " }
    }
    let opener = "[" + String(letter) + ":"
    guard let range = prefix.range(of: opener, options: .backwards) else { return nil }
    let rest = prefix[range.upperBound...]
    return rest.contains("]") ? nil : rest.drop { $0 == " " }
  }

  /// The decoration name being typed after an unclosed `!` (outside chord symbols), if any.
  static func openDecoration(_ prefix: Substring) -> Substring? {
    guard let first = prefix.first, !(prefix.dropFirst().first == ":" && first.isLetter) else { return nil }
    var inQuote = false
    var open: Substring.Index?
    for index in prefix.indices {
      switch prefix[index] {
      case "\"": inQuote.toggle()
      case "!" where !inQuote: open = open == nil ? prefix.index(after: index) : nil
      case "%" where !inQuote: return nil
      default: break
      }
    }
    guard let open, !prefix[open...].contains(" ") else { return nil }
    return prefix[open...]
  }

  static func keyDetail(_ key: String) -> String {
    guard key != "none", !key.hasPrefix("H") else {
      return key == "none" ? "no key signature" : "Highland bagpipe key"
    }
    let tonicLength = key.count > 1 && (key.dropFirst().first == "#" || key.dropFirst().first == "b") ? 2 : 1
    let tonic = key.prefix(tonicLength).replacingOccurrences(of: "#", with: "♯")
      .replacingOccurrences(of: "b", with: "♭")
    return tonic + " " + (ABCVocabulary.modes[String(key.dropFirst(tonicLength))] ?? "")
  }

  /// The explanation of the word at `column` (1-based, scalars) of `line`, in Markdown;
  /// `notes` gives the notes of the tune the line is in, when the cursor is on music.
  /// `defines` tells whether the document defines a decoration (`%%deco NAME`, or `!NAME!`
  /// on a `U:` line); any other name ABCPress does not know is called unknown, with the
  /// nearest known name.
  static func hover(
    line: Substring, column: Int, notes: () -> [NoteEvent], lineNumber: Int,
    defines: (String) -> Bool = { _ in false }
  ) -> String? {
    let scalars = Array(line.unicodeScalars)
    guard column >= 1, column <= scalars.count + 1 else { return nil }
    let text = String(line)
    if text.hasPrefix("%%") {
      let name = String(text.dropFirst(2).prefix { !$0.isWhitespace })
      return "**%%\(name)**: " + (ABCVocabulary.directiveDetail(name) ?? "a stylesheet directive (abcm2ps).")
    }
    if scalars.count >= 2, scalars[1] == ":", let letter = scalars.first, column <= 2,
      let field = ABCVocabulary.fields.first(where: { $0.letter == String(letter) })
    {
      return "**\(field.letter): \(field.name)** — \(field.meaning)"
    }
    if let name = decoration(in: scalars, at: column - 1) {
      if let meaning = ABCVocabulary.decorations[name] { return "**!\(name)!** — " + meaning }
      if defines(name) { return "**!\(name)!** — a decoration this file defines (by %%deco or U:)." }
      let nearest = Suggestion.closest(to: name, among: ABCVocabulary.decorations.keys)
      return "**!\(name)!** — not a decoration ABCPress knows"
        + (nearest.map { "; did you mean **!\($0)!**?" } ?? ": it is not drawn.")
    }
    guard scalars.count < 2 || scalars[1] != ":" || scalars.first == "|" else { return nil }
    let location = SourceLocation(line: lineNumber, column: column)
    guard
      let note = notes().first(where: { $0.range.start <= location && location < $0.range.end })
    else { return nil }
    return describe(note)
  }

  /// Whether `text` defines the decoration `name`: `%%deco name …`, or `!name!` (or
  /// `+name+`) on a `U:` line.
  static func defines(_ name: String, in text: String) -> Bool {
    text.split(separator: "\n", omittingEmptySubsequences: true).contains { line in
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("%%deco") {
        return trimmed.dropFirst(6).split(separator: " ", maxSplits: 1).first.map(String.init) == name
      }
      return trimmed.hasPrefix("U:") && (trimmed.contains("!\(name)!") || trimmed.contains("+\(name)+"))
    }
  }

  /// The decoration name between two `!` around `index` (0-based), if any.
  static func decoration(in scalars: [Unicode.Scalar], at index: Int) -> String? {
    guard index < scalars.count else { return nil }
    var open: Int?
    for position in 0..<scalars.count where scalars[position] == "!" {
      if let start = open {
        if start < index && index <= position || index == start {
          return String(String.UnicodeScalarView(scalars[(start + 1)..<position]))
        }
        open = nil
      } else {
        open = position
      }
    }
    return nil
  }

  /// A note's pitch and length in words.
  static func describe(_ note: NoteEvent) -> String {
    let pitches = note.heads.map { head -> String in
      let sign = ["𝄫", "♭", "", "♯", "𝄪"][max(0, min(4, head.soundingAlter + 2))]
      let shown = head.accidental == .natural ? "♮" : sign
      var name = "\(head.pitch.step.letter)\(shown)\(head.pitch.octave)"
      if head.accidental == nil && head.soundingAlter != 0 {
        name += " (from the key or an earlier accidental)"
      }
      return name
    }
    let kind = note.heads.count > 1 ? "Chord" : "Note"
    return "**\(kind)** \(pitches.joined(separator: ", ")) — " + lengthName(note.displayDuration)
      + (note.writtenDuration != nil ? " (in a tuplet: sounds \(note.duration))" : "")
  }

  /// `1/8, an eighth note (quaver)` and the like.
  static func lengthName(_ length: Rational) -> String {
    let names: [Rational: String] = [
      Rational(2, 1): "a breve", Rational(1, 1): "a whole note (semibreve)",
      Rational(1, 2): "a half note (minim)",
      Rational(1, 4): "a quarter note (crotchet)", Rational(1, 8): "an eighth note (quaver)",
      Rational(1, 16): "a sixteenth note (semiquaver)",
      Rational(1, 32): "a thirty-second note (demisemiquaver)",
      Rational(1, 64): "a sixty-fourth note",
    ]
    if let name = names[length] { return "\(length), \(name)" }
    if let name = names[length * Rational(2, 3)] {
      return "\(length), dotted " + name.dropFirst(name.hasPrefix("an") ? 3 : 2)
    }
    if let name = names[length * Rational(4, 7)] {
      return "\(length), double-dotted " + name.dropFirst(name.hasPrefix("an") ? 3 : 2)
    }
    return "\(length) of a whole note"
  }
}
