import ABCParser
import ScoreModel

/// Small helpers that parse test inputs and pick elements out of the result.
enum Parse {
  /// Parses a whole text.
  static func book(_ text: String) -> (tunebook: Tunebook, diagnostics: [Diagnostic]) {
    ABCParser.parse(text)
  }

  /// Parses `X:1`, the given header lines (default `L:1/8` and `K:C`) and a body.
  static func tune(_ body: String, header: String = "L:1/8\nK:C") -> (tune: Tune?, diagnostics: [Diagnostic])
  {
    let result = ABCParser.parse("X:1\n\(header)\n\(body)\n")
    return (result.tunebook.tunes.first, result.diagnostics)
  }

  /// The elements of the first voice of the body's tune.
  static func elements(_ body: String, header: String = "L:1/8\nK:C") -> [VoiceElement] {
    tune(body, header: header).tune?.voices.first?.elements ?? []
  }

  /// The notes of the body's tune.
  static func notes(_ body: String, header: String = "L:1/8\nK:C") -> [NoteEvent] {
    elements(body, header: header).compactMap {
      if case .note(let note) = $0 { note } else { nil }
    }
  }

  /// The rests of the body's tune.
  static func rests(_ body: String, header: String = "L:1/8\nK:C") -> [RestEvent] {
    elements(body, header: header).compactMap {
      if case .rest(let rest) = $0 { rest } else { nil }
    }
  }

  /// The bar lines of the body's tune.
  static func bars(_ body: String, header: String = "L:1/8\nK:C") -> [BarLine] {
    elements(body, header: header).compactMap {
      if case .bar(let bar) = $0 { bar } else { nil }
    }
  }

  /// The dump of the body's tune, without the `tune` and `voice` lines.
  static func dump(_ body: String, header: String = "L:1/8\nK:C") -> String {
    guard let tune = tune(body, header: header).tune else { return "<no tune>" }
    return ScoreDumper.dump(tune).split(separator: "\n").dropFirst(2).joined(separator: "\n")
  }

  /// The `line:column` of each diagnostic, optionally only those at `severity`.
  static func locations(_ diagnostics: [Diagnostic], severity: Severity? = nil) -> [SourceLocation] {
    diagnostics.filter { severity == nil || $0.severity == severity }.map(\.range.start)
  }
}
