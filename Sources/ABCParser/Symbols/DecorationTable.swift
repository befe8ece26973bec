/// Canonical decoration names, their aliases and the default one-letter shortcuts.
///
/// ABC 2.1 §4.14 lists the names; several have a second spelling (`!>!` is `accent`,
/// `!<(!` is `crescendo(`). The parser stores the canonical spelling so later stages
/// compare one name. Names outside the list are kept as written (a stylesheet may
/// define them with `%%deco`) and get a `note` diagnostic.
enum DecorationTable {
  /// Every name the standard defines, plus common abcm2ps ones, in canonical spelling.
  static let known: Set<String> = [
    "trill", "trill(", "trill)", "lowermordent", "uppermordent", "mordent", "pralltriller",
    "roll", "turn", "turnx", "invertedturn", "invertedturnx", "arpeggio", "accent",
    "fermata", "invertedfermata", "tenuto", "0", "1", "2", "3", "4", "5", "plus", "snap",
    "slide", "wedge", "upbow", "downbow", "open", "thumb", "breath", "pppp", "ppp", "pp", "p",
    "mp", "mf", "f", "ff", "fff", "ffff", "sfz", "crescendo(", "crescendo)", "diminuendo(",
    "diminuendo)", "segno", "coda", "D.S.", "D.C.", "dacoda", "dacapo", "fine", "shortphrase",
    "mediumphrase", "longphrase", "staccato", "marcato", "umarcato", "ped", "ped-up", "editorial",
    "courtesy", "beambr1", "beambr2", "beamon", "xstem", "invisible", "dot", "emphasis", "stemless",
    "8va(", "8va)", "8vb(", "8vb)", "15ma(", "15ma)", "trem1", "trem2", "trem3", "trem4", "rbstop",
    "rbend", "cresc", "dim", "sfp", "fp", "sf", "sfs", "rfz", "gmark", "mark", "caesura",
    "ringfinger", "repeatbar", "repeatbar2", "tr", "shortfermata", "longfermata", "verylongfermata",
    "invertedshortfermata", "invertedlongfermata", "ped)", "ped(", "dacs", "D.C.alfine",
    "D.C.alcoda", "D.S.alfine", "D.S.alcoda", "head-x", "x", "triangle", "slap", "bend",
    "glissando(", "glissando)", "/", "//", "///", "-(", "-)", "~(", "~)", "lphr", "mphr", "sphr",
  ]

  /// Second spellings and their canonical names.
  static let aliases: [String: String] = [
    ">": "accent", "emphasis": "accent", "<(": "crescendo(", "<)": "crescendo)",
    ">(": "diminuendo(", ">)": "diminuendo)", "+": "plus", "dimin(": "diminuendo(",
    "dimin)": "diminuendo)",
  ]

  /// The standard shortcuts `.~HLMOPSTuv` (before any `U:` redefinition).
  static let shortcuts: [Unicode.Scalar: String] = [
    ".": "staccato", "~": "roll", "H": "fermata", "L": "accent", "M": "lowermordent", "O": "coda",
    "P": "uppermordent", "S": "segno", "T": "trill", "u": "upbow", "v": "downbow",
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
