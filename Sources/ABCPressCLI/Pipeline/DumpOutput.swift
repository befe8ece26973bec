import DisplayList
import Foundation
import Render

/// The display list as text or JSON, page by page, to standard output or a file.
final class DumpOutput: PageOutput, @unchecked Sendable {
  enum Format { case text, json }
  let format: Format
  private let console: Console
  private let file: URL?
  private var handle: FileHandle?
  private var temporary: URL?
  private var pages = 0

  /// Dumps to `file` (written under a temporary name, renamed when complete) or the console.
  init(format: Format, console: Console, file: URL?) throws {
    self.format = format
    self.console = console
    self.file = file
    if let file {
      let temporary = TemporaryFiles.path(beside: file)
      guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
        throw OutputError("cannot write \(file.path)")
      }
      self.temporary = temporary
      handle = try FileHandle(forWritingTo: temporary)
    }
    if format == .json { emit(DisplayListJSON.opening) }
  }

  deinit {
    try? handle?.close()
    if let temporary { try? FileManager.default.removeItem(at: temporary) }
  }

  /// A page's text without its number (pages are numbered as they are written). The body
  /// is the buffer it was written into, handed from the encoding thread to the writing one
  /// and not touched by the first again.
  struct Encoded: @unchecked Sendable {
    var header: String
    var body: ByteText
  }

  func encode(_ page: DisplayPage, in workspace: RenderWorkspace) throws -> Encoded {
    switch format {
    case .text:
      let parts = DisplayListDumper.pageParts(page)
      return Encoded(header: parts.header + "\n", body: parts.body)
    case .json: return Encoded(header: "", body: DisplayListJSON.encodeText(page: page))
    }
  }

  func write(_ page: Encoded) throws {
    pages += 1
    switch format {
    case .text: emit("page \(pages)" + page.header)
    case .json: if pages > 1 { emit(DisplayListJSON.pageSeparator) }
    }
    page.body.withBytes { emit(raw: $0) }
  }

  func finish(front: [Encoded], back: [Encoded], facts: DocumentFacts) throws -> [URL] {
    for page in front + back { try write(page) }
    switch format {
    case .text: emit(DisplayListDumper.dump(outline: facts.outline))
    case .json:
      emit(
        DisplayListJSON.closing(
          title: facts.title, info: facts.info, outline: facts.outline, pageCount: pages))
    }
    guard let file, let temporary else { return [] }
    try handle?.close()
    handle = nil
    guard rename(temporary.path, file.path) == 0 else {
      throw OutputError("cannot write \(file.path): \(String(cString: strerror(errno)))")
    }
    self.temporary = nil
    return [file]
  }

  private func emit(_ text: String) {
    emit(bytes: Array(text.utf8))
  }

  private func emit(bytes: [UInt8]) {
    bytes.withUnsafeBytes { emit(raw: $0) }
  }

  private func emit(raw bytes: UnsafeRawBufferPointer) {
    if let handle { handle.write(Data(bytes)) } else { console.write(raw: bytes) }
  }
}
