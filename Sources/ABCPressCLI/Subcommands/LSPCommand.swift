import Foundation

/// `abcpress lsp`: a Language Server Protocol server on standard input and output.
struct LSPCommand {
  static let help = """
    USAGE: abcpress lsp

    Speaks the Language Server Protocol on standard input and output, for editors
    (Neovim, Helix, Emacs, VS Code): problems shown as you type (the same as 'abcpress
    check', re-checked tune by tune), completion of decorations, header fields, %%
    directives, keys and voices, hover (what a field, directive or decoration means; a
    note's pitch and length), one symbol per tune, go to definition of macros, user
    symbols and parts, formatting (header order, spaces around bar lines), and the
    command abcpress.renderPDF (the document as edited, engraved beside its file).
    See Documentation/lsp.md for editor set-ups.

    OPTIONS:
      -h, --help   Show this help.
    """

  static let spec = ArgumentSpec(flags: [], options: [], aliases: [:])

  let console: Console

  func run(_ arguments: ParsedArguments) throws -> ExitCode {
    guard arguments.positionals.isEmpty else {
      throw UsageError("lsp takes no input files (editors send them)")
    }
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return LanguageServer(transport: LSPTransport(), executable: executable).run()
  }
}
