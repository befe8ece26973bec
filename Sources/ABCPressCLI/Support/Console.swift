import Foundation
import ScoreModel

/// Where a command reads standard input and writes its output and errors.
///
/// The executable uses the process's streams; tests use a captured console.
public final class Console: @unchecked Sendable {
  public private(set) var output = ""
  /// Every byte written to a captured console's output (binary streams included).
  public private(set) var outputBytes: [UInt8] = []
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
    if captures { output += text } else { write(bytes: Array(text.utf8)) }
  }

  /// Writes UTF-8 bytes to the output (a captured console decodes them).
  public func write(bytes: [UInt8]) {
    if captures {
      output += String(decoding: bytes, as: UTF8.self)
      outputBytes += bytes
      return
    }
    bytes.withUnsafeBytes { _ = Descriptor.writeAll(STDOUT_FILENO, $0) }
  }

  /// Writes bytes held elsewhere (a dump page's buffer) without copying them first.
  public func write(raw bytes: UnsafeRawBufferPointer) {
    if captures {
      write(bytes: Array(bytes))
      return
    }
    _ = Descriptor.writeAll(STDOUT_FILENO, bytes)
  }

  public func error(_ text: String) { error(text, newline: true) }

  /// Writes to standard error, with a line end added unless `newline` is false (a
  /// progress line redrawn in place).
  public func error(_ text: String, newline: Bool) {
    var line = !newline || text.hasSuffix("\n") ? text : text + "\n"
    if captures {
      errors += line
    } else {
      // Straight to the descriptor (no Data and FileHandle per warning; a failed write to a
      // closed standard error is passed over rather than trapping).
      line.withUTF8 { _ = Descriptor.writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
    }
  }

  /// Whether this console writes to the process's own streams.
  var isStandard: Bool { !captures }

  /// Whether a stream of the process is a terminal (never for a captured console).
  func isTerminal(_ descriptor: Int32) -> Bool { !captures && isatty(descriptor) == 1 }

  /// The standard input a captured console serves (nil for the process's own).
  var capturedInput: Data? { input }

  /// All of standard input, read with read(2) until end of file. A closed descriptor, a
  /// folder, another read error, or more than `Limits.standardInputSize` bytes (as from
  /// `/dev/zero`) throw a `StandardInputError` instead of trapping or growing forever.
  public func readStandardInput() throws(StandardInputError) -> Data {
    if let input { return input }
    if InterruptCleanup.standardInputWasClosed { throw StandardInputError("standard input is closed") }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count > 0 {
        guard data.count + count <= Limits.standardInputSize else {
          throw StandardInputError("standard input is larger than \(Limits.standardInputSize >> 20) MB")
        }
        data.append(contentsOf: buffer[0..<count])
        continue
      }
      if count == 0 { return data }
      switch errno {
      case EINTR: continue
      case EAGAIN:
        var request = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        _ = poll(&request, 1, -1)
      case EBADF: throw StandardInputError("standard input is closed")
      case EISDIR: throw StandardInputError("standard input is a folder")
      case let code:
        throw StandardInputError("cannot read standard input: \(String(cString: strerror(code)))")
      }
    }
  }
}

/// Standard input could not be read; the message is one line for the user.
public struct StandardInputError: Error, CustomStringConvertible, LocalizedError {
  public var description: String
  public init(_ description: String) { self.description = description }
  public var errorDescription: String? { description }
}
