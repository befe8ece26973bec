/// Accented letters for the ABC backslash mnemonics and HTML-style entities.
///
/// Each accent has a string of pairs: a base letter followed by its accented form.
/// `\'e` looks up `e` in the acute pairs; `&eacute;` splits into `e` + `acute`.
enum AccentTable {
  /// Pairs of base letter and accented letter, by backslash accent sign.
  static let pairs: [Unicode.Scalar: String] = [
    "`": "AÀEÈIÌOÒUÙaàeèiìoòuù",
    "'": "AÁEÉIÍOÓUÚYÝaáeéiíoóuúyýCĆcćNŃnńSŚsśZŹzźLĹlĺRŔrŕ",
    "^": "AÂEÊIÎOÔUÛaâeêiîoôuûCĈcĉGĜgĝHĤhĥJĴjĵSŜsŝWŴwŵYŶyŷ",
    "~": "AÃNÑOÕaãnñoõIĨiĩUŨuũ",
    "\"": "AÄEËIÏOÖUÜaäeëiïoöuüyÿYŸ",
    "c": "CÇcçSŞsşTŢtţ",
    "o": "AÅaåUŮuů",
    "/": "OØoøLŁlłDĐdđ",
    "v": "SŠsšZŽzžCČcčEĚeěRŘrřNŇnňDĎdďTŤtť",
    "u": "AĂaăGĞgğUŬuŭ",
    "H": "OŐoőUŰuű",
    "=": "AĀaāEĒeēIĪiīOŌoōUŪuū",
    ".": "ZŻzżEĖeėGĠgġIİ",
    ";": "AĄaąEĘeęIĮiįUŲuų",
  ]

  /// Two-letter mnemonics.
  static let ligatures: [String: String] = [
    "ss": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å",
  ]

  /// HTML entity suffixes and the accent sign they stand for.
  static let entitySuffixes: [(String, Unicode.Scalar)] = [
    ("acute", "'"), ("grave", "`"), ("circ", "^"), ("tilde", "~"), ("uml", "\""),
    ("cedil", "c"), ("ring", "o"), ("slash", "/"), ("caron", "v"), ("breve", "u"),
    ("macr", "="), ("ogon", ";"), ("dot", "."),
  ]

  /// Named entities that are not an accented letter.
  static let namedEntities: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    "copy": "©", "reg": "®", "szlig": "ß", "aelig": "æ", "AElig": "Æ", "oelig": "œ",
    "OElig": "Œ", "eth": "ð", "ETH": "Ð", "thorn": "þ", "THORN": "Þ", "iexcl": "¡",
    "iquest": "¿", "laquo": "«", "raquo": "»", "deg": "°", "flat": "♭", "sharp": "♯",
    "natural": "♮", "hellip": "…", "ndash": "–", "mdash": "—", "euro": "€", "pound": "£",
    "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
  ]

  /// The accented form of `letter`, or nil when the table has no such pair.
  static func compose(accent: Unicode.Scalar, letter: Unicode.Scalar) -> Unicode.Scalar? {
    guard let list = pairs[accent] else { return nil }
    let scalars = Array(list.unicodeScalars)
    var index = 0
    while index + 1 < scalars.count {
      if scalars[index] == letter { return scalars[index + 1] }
      index += 2
    }
    return nil
  }

  /// The text of an entity name such as `eacute` or `amp`, or nil.
  static func entity(named name: String) -> String? {
    if let text = namedEntities[name] { return text }
    for (suffix, accent) in entitySuffixes where name.hasSuffix(suffix) {
      let base = name.unicodeScalars.dropLast(suffix.unicodeScalars.count)
      guard base.count == 1, let letter = base.first, let composed = compose(accent: accent, letter: letter)
      else { continue }
      return String(Character(composed))
    }
    return nil
  }
}
