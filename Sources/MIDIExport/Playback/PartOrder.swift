import ScoreModel

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
/// capped at `Limits.partRepeatCount`, groups nest at most `Limits.playOrderNesting`
/// deep (deeper parentheses are skipped), and the order stops at
/// `Limits.playedPartsPerTune` labels, so `P:((((A)99)99)99)99` cannot make a huge
/// performance.
public enum PartOrder {
  /// The labels in play order (empty when the string names no part).
  public static func parse(_ text: String) -> [String] {
    read(text).labels
  }

  /// The labels in play order, and whether the order was cut at
  /// `Limits.playedPartsPerTune` labels.
  public static func read(_ text: String) -> (labels: [String], cut: Bool) {
    var reader = Reader(characters: Array(text))
    let labels = reader.sequence(depth: 0)
    return (labels, reader.cut)
  }

  private struct Reader {
    let characters: [Character]
    var index = 0
    var cut = false

    mutating func sequence(depth: Int) -> [String] {
      var result: [String] = []
      while index < characters.count {
        let character = characters[index]
        if character == ")" {
          return result
        }
        index += 1
        var item: [String]
        if character == "(" && depth >= Limits.playOrderNesting {
          skipGroup()
          item = []
        } else if character == "(" {
          item = sequence(depth: depth + 1)
          if index < characters.count { index += 1 }  // the ')'
        } else if character.isLetter {
          item = [String(character)]
        } else {
          continue
        }
        let count = min(readCount() ?? 1, Limits.partRepeatCount)
        for _ in 0..<count where !item.isEmpty {
          guard result.count + item.count <= Limits.playedPartsPerTune else {
            result += item.prefix(Limits.playedPartsPerTune - result.count)
            cut = true
            break
          }
          result += item
        }
      }
      return result
    }

    /// Skips a group nested too deeply, up to and including its `)`, without recursion.
    mutating func skipGroup() {
      var open = 1
      while index < characters.count, open > 0 {
        if characters[index] == "(" { open += 1 } else if characters[index] == ")" { open -= 1 }
        index += 1
      }
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
