import ScoreModel

/// The outdated syntax of ABC 2.1 §10 that strict reading warns about.
///
/// §10 defines deprecated syntax (still supported; "should issue a warning when using
/// strict interpretation") and disallowed/obsolete syntax (an error under strict
/// reading, a warning under loose). The parser is more lenient than that: every case
/// here is read as before and only a warning is given, and only under strict reading
/// (`%abc-2.1`, `I:abc-version 2.1`), because abcm2ps accepts all of it and loose
/// files (§12.2) must read without comment. Each message names its clause.
enum OutdatedSyntax {
  /// `A:` (area): deprecated, §10.1.
  case areaField
  /// `Q:120`, `Q:C=120` (tempo in unit note lengths): deprecated, §10.1.
  case unitNoteTempo
  /// `!` as a score line break without `I:linebreak !`: deprecated, §10.2.1, §12.1.1.
  case bangLineBreak
  /// `+…+` decorations without `I:decoration +`: deprecated, §10.2.2, §12.1.2.
  case plusDecoration
  /// `!…!` decorations while `I:decoration +` is in force: §12.1.2.
  case bangDecorationUnderPlus
  /// A field line continued with a trailing `\`: disallowed, §10.3.
  case backslashContinuation
  /// `%%continueall`, `%%abc-copyright`, `%%abc-edited-by`: deprecated, §10.4.
  case directive(String)

  /// The directives §10.4 deprecates, with what replaces each.
  static let deprecatedDirectives: [String: String] = [
    "continueall": "choose score line breaks with I:linebreak",
    "abc-copyright": "use the Z: field",
    "abc-edited-by": "use the Z: field",
  ]

  /// The warning text.
  var message: String {
    switch self {
    case .areaField:
      return "the A: (area) field is deprecated in ABC 2.1 (§10.1); put the area in O:"
    case .unitNoteTempo:
      return "a tempo in unit note lengths (Q:120, Q:C=120) is deprecated in ABC 2.1 (§10.1); "
        + "give the beat, e.g. Q:1/4=120"
    case .bangLineBreak:
      return "'!' as a score line break is deprecated in ABC 2.1 (§10.2.1); "
        + "declare I:linebreak ! or use $"
    case .plusDecoration:
      return "+…+ decorations are deprecated in ABC 2.1 (§10.2.2); write !…! or declare I:decoration +"
    case .bangDecorationUnderPlus:
      return "!…! decoration while I:decoration + is in force (ABC 2.1 §12.1.2); write +…+"
    case .backslashContinuation:
      return "continuing a field with '\\' is disallowed in ABC 2.1 (§10.3); start the next line with +:"
    case .directive(let name):
      let advice = Self.deprecatedDirectives[name] ?? ""
      return "%%\(name) is deprecated in ABC 2.1 (§10.4); \(advice)"
    }
  }

  /// Warns at `range` under strict reading; says nothing under loose reading.
  func report(at range: SourceRange, mode: ReadingMode, diagnostics: DiagnosticCollector) {
    guard mode == .strict else { return }
    diagnostics.warning(message, at: range)
  }
}
