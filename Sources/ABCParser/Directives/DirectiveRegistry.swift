import ScoreModel

/// What a known `%%` directive (or `I:` instruction) expects as its argument.
enum DirectiveArgument {
  case bool
  case int
  case float
  /// A number with an optional unit: `1.5cm`, `20pt`, `0.5in`, `10mm`, `30`.
  case length
  /// `name [encoding] [size]` or `* size`.
  case font
  case string
  /// One of the listed words.
  case choice([String])
}

/// A table of known stylesheet directives and the argument each expects.
///
/// Method: a dictionary from name to `DirectiveArgument`; `validate` checks the
/// argument text against the kind and reports a malformed value as a warning at the
/// argument. Unknown directives are accepted silently (ABC 2.1 §11: a program ignores
/// what it does not know), so a new abcm2ps directive never makes a diagnostic.
///
/// Example: `%%scale 0.8` passes; `%%scale big` → warning "%%scale expects a number".
enum DirectiveRegistry {
  static let table: [String: DirectiveArgument] = {
    var table: [String: DirectiveArgument] = [:]
    for name in [
      "landscape", "continueall", "breakoneoln", "titlecaps", "titleleft", "flatbeams", "oneperpage",
      "printtempo", "measurebox", "gchordbox", "partsbox", "infoline", "straightflags", "squarebreve",
      "custos", "graceslurs", "freegchord", "writehistory", "bstemdown", "dynalign", "timewarn",
      "titletrim", "stretchstaff", "autoclef", "contbarnb", "splittune", "vocalabove",
    ] {
      table[name] = .bool
    }
    for name in ["barsperstaff", "measurenb", "barnumbers", "setbarnb", "measurefirst", "pagenumbering"] {
      table[name] = .int
    }
    for name in ["scale", "notespacingfactor", "maxshrink", "lineskipfactor", "parskipfactor", "stretchlast"]
    {
      table[name] = .float
    }
    for name in [
      "pageheight", "pagewidth", "topmargin", "botmargin", "leftmargin", "rightmargin", "indent",
      "topspace", "titlespace", "subtitlespace", "composerspace", "musicspace", "partsspace",
      "vocalspace", "wordsspace", "textspace", "infospace", "staffsep", "sysstaffsep", "vskip",
      "staffwidth", "maxstaffsep", "maxsysstaffsep", "headerspace", "footerspace", "gchordspace",
    ] {
      table[name] = .length
    }
    for name in [
      "titlefont", "subtitlefont", "composerfont", "partsfont", "tempofont", "gchordfont",
      "annotationfont", "infofont", "textfont", "vocalfont", "wordsfont", "setfont-1", "setfont-2",
      "setfont-3", "setfont-4", "footerfont", "headerfont", "historyfont", "measurefont", "repeatfont",
      "voicefont", "tuplefont",
    ] {
      table[name] = .font
    }
    for name in ["header", "footer", "text", "center", "abc-creator", "abc-include", "score", "staves"] {
      table[name] = .string
    }
    table["propagate-accidentals"] = .choice(["not", "octave", "pitch"])
    table["writeout-accidentals"] = .choice(["none", "added", "all"])
    table["decoration"] = .choice(["!", "+"])
    table["abc-charset"] = .choice(["utf-8", "utf8", "iso-8859-1", "latin1", "iso-8859-15", "us-ascii"])
    return table
  }()

  /// Reports a malformed argument of a known directive; unknown names pass silently.
  static func validate(name: String, arguments scanner: LineScanner, diagnostics: DiagnosticCollector) {
    var copy = scanner
    let start = copy.position
    let text = copy.readRest()
    let range = scanner.line.range(from: start, to: max(copy.position, start))
    if name == "abc-version" {
      if !isVersion(text) { diagnostics.warning("abc-version expects a version such as 2.1", at: range) }
      return
    }
    guard let kind = table[name], let problem = problem(text, kind: kind) else { return }
    diagnostics.warning("%%\(name) \(problem)", at: range)
  }

  /// What is wrong with `text` as an argument of `kind`, or nil.
  static func problem(_ text: String, kind: DirectiveArgument) -> String? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    switch kind {
    case .bool:
      let accepted = ["", "0", "1", "true", "false", "yes", "no", "on", "off"]
      return accepted.contains(words.first?.lowercased() ?? "") ? nil : "expects 0/1, true/false or yes/no"
    case .int:
      guard let word = words.first, Int(word) != nil else { return "expects a whole number" }
      return nil
    case .float:
      guard let word = words.first, Double(word) != nil else { return "expects a number" }
      return nil
    case .length:
      guard let word = words.first, isLength(word) else { return "expects a length such as 1.5cm or 20pt" }
      return nil
    case .font:
      guard let first = words.first else { return "expects a font name and size" }
      if words.count == 1, Double(first) != nil { return nil }  // `%%gchordfont 12`: size only.
      if let last = words.last, words.count > 1, let size = Double(last), size <= 0 {
        return "expects a positive font size"
      }
      return nil
    case .string:
      return nil
    case .choice(let options):
      guard let word = words.first?.lowercased(), options.contains(word) else {
        return "expects one of: " + options.joined(separator: ", ")
      }
      return nil
    }
  }

  /// True for `30`, `1.5cm`, `-2mm`, `0.5in`, `20pt`, `12px`.
  static func isLength(_ word: String) -> Bool {
    var number = word
    for unit in ["cm", "mm", "in", "pt", "px", "%"] where word.lowercased().hasSuffix(unit) {
      number = String(word.dropLast(unit.count))
      break
    }
    return Double(number) != nil
  }

  /// True for `2.1`, `2.0`, `1.6` (see `ABCVersion`).
  static func isVersion(_ text: String) -> Bool { ABCVersion(text) != nil }
}

extension ABCParser {
  /// The `%%` directives the parser knows, each with what its argument is (for editors:
  /// completion and hover).
  public static var knownDirectives: [(name: String, argument: String)] {
    DirectiveRegistry.table.keys.sorted().map { name in
      let argument: String
      switch DirectiveRegistry.table[name] {
      case .bool: argument = "on or off (1/0, true/false, yes/no)"
      case .int: argument = "a whole number"
      case .float: argument = "a number"
      case .length: argument = "a length such as 1.5cm, 20pt or 0.5in"
      case .font: argument = "a font name and size, e.g. Times-Bold 14"
      case .string: argument = "text"
      case .choice(let options): argument = "one of: " + options.joined(separator: ", ")
      case nil: argument = "text"
      }
      return (name, argument)
    }
  }
}
