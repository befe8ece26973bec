import Dispatch
import Foundation
import Render

/// On Ctrl-C, SIGTERM or SIGHUP: removes the run's temporary files (half-written outputs,
/// the copy of standard input) and exits with 128 + the signal's number, as shells expect.
/// Finished outputs and the old files a run would have replaced stay as they are.
///
/// The signals are taken from the default handlers and delivered through dispatch sources,
/// so the cleanup runs as ordinary code on a dispatch thread, not in a signal handler.
enum InterruptCleanup {
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

  /// Whether standard input was closed when the process started: the descriptor is then
  /// held by /dev/null, so dispatch's own descriptors cannot take its number.
  nonisolated(unsafe) static var standardInputWasClosed = false

  /// Installs the handlers once per process.
  static func install() {
    guard sources.isEmpty else { return }
    guardStandardDescriptors()
    for number in [SIGINT, SIGTERM, SIGHUP] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        TemporaryFiles.removeAll()
        _exit(128 + number)
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Opens /dev/null on any of the three standard descriptors that is closed, so no file
  /// or pipe the process opens takes its number.
  static func guardStandardDescriptors() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
      if descriptor == STDIN_FILENO { standardInputWasClosed = true }
      let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      if null >= 0 && null != descriptor {
        dup2(null, descriptor)
        close(null)
      }
    }
  }
}
