/// A subcommand of `abcpress`: its options, its help text, and what it does.
protocol Subcommand {
  static var spec: ArgumentSpec { get }
  static var help: String { get }
  init(console: Console)
  func run(_ arguments: ParsedArguments) throws -> ExitCode
}

extension RenderCommand: Subcommand {}
extension BookCommand: Subcommand {}
extension ThumbsCommand: Subcommand {}
extension DumpCommand: Subcommand {}
extension CheckCommand: Subcommand {}
extension MIDICommand: Subcommand {}
