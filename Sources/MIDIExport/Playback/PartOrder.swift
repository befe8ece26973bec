/// Reads a header `P:` play order into the sequence of part labels to play.
///
/// Method: recursive descent over the ABC 2.1 §3.1.10 grammar — a letter is a part, a
/// number after a letter or a closing parenthesis repeats it, parentheses group, and
/// dots and spaces only make the string readable.
///
/// Example: `A2B` → A A B; `(AB)3` → A B A B A B; `A.(B.C)2` → A B C B C.
///
/// Known limits: characters other than letters, digits, `(`, `)`, `.` and spaces are
/// skipped; an unbalanced `(` is closed at the end of the string. A repeat count is
/// capped at 100 so a typo cannot make a huge performance.
public enum PartOrder {
  /// The labels in play order (empty when the string names no part).
  public static func parse(_ text: String) -> [String] {
    var reader = Reader(characters: Array(text))
    return reader.sequence()
  }

  private struct Reader {
    let characters: [Character]
    var index = 0

    mutating func sequence() -> [String] {
      var result: [String] = []
      while index < characters.count {
        let character = characters[index]
        if character == ")" {
          return result
        }
        index += 1
        var item: [String]
        if character == "(" {
          item = sequence()
          if index < characters.count { index += 1 }  // the ')'
        } else if character.isLetter {
          item = [String(character)]
        } else {
          continue
        }
        let count = min(readCount() ?? 1, 100)
        for _ in 0..<count { result += item }
      }
      return result
    }

    mutating func readCount() -> Int? {
      var digits = ""
      while index < characters.count, let digit = characters[index].wholeNumberValue, digits.count < 4 {
        digits.append(String(digit))
        index += 1
      }
      return Int(digits)
    }
  }
}
