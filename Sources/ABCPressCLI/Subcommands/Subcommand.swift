/// A subcommand of `abcpress`: its options, its help text, and what it does.
protocol Subcommand: SendableMetatype {
  static var spec: ArgumentSpec { get }
  static var help: String { get }
  /// Whether the command lays out or draws text (its fonts are loaded from the start).
  static var measuresText: Bool { get }
  init(console: Console)
  func run(_ arguments: ParsedArguments) throws -> ExitCode
}

extension Subcommand {
  static var measuresText: Bool { true }
}

extension RenderCommand: Subcommand {}
extension BookCommand: Subcommand {}
extension ThumbsCommand: Subcommand {}
extension DumpCommand: Subcommand {}
extension CheckCommand: Subcommand {
  static var measuresText: Bool { false }
}
extension MIDICommand: Subcommand {
  static var measuresText: Bool { false }
}
extension AudioCommand: Subcommand {
  static var measuresText: Bool { false }
}
extension MusicXMLCommand: Subcommand {
  static var measuresText: Bool { false }
}
extension ABCCommand: Subcommand {
  static var measuresText: Bool { false }
}
extension WatchCommand: Subcommand {}
extension ServeCommand: Subcommand {
  static var measuresText: Bool { false }
}
extension LSPCommand: Subcommand {
  static var measuresText: Bool { false }
}
extension CompletionsCommand: Subcommand {
  static var measuresText: Bool { false }
}
