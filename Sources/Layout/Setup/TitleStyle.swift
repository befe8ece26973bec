/// How a tune's heading is set: title alignment, capitals, and which fields print.
public struct TitleStyle: Hashable, Sendable {
  /// Where titles sit across the measure.
  public var alignment: TextAlignment = .center
  /// Titles in capitals (`%%titlecaps`).
  public var capitals = false
  /// Header letters whose fields print (`%%writefields`): `T` titles, `C` composer, `O`
  /// origin, `R` rhythm, `X` the reference number before the title, `Q` tempo, `W` words,
  /// `N` notes and `H` history after the tune.
  public var fields: Set<Character> = ["T", "C", "O", "P", "R", "Q", "W"]
  /// `%%titletrim` (abcm2ps, on by default): a trailing article after a comma moves to the
  /// front ("Kesh, The" → "The Kesh"). 0 turns it off; 1 takes a single word of up to
  /// five letters; a larger number, a tail of up to that many characters after ", ".
  public var trim = 1

  public init() {}

  /// `title` as printed: trimmed, and chord names in it with real ♭ and ♯ (the heading,
  /// the running heads and the contents alike).
  public func printed(_ title: String) -> String {
    ChordSymbolText.inTitle(trimmed(title))
  }

  /// `title` as printed under `trim`: "Name, The" → "The Name", as abcm2ps does (the tail
  /// after the last comma, a space then a capital, short enough).
  public func trimmed(_ title: String) -> String {
    guard trim > 0, let comma = Self.lastComma(in: title) else { return title }
    let tail = title[title.index(after: comma)...]
    guard tail.first == " ", let capital = tail.dropFirst().first, capital.isUppercase else { return title }
    let word = tail.dropFirst()
    let fits = trim == 1 ? word.count <= 5 && !word.contains(" ") : word.count <= trim
    guard fits else { return title }
    return word + " " + title[..<comma]
  }

  /// The last comma of `title`: found among its bytes when it is ASCII (every byte a
  /// character; walking characters back from the end was most of setting a title), else
  /// among its characters.
  static func lastComma(in title: String) -> String.Index? {
    guard title.utf8.allSatisfy({ $0 < 0x80 }) else { return title.lastIndex(of: ",") }
    return title.utf8.lastIndex(of: UInt8(ascii: ","))
  }
}

/// Horizontal placement of a line of text in its column.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
  case left, center, right

  /// The share of spare width placed before the text (0, ½ or 1).
  public var factor: Double {
    switch self {
    case .left: 0
    case .center: 0.5
    case .right: 1
    }
  }
}
