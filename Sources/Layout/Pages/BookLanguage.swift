/// The words a tune book prints around its music — the contents and index headings, the
/// title page's count of tunes, its date — in English, Irish, German or French
/// (`book --language`, or `book.language` in a template).
public struct BookLanguage: Hashable, Sendable {
  /// The ISO 639-1 code: `en`, `ga`, `de`, `fr`.
  public let code: String
  public let contents: String
  public let index: String
  /// The title of a book whose files give none.
  public let untitled: String
  private let oneTune: String
  private let tunes: String
  private let months: [String]

  /// Every language built in.
  public static let all: [BookLanguage] = [english, irish, german, french]

  public static let english = BookLanguage(
    code: "en", contents: "Contents", index: "Index of Titles", untitled: "Tunes", oneTune: "1 tune",
    tunes: "# tunes",
    months: [
      "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
      "November", "December",
    ])
  /// Counting nouns in Irish mutates them by number, so the title page gives a total.
  public static let irish = BookLanguage(
    code: "ga", contents: "Clár", index: "Innéacs na dTeideal", untitled: "Foinn",
    oneTune: "Líon na bhfonn: 1",
    tunes: "Líon na bhfonn: #",
    months: [
      "Eanáir", "Feabhra", "Márta", "Aibreán", "Bealtaine", "Meitheamh", "Iúil", "Lúnasa", "Meán Fómhair",
      "Deireadh Fómhair", "Samhain", "Nollaig",
    ])
  public static let german = BookLanguage(
    code: "de", contents: "Inhalt", index: "Titelverzeichnis", untitled: "Melodien", oneTune: "1 Melodie",
    tunes: "# Melodien",
    months: [
      "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
      "November", "Dezember",
    ])
  public static let french = BookLanguage(
    code: "fr", contents: "Table des matières", index: "Index des titres", untitled: "Airs", oneTune: "1 air",
    tunes: "# airs",
    months: [
      "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
      "novembre", "décembre",
    ])

  /// The language of a code (`en`, `ga`, `de`, `fr`, any case), nil for another.
  public static func named(_ code: String) -> BookLanguage? {
    all.first { $0.code == code.lowercased() }
  }

  /// "12 tunes", "12 Melodien", …
  public func tuneCount(_ count: Int) -> String {
    count == 1 ? oneTune : tunes.replacingOccurrences(of: "#", with: String(count))
  }

  /// A date as the title page prints it: `1 December 2026`, `1. Dezember 2026`,
  /// `1er décembre 2026`, `1 Nollaig 2026`.
  public func date(day: Int, month: Int, year: Int) -> String {
    let name = months[max(1, min(12, month)) - 1]
    switch code {
    case "de": return "\(day). \(name) \(year)"
    case "fr": return "\(day == 1 ? "1er" : String(day)) \(name) \(year)"
    default: return "\(day) \(name) \(year)"
    }
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
