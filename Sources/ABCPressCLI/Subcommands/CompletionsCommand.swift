import Book

/// `abcpress completions bash|zsh|fish`: a shell completion script made from the
/// subcommands' own option tables, so it never falls behind them (`make install` writes
/// one for each shell).
struct CompletionsCommand {
  static let help = """
    USAGE: abcpress completions <bash|zsh|fish>

    Prints a completion script for the shell: subcommands, each one's options, and the
    values of --template, --theme, --format, --page-size and --music-font.
    'make install' installs one for each shell; to try one now:
      source <(abcpress completions bash)
    """

  static let spec = ArgumentSpec()
  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard arguments.positionals.count == 1, let shell = arguments.positionals.first else {
      throw UsageError("completions needs one shell: bash, zsh or fish")
    }
    switch shell {
    case "bash": console.write(Self.bash())
    case "zsh": console.write(Self.zsh())
    case "fish": console.write(Self.fish())
    default: throw UsageError("no completions for '\(shell)'; use bash, zsh or fish")
    }
    return .success
  }

  /// Every subcommand with its options (long names, `-x` aliases), sorted.
  static var table: [(name: String, options: [String])] {
    var rows: [(String, [String])] = CommandLineTool.subcommands.map { name, command in
      let spec = CommandLineTool.completed(command.spec)
      return (name, (spec.flags.union(spec.options).union(spec.aliases.keys).union(["--help"])).sorted())
    }
    rows.append(("templates", ["--show", "--help"]))
    rows.append(("themes", ["--show", "--help"]))
    rows.append(("help", []))
    return rows.sorted { $0.0 < $1.0 }
  }

  /// The values an option takes, when they are a fixed list.
  static var values: [(option: String, words: [String])] {
    [
      ("--template", PageTemplate.builtinSources.map(\.name)),
      ("--theme", Theme.builtinSources.map(\.name)),
      ("--format", ["pdf", "png", "svg"]),
      ("--page-size", ["a4", "a5", "letter"]),
      ("--music-font", ["Bravura", "Leland", "Petaluma"]),
    ]
  }

  static func bash() -> String {
    var out = "# bash completion for abcpress (made by `abcpress completions bash`)\n"
    out += "_abcpress() {\n  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
    out += "  local cword=$COMP_CWORD\n  local -a words=(\"${COMP_WORDS[@]}\")\n"
    out += "  if [ \"$cword\" -eq 1 ]; then\n"
    out += "    COMPREPLY=($(compgen -W \"\(table.map(\.name).joined(separator: " "))\" -- \"$cur\"))\n"
    out += "    return\n  fi\n  case \"$prev\" in\n"
    for (option, words) in values {
      out +=
        "    \(option)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
    }
    out += "  esac\n  if [ \"${words[1]}\" = help ]; then\n"
    out += "    COMPREPLY=($(compgen -W \"\(table.map(\.name).joined(separator: " "))\" -- \"$cur\"))\n"
    out += "    return\n  fi\n  case \"${words[1]}\" in\n"
    for (name, options) in table where !options.isEmpty {
      out += "    \(name)) local options=\"\(options.joined(separator: " "))\" ;;\n"
    }
    out += "    *) local options=\"\" ;;\n  esac\n"
    out += "  if [[ \"$cur\" == -* ]]; then\n    COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
    out +=
      "  else\n    COMPREPLY=($(compgen -f -- \"$cur\"))\n  fi\n}\ncomplete -o filenames -F _abcpress abcpress\n"
    return out
  }

  static func zsh() -> String {
    var out = "#compdef abcpress\n# zsh completion for abcpress (made by `abcpress completions zsh`)\n"
    out += "_abcpress() {\n  local -a subcommands\n"
    out += "  subcommands=(\(table.map(\.name).joined(separator: " ")))\n"
    out += "  if (( CURRENT == 2 )); then\n    compadd -a subcommands\n    return\n  fi\n"
    out += "  case $words[CURRENT-1] in\n"
    for (option, words) in values {
      out += "    \(option)) compadd \(words.joined(separator: " ")); return ;;\n"
    }
    out += "  esac\n  if [[ $words[2] == help ]]; then\n    compadd -a subcommands\n    return\n  fi\n"
    out += "  local -a options\n  case $words[2] in\n"
    for (name, options) in table where !options.isEmpty {
      out += "    \(name)) options=(\(options.joined(separator: " "))) ;;\n"
    }
    out += "  esac\n  if [[ $PREFIX == -* ]]; then\n    compadd -a options\n  else\n    _files\n  fi\n}\n"
    out += "_abcpress \"$@\"\n"
    return out
  }

  static func fish() -> String {
    var out = "# fish completion for abcpress (made by `abcpress completions fish`)\n"
    out += "complete -c abcpress -f\n"
    out += "complete -c abcpress -n __fish_use_subcommand -a '\(table.map(\.name).joined(separator: " "))'\n"
    for (name, options) in table {
      if name != "help" && name != "templates" && name != "themes" {
        out += "complete -c abcpress -n '__fish_seen_subcommand_from \(name)' -F\n"
      }
      for option in options where option.hasPrefix("--") {
        let words = values.first { $0.option == option }?.words
        let arguments = words.map { " -x -a '\($0.joined(separator: " "))'" } ?? ""
        out +=
          "complete -c abcpress -n '__fish_seen_subcommand_from \(name)' -l \(option.dropFirst(2))\(arguments)\n"
      }
    }
    out +=
      "complete -c abcpress -n '__fish_seen_subcommand_from help' -a '\(table.map(\.name).joined(separator: " "))'\n"
    return out
  }
}
