import Foundation
import Render
import ScoreModel

/// The `abcpress` command: dispatches to subcommands and maps failures to exit codes.
public enum CommandLineTool {
  public static let version = "0.1.0"

  static let help = """
    abcpress \(version) — engrave ABC tune books as print-quality PDF, PNG and SVG.

    USAGE: abcpress <subcommand> [options]

    SUBCOMMANDS:
      render       Engrave ABC files to PDF, PNG or SVG.
      watch        Render, then render again each time an input is saved.
      book         Make a tune book: title page, contents, tunes, index, bookmarks.
      thumbs       One cropped image (incipit or whole tune) per tune.
      templates    List the built-in page templates.
      themes       List the built-in colour themes.
      dump         Print the score model or the display list (text or JSON).
      check        Parse ABC files and report problems.
      midi         Play tunes into Standard MIDI Files.
      audio        Perform tunes through a SoundFont into WAV, FLAC or Ogg files.
      musicxml     Write tunes as MusicXML (.musicxml or compressed .mxl).
      abc          Write ABC from MusicXML (or rewrite ABC).
      serve        A live editor in the browser: type ABC, see the score.
      lsp          A language server for editors (diagnostics, completion, hover…).
      completions  Print a bash, zsh or fish completion script.
      help         Show a subcommand's help: abcpress help render.

    Every subcommand reads ABC, MusicXML (.musicxml, .xml) and compressed MusicXML (.mxl).

    Run 'abcpress help <subcommand>' (or 'abcpress <subcommand> --help') for a
    subcommand's options.

    EVERY SUBCOMMAND ALSO TAKES:
    \(RunOptions.help)

    EXIT CODES:
      0  success
      1  the input had errors (printed as file:line:column: error: ...); what could be
         engraved was still written
      2  usage error
      3  output could not be produced (missing fonts, unwritable file, render failure)
    """

  /// Runs the tool with the process's streams; returns the exit code.
  public static func main(arguments: [String]) -> Int32 {
    InterruptCleanup.guardStandardDescriptors()
    if let code = Supervisor.run(arguments: arguments) { return code }
    InterruptCleanup.install()
    CrashReporter.installIfSupervised()
    return run(arguments: arguments, console: .standard()).rawValue
  }

  /// A subcommand's options with those every subcommand takes (`RunOptions`, `-q`).
  static func completed(_ spec: ArgumentSpec) -> ArgumentSpec {
    var spec = spec
    spec.flags.formUnion(RunOptions.flagNames)
    spec.options.formUnion(RunOptions.optionNames)
    spec.aliases["-q"] = "--quiet"
    return spec
  }

  /// Runs the tool against a console (tests pass a captured one).
  public static func run(arguments: [String], console: Console) -> ExitCode {
    guard let name = arguments.first else {
      console.error(help)
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    switch name {
    case "--help", "-h", "help":
      guard let topic = rest.first else {
        console.write(help + "\n")
        return .success
      }
      guard let text = helpText(for: topic) else {
        console.error(
          "abcpress: error: no help for '\(Diagnostic.printable(topic))'"
            + Suggestion.hint(for: topic, among: commandNames)
            + "\nRun 'abcpress --help' for the subcommands.")
        return .usage
      }
      console.write(text + "\n")
      return .success
    case "--version", "-V":
      console.write("abcpress \(version)\n")
      return .success
    case "templates", "themes":
      let kind: StyleListCommand.Kind = name == "templates" ? .templates : .themes
      return dispatch(
        rest, name: name, spec: StyleListCommand.spec, help: StyleListCommand.help(kind), console: console
      ) {
        try StyleListCommand(console: console, kind: kind).run($0)
      }
    default:
      if let command = subcommands[name] {
        return dispatch(
          rest, name: name, spec: command.spec, help: command.help, console: console,
          summarised: summarisedCommands.contains(name)
        ) {
          if command.measuresText { FontSystem.prepareInBackground() }
          return try command.init(console: console).run($0)
        }
      }
      console.error(
        "abcpress: error: unknown subcommand '\(Diagnostic.printable(name))'"
          + Suggestion.hint(for: name, among: commandNames) + "\nRun 'abcpress --help' for usage.")
      return .usage
    }
  }

  /// Every subcommand's name, for suggestions.
  static var commandNames: [String] { Array(subcommands.keys) + ["templates", "themes", "help"] }

  /// The help of a subcommand (`abcpress help render`), nil for an unknown one.
  static func helpText(for topic: String) -> String? {
    switch topic {
    case "templates": StyleListCommand.help(.templates)
    case "themes": StyleListCommand.help(.themes)
    case "help": help
    default: subcommands[topic]?.help
    }
  }

  /// The subcommands that take only a console, by name.
  static let subcommands: [String: any Subcommand.Type] = [
    "render": RenderCommand.self, "book": BookCommand.self, "thumbs": ThumbsCommand.self,
    "dump": DumpCommand.self, "check": CheckCommand.self, "midi": MIDICommand.self,
    "audio": AudioCommand.self,
    "musicxml": MusicXMLCommand.self, "abc": ABCCommand.self, "watch": WatchCommand.self,
    "completions": CompletionsCommand.self, "lsp": LSPCommand.self,
    "serve": ServeCommand.self,
  ]

  /// The subcommands that end with a summary line (tunes, pages, problems, time).
  static let summarisedCommands: Set<String> = [
    "render", "book", "thumbs", "midi", "audio", "musicxml", "abc", "check",
  ]

  static func dispatch(
    _ arguments: [String], name: String, spec: ArgumentSpec, help: String, console: Console,
    summarised: Bool = false,
    _ body: (ParsedArguments) throws -> ExitCode
  ) -> ExitCode {
    do {
      let parsed = try ArgumentParser.parse(arguments, spec: completed(spec))
      if parsed.has("--help") {
        console.write(help + "\n")
        return .success
      }
      if case .failure(let problem) = CivilDate.sourceDateEpoch() { throw UsageError(problem.description) }
      let includeRoots = try IncludePolicy.roots(fromOption: parsed[IncludePolicy.optionName])
      FormatFiles.shared.beginRun()
      let options = try RunOptions(parsed)
      let progress = RunProgress(console: console, quiet: options.quiet)
      if progress.isLive && options.selection.takesAll {
        progress.total = RunProgress.countTunes(in: parsed.positionals)
      }
      let code = try RunOptions.$current.withValue(options) {
        try RunProgress.$current.withValue(progress) {
          try IncludePolicy.$extraRoots.withValue(includeRoots) { try body(parsed) }
        }
      }
      if summarised { progress.finish() }
      return code
    } catch let error as UsageError {
      // One line and where to look, not the whole usage block.
      console.error(
        "abcpress: error: \(Diagnostic.printable(error.message))\nRun 'abcpress help \(name)' for usage.")
      return .usage
    } catch let error as InputError {
      console.error("abcpress: error: \(Diagnostic.printable(error.description))")
      return .inputErrors
    } catch {
      console.error("abcpress: error: \(Diagnostic.printable("\(error)"))")
      return .failure
    }
  }
}
