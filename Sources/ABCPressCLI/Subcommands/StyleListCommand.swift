import Book

/// `abcpress templates` and `abcpress themes`: list the built-ins, or print one's source.
struct StyleListCommand {
  enum Kind {
    case templates, themes
  }

  static func help(_ kind: Kind) -> String {
    let name = kind == .templates ? "templates" : "themes"
    let file = kind == .templates ? "Documentation/templates.md" : "Documentation/themes.md"
    return """
      USAGE: abcpress \(name) [--show <name>]

      Lists the built-in \(name) with a one-line description. --show prints one as a file
      you can copy, edit and pass by path (format: \(file)).

      OPTIONS:
        --show <name>   Print the named built-in's source.
        -h, --help      Show this help.
      """
  }

  static let spec = ArgumentSpec(options: ["--show"])

  let console: Console
  let kind: Kind

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    let sources = kind == .templates ? PageTemplate.builtinSources : Theme.builtinSources
    if let name = arguments["--show"] {
      guard let source = sources.first(where: { $0.name == name }) else {
        throw UsageError("no built-in named '\(name)' (have: \(sources.map(\.name).joined(separator: ", ")))")
      }
      console.write(source.text + "\n")
      return .success
    }
    let width = (sources.map(\.name.count).max() ?? 0) + 2
    for source in sources {
      let description = (try? StyleFile(parsing: source.text))?["description"] ?? ""
      console.write(source.name.padding(to: width) + description + "\n")
    }
    return .success
  }
}

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
