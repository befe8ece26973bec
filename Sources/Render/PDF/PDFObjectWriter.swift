import DisplayList
import Foundation

/*
 PDFObjectWriter — a PDF file written object by object, front to back, in one pass.

 Method. Objects get numbers when they are reserved, and may be written in any order
 once their content is known: a page can name the shared resources dictionary or its
 parent page tree, both written last. The writer appends each object at the end of the
 file and remembers its byte offset; `finish` writes the cross-reference table from those
 offsets and the trailer naming the catalog. Output goes through a buffered `FILE *`
 straight to disk, so memory holds one object at a time.

     %PDF-1.7  1 0 obj <<…>> endobj  5 0 obj <<…/Length 812>> stream … endstream endobj …
     xref 0 42 … trailer << /Size 42 /Root 2 0 R /Info 3 0 R >> startxref 98765 %%EOF

 Limits. No object streams and no incremental updates: a plain PDF 1.7 file.
 */

/// Writes numbered PDF objects to a file and closes it with a cross-reference table.
final class PDFObjectWriter {
  private let file: UnsafeMutablePointer<FILE>
  private let path: String
  private var offsets: [Int] = [0]
  private var position = 0
  private var closed = false

  /// Opens `path` for writing (replacing it) and writes the PDF header.
  init(path: String) throws {
    guard let file = fopen(path, "wb") else {
      throw RenderError.io(path: path, reason: TemporaryFiles.reason(errno))
    }
    self.file = file
    self.path = path
    // The binary comment marks the file as binary for transfer programs.
    try put(Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A])
  }

  deinit {
    if !closed { fclose(file) }
  }

  /// A new object number, to be written later.
  func reserve() -> Int {
    offsets.append(-1)
    return offsets.count - 1
  }

  /// Writes object `number` with a dictionary or other value given as text.
  func write(_ number: Int, _ body: String) throws {
    try begin(number)
    var text = body
    try text.withUTF8 { try put(UnsafeRawBufferPointer($0)) }
    try put(Self.objectEnd)
  }

  /// Writes object `number` with a dictionary or other value written as bytes (a book's
  /// outline entries and link annotations, tens of thousands of them: each made a string
  /// and copied to an array was most of finishing the file).
  func write(_ number: Int, _ body: ByteText) throws {
    try begin(number)
    try body.withBytes { try put($0) }
    try put(Self.objectEnd)
  }

  private static let objectEnd: StaticString = "\nendobj\n"

  /// Writes a new object and returns its number.
  func add(_ body: String) throws -> Int {
    let number = reserve()
    try write(number, body)
    return number
  }

  /// Writes object `number` as a stream: `dictionary` holds its entries other than
  /// `/Length` (and `/Filter` when `compressed`).
  func writeStream(_ number: Int, dictionary: String, data: [UInt8], compressed: Bool) throws {
    try begin(number)
    var head = ByteText(capacity: 64 + dictionary.utf8.count)
    head.put("<< /Length ")
    head.integer(data.count)
    if compressed { head.put(" /Filter /FlateDecode") }
    head.put(byte: 0x20)
    head.put(string: dictionary)
    head.put(" >>\nstream\n")
    try head.withBytes { try put($0) }
    try data.withUnsafeBytes { try put($0) }
    try put(Self.streamEnd)
  }

  private static let streamEnd: StaticString = "\nendstream\nendobj\n"

  /// Writes a new stream object, compressing it, and returns its number.
  func addStream(dictionary: String, data: [UInt8], compress: Bool = true) throws -> Int {
    let number = reserve()
    let packed: (bytes: [UInt8], compressed: Bool) = compress ? Deflate.compress(data) : (data, false)
    try writeStream(number, dictionary: dictionary, data: packed.bytes, compressed: packed.compressed)
    return number
  }

  /// Writes the cross-reference table and trailer and closes the file.
  func finish(root: Int, info: Int, id: String) throws {
    for (number, offset) in offsets.enumerated().dropFirst() where offset < 0 {
      // A reserved object never written becomes null, so references to it stay valid.
      try write(number, "null")
    }
    let start = position
    // Twenty bytes an object, written as bytes (a book's tens of thousands of objects made
    // as strings were a serial stretch at the end of every run).
    var table = ByteText(capacity: offsets.count * 20 + 256)
    table.put(string: "xref\n0 \(offsets.count)\n0000000000 65535 f \n")
    for offset in offsets.dropFirst() {
      table.integer(offset, width: 10)
      table.put(" 00000 n \n")
    }
    table.put(
      string:
        "trailer\n<< /Size \(offsets.count) /Root \(root) 0 R /Info \(info) 0 R /ID [<\(id)> <\(id)>] >>\n"
    )
    table.put(string: "startxref\n\(start)\n%%EOF\n")
    try table.withBytes { try put($0) }
    closed = true
    let flushed = fflush(file) == 0 && ferror(file) == 0
    let reason = String(cString: strerror(errno))
    let status = fclose(file)
    guard flushed, status == 0 else { throw RenderError.io(path: path, reason: reason) }
  }

  /// Notes where object `number` starts and writes its opening (`12 0 obj`), through a
  /// reused buffer.
  private func begin(_ number: Int) throws {
    offsets[number] = position
    opening.clear()
    opening.integer(number)
    opening.put(" 0 obj\n")
    try opening.withBytes { try put($0) }
  }

  /// `begin`'s bytes, kept for the writer's life.
  private var opening = ByteText(capacity: 32)

  private func put(_ text: StaticString) throws {
    try put(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private func put(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try put($0) }
  }

  private func put(_ bytes: UnsafeRawBufferPointer) throws {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    let written = fwrite(base, 1, bytes.count, file)
    guard written == bytes.count else {
      throw RenderError.io(path: path, reason: TemporaryFiles.reason(errno))
    }
    position += written
  }
}
