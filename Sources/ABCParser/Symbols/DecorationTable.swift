import ScoreModel

/// Canonical decoration names, their aliases and the default one-letter shortcuts.
///
/// ABC 2.1 §4.14 lists the names; several have a second spelling (`!>!` is `accent`,
/// `!<(!` is `crescendo(`). The parser stores the canonical spelling so later stages
/// compare one name. Names outside the list are kept as written (a stylesheet may
/// define them with `%%deco`) and get a `note` diagnostic.
enum DecorationTable {
  /// Every name the standard defines, plus common abcm2ps ones, in canonical spelling.
  static var known: Set<String> { Decoration.knownNames }

  /// Second spellings and their canonical names.
  static let aliases: [String: String] = [
    ">": "accent", "emphasis": "accent", "<(": "crescendo(", "<)": "crescendo)",
    ">(": "diminuendo(", ">)": "diminuendo)", "+": "plus", "dimin(": "diminuendo(",
    "dimin)": "diminuendo)",
  ]

  /// The standard shortcuts `.~HLMOPSTuv`, and abcm2ps's `J` (slide) and `R` (roll)
  /// (before any `U:` redefinition).
  static let shortcuts: [Unicode.Scalar: String] = [
    ".": "staccato", "~": "roll", "H": "fermata", "L": "accent", "M": "lowermordent", "O": "coda",
    "P": "uppermordent", "S": "segno", "T": "trill", "u": "upbow", "v": "downbow", "J": "slide", "R": "roll",
  ]

  /// The canonical spelling of `name`.
  static func canonical(_ name: String) -> String { aliases[name] ?? name }

  /// True when `name` (canonical) is one the standard or abcm2ps defines.
  static func isKnown(_ name: String) -> Bool { known.contains(name) }

  /// True for the symbols `U:` may redefine: `H`–`W`, `h`–`w` and `~`.
  static func isRedefinable(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "~" || ("H"..."W").contains(scalar) || ("h"..."w").contains(scalar)
  }
}
