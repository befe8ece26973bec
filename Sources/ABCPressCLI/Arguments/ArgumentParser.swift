import ScoreModel

/// A command-line usage mistake, reported with exit code 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// The options a subcommand accepts.
public struct ArgumentSpec: Sendable {
  /// Options without a value, e.g. `--help`.
  public var flags: Set<String>
  /// Options taking one value, e.g. `--dpi 150` or `--dpi=150`.
  public var options: Set<String>
  /// Short forms, e.g. `-o` → `--output`.
  public var aliases: [String: String]

  public init(flags: Set<String> = [], options: Set<String> = [], aliases: [String: String] = [:]) {
    self.flags = flags.union(["--help"])
    self.options = options
    self.aliases = aliases.merging(["-h": "--help"]) { a, _ in a }
  }
}

/// Parsed arguments: positionals in order, flags seen, and the last value of each option.
public struct ParsedArguments: Equatable, Sendable {
  public var positionals: [String] = []
  public var flags: Set<String> = []
  public var values: [String: String] = [:]

  public func has(_ flag: String) -> Bool { flags.contains(flag) }
  public subscript(_ option: String) -> String? { values[option] }
}

/// A small, strict parser for GNU-style arguments: `--name value`, `--name=value`, short
/// aliases, `--` to end options and `-` as a positional meaning standard input.
public enum ArgumentParser {
  public static func parse(_ arguments: [String], spec: ArgumentSpec) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      name = spec.aliases[name] ?? name
      if spec.flags.contains(name) {
        guard inlineValue == nil else { throw UsageError("option \(name) takes no value") }
        result.flags.insert(name)
      } else if spec.options.contains(name) {
        if let inlineValue {
          result.values[name] = inlineValue
        } else {
          guard index < arguments.count else { throw UsageError("option \(name) needs a value") }
          result.values[name] = arguments[index]
          index += 1
        }
      } else {
        let known = spec.flags.union(spec.options).union(spec.aliases.keys)
        throw UsageError("unknown option '\(argument)'" + Suggestion.hint(for: name, among: known))
      }
    }
    return result
  }
}
