import DisplayList
import ScoreModel

/// A colour scheme applied at paint time: a background, an ink, colours per role (or
/// per group of roles), and optionally the music and text fonts.
public struct Theme: Hashable, Sendable {
  public var name: String
  public var description: String
  public var background: ThemeColor
  public var ink: ThemeColor
  /// Colours by role; roles not listed use `ink`.
  public var colors: [Role: ThemeColor]
  /// A SMuFL music font family (Bravura, Leland, Petaluma); nil keeps the default.
  public var musicFont: String?
  /// A text font family for every text role; nil keeps the template's.
  public var textFont: String?

  public init(
    name: String, description: String = "", background: ThemeColor, ink: ThemeColor,
    colors: [Role: ThemeColor] = [:], musicFont: String? = nil, textFont: String? = nil
  ) {
    self.name = name
    self.description = description
    self.background = background
    self.ink = ink
    self.colors = colors
    self.musicFont = musicFont
    self.textFont = textFont
  }

  /// The colour items of `role` are painted in.
  public func color(for role: Role) -> ThemeColor { colors[role] ?? ink }

  /// Names usable in `[colors]` for several roles at once.
  public static let groups: [String: [Role]] = [
    "staff": [.staffLine, .ledgerLine, .barLine, .repeatDot],
    "signatures": [.clef, .keySignature, .timeSignature],
    "notes": [.notehead, .accidental, .dot, .flag, .rest],
    "stems": [.stem, .beam],
    "lines": [.tie, .slur, .tuplet, .volta],
    "decorations": [.decoration],
    "chords": [.chordSymbol],
    "annotations": [.annotation],
    "lyrics": [.lyric],
    "titles": [.title, .subtitle],
    "info": [.composer, .origin, .rhythm, .tempo, .partLabel, .measureNumber],
    "text": [.text],
    "furniture": [.header, .footer],
  ]

  /// Reads a theme file (Documentation/themes.md); `base` supplies unset values.
  public init(file: StyleFile, base: Theme = .classic) throws(StyleFileError) {
    self = base
    var problems = file.problems
    for (key, value, line) in file.entries {
      do {
        try apply(key: key, value: value, line: line)
      } catch {
        problems.append(error)
      }
    }
    if let error = StyleFileError.combined(problems) { throw error }
  }

  private mutating func apply(key: String, value: String, line: Int) throws(StyleFileError) {
    func colour() throws(StyleFileError) -> ThemeColor {
      guard let color = StyleValues.color(value) else {
        throw StyleFileError(
          line: line,
          message:
            "'\(Diagnostic.excerpt(value))' is not a colour (#rrggbb, a CSS colour name such as red, or none)"
        )
      }
      return color
    }
    switch key {
    case "name": name = value
    case "description": description = value
    case "base": break
    case "background": background = try colour()
    case "ink": ink = try colour()
    case "fonts.music", "music-font": musicFont = value
    case "fonts.text", "text-font": textFont = value
    default:
      guard key.hasPrefix("colors.") else {
        throw StyleFileError(line: line, message: "unknown theme key '\(Diagnostic.excerpt(key))'")
      }
      let name = String(key.dropFirst("colors.".count))
      if let roles = Self.groups[name] {
        let color = try colour()
        for role in roles { colors[role] = color }
      } else if let role = Role.allCases.first(where: { $0.rawValue.lowercased() == name }) {
        colors[role] = try colour()
      } else {
        throw StyleFileError(line: line, message: "unknown role or group '\(Diagnostic.excerpt(name))'")
      }
    }
  }
}
