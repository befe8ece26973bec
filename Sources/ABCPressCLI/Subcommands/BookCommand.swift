import DisplayList
import Foundation
import Layout
import Render

/// `abcpress book FILES… -o BOOK.pdf`: a tune book with title page, contents and index.
struct BookCommand {
  static let help = """
    USAGE: abcpress book <input.abc>... -o <book.pdf> [options]
           abcpress book <book.abcbook> -o <book.pdf> [options]

    Makes a tune book from one or many ABC (or MusicXML) files: a title page (from the
    first file's header, or --title/--author), a table of contents with clickable page
    numbers, the tunes, an index of all titles (alternative titles included), PDF bookmarks
    per tune (nested under sections), page labels and metadata. PNG/SVG outputs write one
    file per page.

    A book file (BOOK.abcbook, given alone) names the book's title and settings, its
    sections, the files or the tunes of a file they hold (selected as --select does) and
    its sets and medleys, each printed as one heading over its tunes: the same book every
    time (Documentation/books.md).

    A folder given as input is a book of its own: its files first, then each subfolder (in
    name order, at any depth) as a section headed by the folder's name ('02_slip-jigs' is
    "Slip-jigs") or by the first line of a title.txt in it; a title.txt in the folder itself
    titles the book. With --per-folder each folder is a book of its own.

    OPTIONS:
      -o, --output <file>     Output file (.pdf, .png or .svg). Required. The name may hold
                              {T} (the book's title, file-safe), {F} (the first input's
                              name) and {folder} (the folder the book is made from).
      --per-folder            One book per folder: a folder input's own files make one book,
                              each of its subfolders another (with their subfolders as
                              sections), titled as sections are; -o needs {folder} or {T}:
                              -o 'books/{folder}.pdf'.
      --template <name|file>  Page template (default a4-book; see 'abcpress templates').
      --theme <name|file>     Colour theme (default classic; see 'abcpress themes').
      --title <text>          Book title (default: the file header's T:, else "Tunes").
      --author <text>         Author (default: the file header's Z: or C:).
      --subtitle <text>       A line under the title.
      --group-by <key>        Sections by rhythm or key (default: the template's, usually none).
      --language <code>       The book's words (Contents, Index of Titles, the count of tunes,
                              the date): en (default), ga (Irish), de (German), fr (French);
                              or book.language in a template.
      --page-start <n>        The number of the first page of music (default 1, or the
                              template's book.page-start); an even number starts on a left page.
      --no-contents           Leave out the table of contents.
      --no-index              Leave out the index of titles.
      --no-title-page         Leave out the title page.
      --dpi <n>               PNG resolution (default 150).
      --cache <dir>           Keep each tune's layout in this folder: a later run lays out
                              only the tunes that changed (output is byte-identical).
      --page-size, --music-font, --staff-space, --auto-break, -F/--fmt, --jobs, --fonts
                              As for render.
    \(BookJob.printHelp)
    \(TransposeOption.help)
    \(IncludePolicy.help)
      -h, --help              Show this help.
    """

  static let spec = ArgumentSpec(
    flags: EngravingSession.flagNames.union([
      "--no-contents", "--no-index", "--no-title-page", "--per-folder",
    ]).union(BookJob.printFlags),
    options: EngravingSession.optionNames.union([
      "--output", "--dpi", "--title", "--author", "--subtitle", "--group-by", "--cache", "--language",
      "--page-start",
      TransposeOption.name, TransposeOption.editionName,
    ]).union(BookJob.printOptions),
    aliases: EngravingSession.aliases)

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("book needs at least one input file") }
    if let template = arguments["--template"], template.lowercased() == "incipit" {
      throw UsageError(
        "the incipit template crops each tune to its first bars for thumbnails; it makes no book"
          + " (use 'abcpress thumbs', or a book template such as a4-book)")
    }
    if arguments.has("--per-folder") { return try perFolder(arguments) }
    var arguments = arguments
    var bookFile: BookFileInput?
    if let first = arguments.positionals.first, BookFileInput.isBookFile(first) {
      guard arguments.positionals.count == 1 else {
        throw UsageError("a book file (\(first)) names the book's tunes itself: give it alone")
      }
      let loaded = try BookFileInput(path: first)
      arguments = loaded.arguments(over: arguments)
      bookFile = loaded
    }
    let (url, format) = try RenderCommand.output(
      arguments, command: "book", title: bookFile.flatMap { _ in arguments["--title"] })
    let summary = try book(arguments, url: url, format: format, entries: bookFile?.entries)
    if summary.tunes == 0 {
      console.error("abcpress: error: no tunes to engrave")
      return .inputErrors
    }
    return summary.hasErrors ? .inputErrors : .success
  }

  /// One book from `arguments`' inputs into `url`.
  private func book(
    _ arguments: ParsedArguments, url: URL, format: OutputFormat, title: String? = nil,
    entries: [InputEntry]? = nil
  ) throws -> EngravingRun.Summary {
    var job = try BookJob(
      arguments: arguments, console: console, defaultTemplate: "a4-book", frontMatter: true)
    job.foldersAsSections = true
    job.entries = entries
    if arguments["--title"] == nil, let title { job.matter.title = title }
    if arguments.has("--no-contents") { job.matter.contents = false }
    if arguments.has("--no-index") { job.matter.index = false }
    if arguments.has("--no-title-page") { job.matter.titlePage = false }
    return try job.write(to: url, format: format, dpi: try RenderCommand.dpi(arguments))
  }

  /// `--per-folder`: a book per folder (`InputPaths.perFolderBooks`), each named by the
  /// pattern; two folders that would write one file are refused before anything is made.
  private func perFolder(_ arguments: ParsedArguments) throws -> ExitCode {
    let folders = arguments.positionals.filter { !InputPaths.isFolder($0) }
    guard folders.isEmpty else {
      throw UsageError("--per-folder makes a book of each folder; '\(folders[0])' is not a folder")
    }
    guard let pattern = arguments["--output"], pattern.contains("{folder}") || pattern.contains("{T}") else {
      throw UsageError(
        "--per-folder writes a book per folder: -o needs {folder} or {T}, e.g. -o 'books/{folder}.pdf'")
    }
    let books = InputPaths.perFolderBooks(arguments.positionals)
    guard !books.isEmpty else {
      console.error("abcpress: error: no tunes to engrave (the folders hold no .abc files)")
      return .inputErrors
    }
    var targets: [(FolderBook, URL, OutputFormat)] = []
    var seen: [String: String] = [:]
    for book in books {
      let (url, format) = try RenderCommand.output(
        arguments, command: "book", title: arguments["--title"] ?? book.title, folder: book.folder,
        inputs: book.inputs)
      if let other = seen[url.path] {
        throw UsageError(
          "--per-folder: the folders '\(other)' and '\(book.folder)' would both be written to \(url.path)"
            + " (use {folder} in -o)")
      }
      seen[url.path] = book.folder
      targets.append((book, url, format))
    }
    var failed = false
    var tunes = 0
    for (folderBook, url, format) in targets {
      var single = arguments
      single.positionals = folderBook.inputs
      let summary = try book(single, url: url, format: format, title: folderBook.title)
      tunes += summary.tunes
      failed = failed || summary.hasErrors
      if !RunOptions.current.quiet { console.error("abcpress: \(folderBook.title): \(url.path)") }
    }
    if tunes == 0 {
      console.error("abcpress: error: no tunes to engrave")
      return .inputErrors
    }
    return failed ? .inputErrors : .success
  }
}
