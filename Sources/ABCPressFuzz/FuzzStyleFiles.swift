import Book
import Layout

/// Fuzzes the files a user writes beside the music: templates and themes (`key: value`
/// style files) and book files (`*.abcbook`). Each input is read as all three; none may
/// trap, and every problem must name a line of the input (1 for the file as a whole).
enum FuzzStyleFiles {
  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = max(1, text.split(separator: "\n", omittingEmptySubsequences: false).count)
    func check(_ problems: [StyleFileError]) {
      for problem in problems {
        precondition((1...lines).contains(problem.line), "a problem at line \(problem.line) of \(lines)")
        precondition(!problem.message.isEmpty, "a problem without words")
      }
    }
    let book = BookFile(reading: text)
    check(book.problems)
    for entry in book.entries {
      switch entry {
      case .section(let name, let line), .set(let name, let line):
        precondition(!name.isEmpty && (1...lines).contains(line))
      case .tunes(let path, _, let line): precondition(!path.isEmpty && (1...lines).contains(line))
      case .directive(_, let line), .newPage(let line): precondition((1...lines).contains(line))
      }
    }
    let style = StyleFile(reading: text)
    check(style.problems)
    do { _ = try PageTemplate(file: style, base: .plain) } catch { check(error.all) }
    do { _ = try Theme(file: style) } catch { check(error.all) }
  }
}
