/// "Did you mean …?" for a mistyped subcommand or option: the closest known name by edit
/// distance (insertions, deletions, substitutions and swaps of neighbours each cost one),
/// when it is close enough to be the likely intent — at most one edit for a name of up to
/// four letters, else a third of the name's length.
public enum Suggestion {
  public static func closest(to original: String, among names: some Sequence<String>) -> String? {
    let typed = Array(original.lowercased())
    var best: (name: String, distance: Int)?
    for name in names {
      let distance = Self.distance(typed, Array(name.lowercased()))
      if distance < (best?.distance ?? Int.max) || (distance == best?.distance && name < best!.name) {
        best = (name, distance)
      }
    }
    // Letter case counts as no edit ("--Template" → "--template"); the name itself is no hint.
    guard let best, best.name != original, best.distance <= max(1, typed.count / 3) else { return nil }
    return best.name
  }

  /// A hint sentence for a typed name, or "" when nothing is close.
  public static func hint(for typed: String, among names: some Sequence<String>) -> String {
    closest(to: typed, among: names).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits).
  public static func distance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
