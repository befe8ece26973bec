import Book
import Layout
import ScoreModel
import Transposition

/// A tune of a per-tune run (thumbnails, `render --split`) ready to engrave: parsed,
/// transposed, with the format directives of the run, the file and the tune applied, and
/// every diagnostic so far.
struct PreparedTune {
  var tune: Tune
  var format: FormatDirectives
  var diagnostics: [Diagnostic]

  /// Parses `item` over `base`; nil (with the parser's diagnostics) when it holds no tune.
  static func prepare(
    _ item: TuneStream.Item, base: FormatDirectives, edition: Edition = Edition(), checksBars: Bool
  )
    -> (prepared: PreparedTune?, diagnostics: [Diagnostic])
  {
    let parsed = BookAssembler.parse(item.source, headerTitles: item.headerTitles)
    guard var tune = parsed.tune else { return (nil, parsed.diagnostics) }
    tune = edition.apply(tune)
    // The directives between tunes are applied by the stream, once each (`TuneStream.format`).
    let run = item.format ?? base
    let included = FormatInclude.expand(tune, file: item.source.file)
    tune = included.tune
    var own = FormatDirectives(setup: run.setup, options: run.options)
    own.apply(tune: tune)
    let diagnostics =
      parsed.diagnostics
      + TuneWarnings.of(
        tune, included: included.warnings, format: own, file: item.source.file, checksBars: checksBars)
    return (PreparedTune(tune: tune, format: own, diagnostics: diagnostics), diagnostics)
  }
}
