import DisplayList

/*
 ChordSymbolText — chord symbols as they are printed: real flat and sharp signs.

 Method. ABC writes chord symbols with ASCII accidentals (`"Bb"`, `"F#m7"`, `"C7b9"`,
 `"Gm/Bb"`). A `b` or `#` is an accidental, and becomes ♭ or ♯, right after a root or
 bass letter (A–G at the start, after `/` or `(`) and before a digit of an alteration
 (`b9`, `#11`, `b5`); `bb` and `##` after a letter are two signs (the text fonts lack
 𝄫 and 𝄪). Anything that does not
 start with a note letter ("N.C.", "(break)", "tacet") is left as written, and so are
 words inside a chord ("Bbsus4" keeps its "sus").

     "Bb"  → "B♭"     "F#m7b5" → "F♯m7♭5"     "Gm/Bb" → "Gm/B♭"     "N.C." → "N.C."

 Styles (`ChordSymbolStyle`, the template's `music.chord-style`): `runs` splits a symbol
 into root, quality, extension and bass. The superscript style sets the extension raised
 and at 70 % size (LilyPond's and the Real Book's way); the jazz style also writes
 maj7 as Δ7, m7b5 as ø7, dim as °.

     "Cmaj7/E" (jazz) → "C" + raised "Δ7" + "/E"     "Am7" (superscript) → "Am" + raised "7"

 Limits. Text fonts lack 𝄫 and 𝄪 (written as two signs); extensions in parentheses,
 `C7(b9)`, are raised whole; a chord that does not start with A–G is one plain run.
 */

/// The printed form of a chord symbol.
enum ChordSymbolText {
  /// A piece of a chord symbol in one size: raised runs are extensions.
  struct Run: Equatable {
    var text: String
    var isRaised: Bool
  }

  /// The symbol's runs in `style`: root and quality, raised extensions, then the bass.
  static func runs(_ text: String, style: ChordSymbolStyle) -> [Run] {
    guard style != .plain, let first = text.first, "ABCDEFG".contains(first) else {
      return [Run(text: typeset(text), isRaised: false)]
    }
    var rest = Substring(text).dropFirst()
    var root = String(first)
    while let sign = rest.first, "b#♭♯".contains(sign) {
      root.append(sign)
      rest = rest.dropFirst()
    }
    var bass = ""
    if let slash = rest.lastIndex(of: "/"), let letter = rest[rest.index(after: slash)...].first,
      "ABCDEFG".contains(letter)
    {
      bass = "/" + typeset(String(rest[rest.index(after: slash)...]))
      rest = rest[..<slash]
    }
    var middle = String(rest)
    if style == .jazz { middle = jazzSigns(middle) }
    // The quality stays on the line: minor, augmented; the rest is the extension.
    var quality = ""
    for prefix in ["min", "m", "-", "aug", "+"] where middle.hasPrefix(prefix) && !middle.hasPrefix("maj") {
      quality = prefix == "min" ? "m" : prefix
      middle.removeFirst(prefix.count)
      break
    }
    var result = [Run(text: typeset(root) + quality, isRaised: false)]
    if !middle.isEmpty { result.append(Run(text: String(typeset("C" + middle).dropFirst()), isRaised: true)) }
    if !bass.isEmpty { result.append(Run(text: bass, isRaised: false)) }
    return result
  }

  /// A chord symbol measured: each run with its font, offset and rise (staff spaces), and
  /// the whole symbol's width (staff spaces), ascent and descent (points).
  struct Measured {
    var runs: [(text: String, font: FontSpec, dx: Double, rise: Double, extent: TextExtent)] = []
    var width = 0.0
    var extent = TextExtent(width: 0, ascent: 0, descent: 0)
  }

  /// `text` set in `style` and measured: raised runs at 70 % size, 0.38 em up.
  static func measure(
    _ text: String, style: ChordSymbolStyle, font: FontSpec, measurer: some TextMeasurer, scale: Double
  ) -> Measured {
    var result = Measured()
    var small = font  // the family's hash kept
    small.size = font.size * 0.7
    for run in runs(text, style: style) {
      let runFont = run.isRaised ? small : font
      let extent = measurer.measure(run.text, font: runFont)
      let rise = run.isRaised ? font.size * 0.38 : 0
      result.runs.append((run.text, runFont, result.width, rise / scale, extent))
      result.width += extent.width / scale
      result.extent.ascent = max(result.extent.ascent, extent.ascent + rise)
      result.extent.descent = max(result.extent.descent, extent.descent - rise)
    }
    result.extent.width = result.width * scale
    return result
  }

  /// A title with the chord names in it printed with real signs, whole words only
  /// ("Blues in Bb" → "Blues in B♭", "F# Minor Reel" → "F♯ Minor Reel"; "Abby" stays).
  static func inTitle(_ title: String) -> String {
    // Most titles have no such word and are returned as they are, found by their bytes
    // ("Abend", "Ebbe" and "Abby's" start like a chord but do not end like one).
    guard hasChordWord(title) else { return title }
    let words = title.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
      let core = word.prefix { !",.;:!?)'’".contains($0) }
      let rest = word.dropFirst(core.count)
      guard core.count >= 2, let first = core.first, "ABCDEFG".contains(first),
        "b#".contains(core[core.index(after: core.startIndex)]),
        ["", "m", "m7", "7", "6", "9", "maj7", "dim", "sus4", "min", "maj"].contains(
          String(core.dropFirst(2)))
      else { return String(word) }
      return typeset(String(core)) + rest
    }
    return words.joined(separator: " ")
  }

  /// The chord qualities a title's chord word may have after its root, as their bytes
  /// packed into a word (first byte lowest) with their length.
  private static let titleQualities: [(bytes: UInt64, count: Int)] =
    ["", "m", "m7", "7", "6", "9", "maj7", "dim", "sus4", "min", "maj"].map { quality in
      (quality.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) }, quality.utf8.count)
    }

  /// Whether a word of `title` (between spaces) may be a chord name to typeset: A–G, `b`
  /// or `#`, one of `titleQualities`, then the word's end or punctuation. Every word
  /// `inTitle` changes is one of these (a word with other characters in it is not), so a
  /// title without one is returned unchanged. Read a byte at a time, each word's first
  /// eight bytes kept in one integer.
  static func hasChordWord(_ title: String) -> Bool {
    var word: UInt64 = 0
    var count = 0
    for byte in title.utf8 {
      if byte == 0x20 {
        if isChordWord(word, count: count) { return true }
        (word, count) = (0, 0)
        continue
      }
      if count < 8 { word |= UInt64(byte) << (8 * UInt64(count)) }
      count += 1
    }
    return isChordWord(word, count: count)
  }

  /// `hasChordWord`'s test of one word: its first eight bytes packed, and its length.
  private static func isChordWord(_ word: UInt64, count: Int) -> Bool {
    guard count >= 2 else { return false }
    let root = UInt8(truncatingIfNeeded: word)
    let sign = UInt8(truncatingIfNeeded: word >> 8)
    guard root >= 0x41 && root <= 0x47, sign == 0x62 || sign == 0x23 else { return false }
    // The quality runs to the first punctuation mark (`’` starts with 0xE2) or the end; one
    // longer than the six bytes kept cannot match.
    var end = 2
    while end < min(count, 8) {
      switch UInt8(truncatingIfNeeded: word >> (8 * UInt64(end))) {
      case 0x2C, 0x2E, 0x3B, 0x3A, 0x21, 0x3F, 0x29, 0x27, 0xE2: break
      default:
        end += 1
        continue
      }
      break
    }
    if end == 8 && count > 8 { return false }
    let length = end - 2
    let quality = length == 0 ? 0 : (word >> 16) & (UInt64.max >> (64 - 8 * UInt64(length)))
    return titleQualities.contains { $0.count == length && $0.bytes == quality }
  }

  /// Jazz shorthand for the quality: Δ major seventh, ø half-diminished, ° diminished.
  static func jazzSigns(_ text: String) -> String {
    for (long, sign) in [
      ("m7b5", "ø7"), ("min7b5", "ø7"), ("-7b5", "ø7"), ("maj", "Δ"), ("Maj", "Δ"), ("ma", "Δ"),
      ("M", "Δ"), ("dim", "°"), ("o", "°"),
    ] where text.hasPrefix(long) {
      return sign + text.dropFirst(long.count)
    }
    return text
  }

  static func typeset(_ text: String) -> String {
    guard let first = text.first, "ABCDEFG".contains(first), text.contains(where: { $0 == "b" || $0 == "#" })
    else { return text }
    let characters = Array(text)
    var result = ""
    var index = 0
    var afterLetter = false
    while index < characters.count {
      let character = characters[index]
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      let isSign = character == "b" || character == "#"
      if isSign && afterLetter {
        if next == character {
          result += character == "b" ? "♭♭" : "♯♯"
          index += 2
        } else {
          result += character == "b" ? "♭" : "♯"
          index += 1
        }
        afterLetter = false
        continue
      }
      if isSign, let next, next.isNumber {
        result += character == "b" ? "♭" : "♯"
        index += 1
        continue
      }
      // A root or bass letter: at the start, after `/` or `(`.
      let previous = index > 0 ? characters[index - 1] : nil
      afterLetter = "ABCDEFG".contains(character) && (previous == nil || previous == "/" || previous == "(")
      result.append(character)
      index += 1
    }
    return result
  }
}
