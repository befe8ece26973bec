import DisplayList
import Foundation
import Layout
import Render

/// `abcpress render IN.abc… -o OUT.pdf|.png|.svg`: engrave tune books to files.
struct RenderCommand {
  static let help = """
    USAGE: abcpress render <input.abc>... -o <output.pdf|.png|.svg> [options]

    Engraves every tune of the inputs, in order, into one output. The format comes from
    the output's extension. PNG and SVG write one file per page: a single page goes to
    the given name, several pages to numbered files (out-1.png, out-2.png, ...).
    Use '-' as an input to read ABC from standard input. abcm2ps format directives
    (%%pagewidth, %%titlefont, %%header, ...) in the files apply over the template.

    OPTIONS:
      -o, --output <file>     Output file (.pdf, .png or .svg). Required.
      --dpi <n>               PNG resolution in dots per inch (default 150).
      --template <name|file>  Page template (see 'abcpress templates'); default plain A4.
      --theme <name|file>     Colour theme (see 'abcpress themes'); default classic.
      --page-size <size>      a4 (default), a5 or letter.
      --music-font <name>     Bravura (default), Leland or Petaluma.
      --staff-space <pt>      Distance between staff lines in points (default 5).
      --auto-break            Choose line breaks optimally, ignoring the source's.
    \(TransposeOption.help)
      -j, --jobs <n>          Threads that lay out and draw (default: every core).
      --fonts <dir>           Folder holding the music fonts (default: the checkout's Fonts/).
    \(IncludePolicy.help)
      -h, --help              Show this help.
    """

  static let spec = ArgumentSpec(
    flags: EngravingSession.flagNames,
    options: EngravingSession.optionNames.union(["--output", "--dpi", TransposeOption.name]),
    aliases: EngravingSession.aliases)

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard !arguments.positionals.isEmpty else { throw UsageError("render needs at least one input file") }
    let (url, format) = try Self.output(arguments, command: "render")
    let dpi = try Self.dpi(arguments)
    _ = try EngravingSession.pageSetup(arguments)
    let job = try BookJob(arguments: arguments, console: console, frontMatter: false)
    let summary = try job.write(to: url, format: format, dpi: dpi)
    if summary.tunes == 0 {
      console.error("abcpress: error: no tunes to engrave")
      return .inputErrors
    }
    return summary.hasErrors ? .inputErrors : .success
  }

  /// The `-o` file and its format.
  static func output(_ arguments: ParsedArguments, command: String) throws -> (URL, OutputFormat) {
    guard let output = arguments["--output"] else {
      throw UsageError("\(command) needs an output file: -o OUT.pdf")
    }
    let url = URL(fileURLWithPath: output)
    guard let format = OutputFormat(pathExtension: url.pathExtension) else {
      throw UsageError("cannot tell the output format from '\(output)': use .pdf, .png or .svg")
    }
    return (url, format)
  }

  static func dpi(_ arguments: ParsedArguments) throws -> Double {
    guard let text = arguments["--dpi"] else { return 150 }
    guard let value = Double(text), value >= 10, value <= 2400 else {
      throw UsageError("--dpi must be a number from 10 to 2400, got '\(text)'")
    }
    return value
  }
}
