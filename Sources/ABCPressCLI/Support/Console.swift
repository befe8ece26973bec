import Foundation

/// Where a command reads standard input and writes its output and errors.
///
/// The executable uses the process's streams; tests use a captured console.
public final class Console: @unchecked Sendable {
  public private(set) var output = ""
  public private(set) var errors = ""
  private let captures: Bool
  private let input: Data?

  /// A console bound to the process's standard streams.
  public static func standard() -> Console { Console(captures: false, input: nil) }

  /// A console that records output and errors and serves `input` as standard input.
  public static func captured(input: String = "") -> Console {
    Console(captures: true, input: Data(input.utf8))
  }

  private init(captures: Bool, input: Data?) {
    self.captures = captures
    self.input = input
  }

  public func write(_ text: String) {
    if captures { output += text } else { FileHandle.standardOutput.write(Data(text.utf8)) }
  }

  public func error(_ text: String) {
    let line = text.hasSuffix("\n") ? text : text + "\n"
    if captures { errors += line } else { FileHandle.standardError.write(Data(line.utf8)) }
  }

  /// The standard input a captured console serves (nil for the process's own).
  var capturedInput: Data? { input }

  public func readStandardInput() -> Data {
    input ?? FileHandle.standardInput.readDataToEndOfFile()
  }
}
