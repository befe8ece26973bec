import ScoreModel

/// The meaning of a `K:` (or the clef part of a `V:`) value.
struct KeyFieldValue {
  /// The key, or nil when the value names no tonic (`K:clef=bass`).
  var key: KeySignature?
  /// The clef and staff parameters (`clef=`, `middle=`, `octave=` …), when given.
  var staff = StaffParameters()
  /// The clef, when the value names one.
  var clef: Clef? { staff.clef }
}

/// Reads the value of a `K:` field: tonic, mode, extra accidentals and clef.
///
/// Method: tokens separated by whitespace. The first token may be a key: `none`,
/// `HP`/`Hp` (Highland pipes) or a tonic A–G with `#`/`b`, with a mode glued on or in
/// the next token (`Dmix`, `D Mixolydian`; case-insensitive, the first three letters
/// count, `m` alone is minor). The fifths are the tonic's major-key fifths plus the
/// mode's offset: `Ador` = A major (3) + dorian (−2) = 1 sharp. Later tokens are
/// accidentals (`^f`, `=c`, `__b`), `exp`, clef names (`bass`, `treble-8`) or
/// `name=value` staff parameters (`clef= middle= octave= transpose= stafflines=`).
///
/// Example: `K:D =c ^g clef=bass` → D major with C natural and G sharp, bass clef.
///
/// Highland pipes: `K:HP` is A mixolydian with no signature written (`exp` with no
/// accidentals); the notes still sound F♯ and C♯ (see `AccidentalTracker`), the
/// abcm2ps convention. `K:Hp` writes F♯ C♯ and marks G natural.
///
/// Known limits: a value like `K:D =c` with a bad token reports and skips that token.
enum KeyParser {
  /// Parses a `K:` value; unknown tokens are reported and skipped.
  static func parse(_ scanner: LineScanner, diagnostics: DiagnosticCollector) -> KeyFieldValue {
    var scanner = scanner
    var result = KeyFieldValue()
    var tokens: [(text: String, start: Int, end: Int)] = []
    while true {
      scanner.skipWhitespace()
      if scanner.isAtEnd { break }
      let start = scanner.position
      let text = scanner.read { !$0.isABCWhitespace }
      tokens.append((text, start, scanner.position))
    }
    var index = 0
    if let first = tokens.first, var key = tonicKey(first.text) {
      index = 1
      if key.mode == .major, key.tonic != nil, let (tonicLength, _) = tonicPrefix(first.text) {
        let range = scanner.line.range(from: first.start, to: first.end)
        let suffix = String(first.text.unicodeScalars.dropFirst(tonicLength))
        let gluedMode = applyGluedSuffix(suffix, to: &key, range: range, diagnostics: diagnostics)
        if !gluedMode, tokens.count > 1, let mode = mode(named: tokens[1].text) {
          key.mode = mode
          index = 2
        }
      }
      key.fifths += key.mode.fifthsOffset
      result.key = key
    }
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      let range = scanner.line.range(from: token.start, to: token.end)
      let lower = token.text.lowercased()
      if let (step, accidental) = explicitAccidental(token.text) {
        var key = result.key ?? .cMajor
        key.explicitAccidentals[step] = accidental
        result.key = key
      } else if lower == "exp" {
        var key = result.key ?? .cMajor
        key.isExplicitOnly = true
        result.key = key
      } else if let clef = ClefParser.clef(named: token.text) {
        result.staff.clef = clef
      } else if let equals = lower.firstIndex(of: "=") {
        let name = String(lower[..<equals])
        let value = String(token.text[token.text.index(after: equals)...])
        // Unknown parameters (`app:param=`, abcm2ps extras) are accepted silently.
        _ = result.staff.apply(name: name, value: value, range: range, diagnostics: diagnostics)
      } else {
        diagnostics.warning("unknown key parameter '\(Diagnostic.excerpt(token.text))'", at: range)
      }
    }
    return result
  }

  /// Applies what follows the tonic in its token: a mode (`Dmix`) and accidentals
  /// written without spaces (`C^f^c`). Returns true when a mode was glued on.
  static func applyGluedSuffix(
    _ suffix: String, to key: inout KeySignature, range: SourceRange, diagnostics: DiagnosticCollector
  ) -> Bool {
    let scalars = suffix.unicodeScalars
    let modeName = String(String.UnicodeScalarView(scalars.prefix { $0.isASCIILetter }))
    let accidentals = String(String.UnicodeScalarView(scalars.drop { $0.isASCIILetter }))
    for token in splitAccidentals(accidentals) {
      if let (step, accidental) = explicitAccidental(token) {
        key.explicitAccidentals[step] = accidental
      } else {
        diagnostics.warning("unknown key parameter '\(Diagnostic.excerpt(token))'", at: range)
      }
    }
    guard !modeName.isEmpty else { return false }
    if let mode = mode(named: modeName) {
      key.mode = mode
    } else {
      diagnostics.warning("unknown mode '\(Diagnostic.excerpt(modeName))'", at: range)
    }
    return true
  }

  /// The key named by a first token, in major (the mode is applied by the caller).
  static func tonicKey(_ token: String) -> KeySignature? {
    if token.utf8.count == 4 && token.lowercased() == "none" { return KeySignature.none }
    if token == "HP" {
      return KeySignature(tonic: .a, mode: .mixolydian, fifths: 3, isExplicitOnly: true)
    }
    if token == "Hp" {
      return KeySignature(tonic: .a, mode: .mixolydian, fifths: 3, explicitAccidentals: [.g: .natural])
    }
    guard let (_, tonic) = tonicPrefix(token) else { return nil }
    // The tonic's major key's fifths (a switch: a table made per call was a third of a `K:`).
    let base: Int
    switch tonic.step {
    case .c: base = 0
    case .d: base = 2
    case .e: base = 4
    case .f: base = -1
    case .g: base = 1
    case .a: base = 3
    case .b: base = 5
    }
    return KeySignature(
      tonic: tonic.step, tonicAlter: tonic.alter, mode: .major, fifths: base + 7 * tonic.alter)
  }

  /// A tonic at the start of a token (`F#`, `Bb`, `D`), with its length in scalars.
  static func tonicPrefix(_ token: String) -> (Int, (step: Step, alter: Int))? {
    var scalars = token.unicodeScalars.makeIterator()
    guard let first = scalars.next(), ("A"..."G").contains(first), let step = Step(abcLetter: first)
    else { return nil }
    if let second = scalars.next() {
      if second == "#" || second == "♯" { return (2, (step, 1)) }
      if second == "b" || second == "♭" { return (2, (step, -1)) }
    }
    return (1, (step, 0))
  }

  /// The mode a word names: `m`, or the first three letters of a mode name.
  static func mode(named word: String) -> Mode? {
    let lower = word.lowercased()
    if lower == "m" { return .minor }
    guard lower.count >= 3, lower.allSatisfy(\.isLetter) else { return nil }
    switch lower.prefix(3) {
    case "maj": return .major
    case "min": return .minor
    case "ion": return .ionian
    case "dor": return .dorian
    case "phr": return .phrygian
    case "lyd": return .lydian
    case "mix": return .mixolydian
    case "aeo": return .aeolian
    case "loc": return .locrian
    default: return nil
    }
  }

  /// Splits `^f^c=g` into `^f`, `^c`, `=g`.
  static func splitAccidentals(_ text: String) -> [String] {
    var tokens: [String] = []
    var current = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      current.append(scalar)
      if scalar.isASCIILetter {
        tokens.append(String(current))
        current = String.UnicodeScalarView()
      }
    }
    if !current.isEmpty { tokens.append(String(current)) }
    return tokens
  }

  /// An explicit key accidental such as `^f`, `=c` or `__b` (octave marks ignored).
  static func explicitAccidental(_ token: String) -> (Step, Accidental)? {
    let scalars = Array(token.unicodeScalars.reversed().drop { $0 == "," || $0 == "'" }.reversed())
    guard let last = scalars.last, let step = Step(abcLetter: last) else { return nil }
    switch String(String.UnicodeScalarView(scalars.dropLast())) {
    case "^": return (step, .sharp)
    case "^^": return (step, .doubleSharp)
    case "_": return (step, .flat)
    case "__": return (step, .doubleFlat)
    case "=": return (step, .natural)
    default: return nil
    }
  }
}
