import DisplayList
import Foundation
import Layout
import Render

/// `abcpress book FILES… -o BOOK.pdf`: a tune book with title page, contents and index.
struct BookCommand {
  static let help = """
    USAGE: abcpress book <input.abc>... -o <book.pdf> [options]

    Makes a tune book from one or many ABC files: a title page (from the first file's
    header, or --title/--author), a table of contents with clickable page numbers, the
    tunes, an index of all titles (alternative titles included), PDF bookmarks per tune
    (nested under sections), page labels and metadata. PNG/SVG outputs write one file per page.

    OPTIONS:
      -o, --output <file>     Output file (.pdf, .png or .svg). Required.
      --template <name|file>  Page template (default a4-book; see 'abcpress templates').
      --theme <name|file>     Colour theme (default classic; see 'abcpress themes').
      --title <text>          Book title (default: the file header's T:, else "Tunes").
      --author <text>         Author (default: the file header's Z: or C:).
      --subtitle <text>       A line under the title.
      --group-by <key>        Sections by rhythm or key (default: the template's, usually none).
      --language <code>       The book's words (Contents, Index of Titles, the count of tunes,
                              the date): en (default), ga (Irish), de (German), fr (French);
                              or book.language in a template.
      --no-contents           Leave out the table of contents.
      --no-index              Leave out the index of titles.
      --no-title-page         Leave out the title page.
      --dpi <n>               PNG resolution (default 150).
      --cache <dir>           Keep each tune's layout in this folder: a later run lays out
                              only the tunes that changed (output is byte-identical).
      --page-size, --music-font, --staff-space, --auto-break, -F/--fmt, --jobs, --fonts
                              As for render.
    \(IncludePolicy.help)
      -h, --help              Show this help.
    """

  static let spec = ArgumentSpec(
    flags: EngravingSession.flagNames.union(["--no-contents", "--no-index", "--no-title-page"]),
    options: EngravingSession.optionNames.union([
      "--output", "--dpi", "--title", "--author", "--subtitle", "--group-by", "--cache", "--language",
    ]),
    aliases: EngravingSession.aliases)

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("book needs at least one input file") }
    if let template = arguments["--template"], template.lowercased() == "incipit" {
      throw UsageError(
        "the incipit template crops each tune to its first bars for thumbnails; it makes no book"
          + " (use 'abcpress thumbs', or a book template such as a4-book)")
    }
    let (url, format) = try RenderCommand.output(arguments, command: "book")
    let dpi = try RenderCommand.dpi(arguments)
    var job = try BookJob(
      arguments: arguments, console: console, defaultTemplate: "a4-book", frontMatter: true)
    if arguments.has("--no-contents") { job.matter.contents = false }
    if arguments.has("--no-index") { job.matter.index = false }
    if arguments.has("--no-title-page") { job.matter.titlePage = false }
    let summary = try job.write(to: url, format: format, dpi: dpi)
    if summary.tunes == 0 {
      console.error("abcpress: error: no tunes to engrave")
      return .inputErrors
    }
    return summary.hasErrors ? .inputErrors : .success
  }
}
