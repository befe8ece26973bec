import ABCParser
import Foundation
import ScoreModel
import Transposition

/// Reads ABC inputs (files or `-` for standard input) and parses them into tune books.
struct InputLoader {
  let console: Console
  /// Semitones every parsed tune is transposed by (`--transpose`), 0 for none.
  var transpose = 0

  struct Loaded {
    var tunebooks: [Tunebook] = []
    /// The source text of each tune book, for the book assembler.
    var texts: [String] = []
    /// The input names, as given.
    var names: [String] = []
    var diagnostics: [Diagnostic] = []
    var tunes: [Tune] { tunebooks.flatMap(\.tunes) }
    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
  }

  /// Loads every input; unreadable files become error diagnostics at 1:1.
  func load(_ paths: [String]) -> Loaded {
    var loaded = Loaded()
    for path in paths {
      let name = path == "-" ? "<stdin>" : path
      let data: Data
      do {
        if path == "-" {
          data = try console.readStandardInput()
        } else {
          data = try Data(contentsOf: URL(fileURLWithPath: path))
        }
      } catch {
        loaded.diagnostics.append(
          Diagnostic(
            .error, "cannot read file: \(Self.reason(error))",
            at: SourceRange(SourceLocation(line: 1, column: 1)), file: name))
        continue
      }
      if let verdict = ContentSniffer.notABC(data.prefix(ContentSniffer.window)) {
        loaded.diagnostics.append(
          Diagnostic(.error, verdict, at: SourceRange(SourceLocation(line: 1, column: 1)), file: name))
        continue
      }
      var text = SourceDecoder.decode(data)
      if ContentSniffer.isMusicXML(data.prefix(ContentSniffer.window)) {
        switch MusicXMLInput.abcText(Array(data), file: name) {
        case .success(let converted):
          text = converted.text
          loaded.diagnostics += converted.warnings
        case .failure(let failure):
          loaded.diagnostics.append(MusicXMLInput.diagnostic(failure, file: name))
          continue
        }
      }
      let result = ABCParser.parse(text, file: name, includeResolver: IncludePolicy(input: path).resolver())
      var book = result.tunebook
      if transpose != 0 {
        let transposer = Transposer(semitones: transpose)
        book.tunes = book.tunes.map(transposer.transpose)
      }
      loaded.tunebooks.append(book)
      loaded.texts.append(text)
      loaded.names.append(name)
      loaded.diagnostics += result.diagnostics.map { diagnostic in
        var diagnostic = diagnostic
        diagnostic.file = diagnostic.file ?? name
        return diagnostic
      }
    }
    return loaded
  }

  /// Prints diagnostics as `file:line:column: severity: message`.
  func report(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics { console.error(diagnostic.description) }
  }

  static func reason(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return String(cString: strerror(code.rawValue)).lowercased()
    }
    if nsError.domain == NSCocoaErrorDomain && nsError.code == NSFileReadNoSuchFileError {
      return "no such file or directory"
    }
    return nsError.localizedDescription
  }
}
