import ScoreModel

/// Splits the text of a quoted string into a placement and the text to print.
///
/// The first character picks the placement: `^` above, `_` below, `<` left, `>`
/// right, `@x,y` at an offset; anything else is a chord symbol. Escapes are resolved
/// (`"^Caf\'e"` → above, `Café`). Example: `"@-5,10 rit."` → free(-5, 10), `rit.`.
enum AnnotationReader {
  /// The text and placement of a string's inner text (without the quotes).
  static func split(_ inner: String) -> (String, TextPlacement) {
    let scalars = Array(inner.unicodeScalars)
    guard let first = scalars.first else { return ("", .chordSymbol) }
    let placement: TextPlacement
    switch first {
    case "^": placement = .above
    case "_": placement = .below
    case "<": placement = .left
    case ">": placement = .right
    case "@": return freePlacement(Array(scalars.dropFirst()))
    default: return (TextEscapes.decode(inner), .chordSymbol)
    }
    let text = String(String.UnicodeScalarView(scalars.dropFirst()))
    return (TextEscapes.decode(text), placement)
  }

  /// `@x,y text`: reads the two optional numbers, then the text.
  static func freePlacement(_ scalars: [Unicode.Scalar]) -> (String, TextPlacement) {
    var index = 0
    /// Reads a signed decimal number at `index`.
    func number() -> Double? {
      let start = index
      if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
      while index < scalars.count, scalars[index].asciiDigit != nil || scalars[index] == "." { index += 1 }
      let text = String(String.UnicodeScalarView(scalars[start..<index]))
      guard let value = Double(text) else {
        index = start
        return nil
      }
      return value
    }
    var x = 0.0
    var y = 0.0
    if let first = number() {
      x = first
      if index < scalars.count, scalars[index] == "," {
        index += 1
        y = number() ?? 0
      }
    }
    while index < scalars.count, scalars[index] == " " { index += 1 }
    let text = String(String.UnicodeScalarView(scalars[index...]))
    return (TextEscapes.decode(text), .free(x: x, y: y))
  }
}
