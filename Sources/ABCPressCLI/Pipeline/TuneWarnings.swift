import Book
import Layout
import ScoreModel

/// The warnings a parsed tune gets beyond its parser's, the same for `check`, `render`,
/// `book`, `thumbs` and the editor: its format directives' and included format files',
/// notation that is not drawn, and bars that do not fill the meter (unless
/// `--no-bar-check`).
enum TuneWarnings {
  static func of(
    _ tune: Tune, included: [Diagnostic], format: FormatDirectives, file: String?, checksBars: Bool
  ) -> [Diagnostic] {
    included + format.warnings.map { Diagnostic(.warning, $0.message, at: $0.range, file: file) }
      + FontCheck.warnings(format.namedFonts, file: file)
      + UndrawnNotation.warnings(for: tune, file: file)
      + (checksBars ? BarLengthCheck.diagnostics(for: tune, file: file) : [])
  }
}
