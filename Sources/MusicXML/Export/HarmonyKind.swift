/// MusicXML `<kind>` values for chord-symbol suffixes, and back.
enum HarmonyKind {
  /// Suffixes as ABC tunes write them and the kinds they name; the first suffix of a kind
  /// is the one import writes.
  static let table: [(String, String)] = [
    ("", "major"), ("m", "minor"), ("min", "minor"), ("-", "minor"), ("7", "dominant"),
    ("maj7", "major-seventh"), ("M7", "major-seventh"), ("Δ", "major-seventh"), ("m7", "minor-seventh"),
    ("min7", "minor-seventh"), ("-7", "minor-seventh"), ("dim", "diminished"), ("o", "diminished"),
    ("°", "diminished"), ("dim7", "diminished-seventh"), ("o7", "diminished-seventh"),
    ("m7b5", "half-diminished"), ("ø", "half-diminished"), ("aug", "augmented"), ("+", "augmented"),
    ("6", "major-sixth"), ("m6", "minor-sixth"), ("9", "dominant-ninth"), ("maj9", "major-ninth"),
    ("m9", "minor-ninth"), ("11", "dominant-11th"), ("13", "dominant-13th"), ("sus4", "suspended-fourth"),
    ("sus", "suspended-fourth"), ("sus2", "suspended-second"), ("5", "power"), ("mmaj7", "major-minor"),
  ]

  static func kind(of suffix: String) -> String { byName[suffix] ?? "other" }

  static func suffix(of kind: String) -> String? { byKind[kind] }

  private static let byName: [String: String] = Dictionary(table, uniquingKeysWith: { first, _ in first })
  private static let byKind: [String: String] = Dictionary(
    table.map { ($0.1, $0.0) }, uniquingKeysWith: { first, _ in first })
}
