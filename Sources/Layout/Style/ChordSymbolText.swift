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

 Limits. No superscript extensions or °/ø/Δ styles yet.
 */

/// The printed form of a chord symbol.
enum ChordSymbolText {
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
