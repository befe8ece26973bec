import Book
import DisplayList
import Foundation
import Layout
import ScoreModel

/// The shared steps of `render` and `book`: load inputs, assemble blocks, set up the
/// session with the books' directives, and engrave.
struct BookJob {
  let loaded: InputLoader.Loaded
  let session: EngravingSession
  let blocks: [BookBlock]

  init(arguments: ParsedArguments, console: Console, defaultTemplate: String? = nil) throws {
    let loader = InputLoader(console: console, transpose: try TransposeOption.semitones(arguments))
    loaded = loader.load(arguments.positionals)
    loader.report(loaded.diagnostics)
    let assembled = EngravingSession.assemble(loaded)
    let file = loaded.names.count == 1 ? loaded.names[0] : nil
    session = try EngravingSession(
      arguments: arguments, defaultTemplate: defaultTemplate, directives: assembled.directives
    ) { message, range in
      console.error(Diagnostic(.warning, message, at: range, file: file ?? "<input>").description)
    }
    for tune in loaded.tunes {
      var format = FormatDirectives(setup: session.engraver.setup, options: session.engraver.options)
      format.apply(tune.directives)
      for warning in format.warnings {
        console.error(
          Diagnostic(.warning, warning.message, at: warning.range, file: file ?? "<input>").description)
      }
    }
    blocks = assembled.blocks
  }

  /// The book's matter: the template's parts, titles from the first file header or options.
  func matter(arguments: ParsedArguments, frontMatter: Bool) -> BookMatter {
    var matter = session.template.matter
    if !frontMatter {
      matter.titlePage = false
      matter.contents = false
      matter.index = false
    }
    let header = loaded.tunebooks.first?.headerFields ?? []
    func field(_ label: Character) -> String? {
      header.first { $0.label == label }.map { TextEscapes.display($0.value) }
    }
    matter.title =
      arguments["--title"] ?? field("T") ?? loaded.tunes.first.map { TextEscapes.display($0.title) }
    matter.author = arguments["--author"] ?? field("Z") ?? field("C")
    matter.subtitle = arguments["--subtitle"]
    let formatter = DateFormatter()
    formatter.dateFormat = "d MMMM yyyy"
    formatter.locale = Locale(identifier: "en_GB")
    matter.date = formatter.string(from: Date())
    matter.fileName = loaded.names.first.map { ($0 as NSString).lastPathComponent } ?? ""
    return matter
  }

  /// Blocks grouped by `--group-by` (or the template's `book.group-by`).
  func groupedBlocks(_ arguments: ParsedArguments) throws -> [BookBlock] {
    guard let key = arguments["--group-by"] ?? session.template.groupBy else { return blocks }
    guard ["rhythm", "key", "none"].contains(key) else {
      throw UsageError("--group-by is rhythm, key or none, not '\(key)'")
    }
    return key == "none" ? blocks : BookAssembler.grouped(blocks, by: key)
  }
}
