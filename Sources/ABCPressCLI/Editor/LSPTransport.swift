import Foundation

/*
 LSPTransport — the Language Server Protocol's base protocol over a pair of file
 descriptors: each message is a header block (`Content-Length: N`, optionally
 `Content-Type`), an empty line, then N bytes of JSON.

     Content-Length: 52\r\n
     \r\n
     {"jsonrpc":"2.0","id":1,"method":"shutdown"}

 Reading runs on a thread of its own, so that the server can take every message that has
 arrived before it works (a burst of edits is applied at once and checked once). Limits:
 a message larger than `maxMessage` or a header without a length ends the session (the
 stream cannot be resynchronised); JSON that does not parse is answered with a parse error.
 */

/// Framed JSON-RPC messages read from and written to file descriptors.
final class LSPTransport: @unchecked Sendable {
  /// The largest message accepted (a tune book of several megabytes fits).
  static let maxMessage = 64 << 20

  private let input: Int32
  private let output: Int32
  private let lock = NSLock()
  private var buffer: [UInt8] = []
  private var start = 0

  init(input: Int32 = 0, output: Int32 = 1) {
    self.input = input
    self.output = output
  }

  /// The next message's JSON bytes; nil at the end of input or a broken frame.
  func read() -> [UInt8]? {
    var length: Int?
    while true {
      guard let line = readLine() else { return nil }
      if line.isEmpty { break }
      let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      if parts.count == 2, parts[0].lowercased() == "content-length" { length = Int(parts[1]) }
    }
    guard let length, length >= 0, length <= Self.maxMessage else { return nil }
    return readBytes(length)
  }

  /// The next message and every other whole one already read (at least one; empty at the
  /// end of input): a burst of edits written at once is handled as one batch.
  func readBatch() -> [[UInt8]] {
    guard let first = read() else { return [] }
    var batch = [first]
    while hasWholeMessage(), let next = read() { batch.append(next) }
    return batch
  }

  /// Whether the buffer holds a whole message (headers and body) already.
  private func hasWholeMessage() -> Bool {
    let pending = buffer[start...]
    guard let headerEnd = pending.firstRange(of: [0x0D, 0x0A, 0x0D, 0x0A] as [UInt8]) else { return false }
    let header = String(decoding: pending[..<headerEnd.lowerBound], as: UTF8.self).lowercased()
    guard let range = header.range(of: "content-length:") else { return false }
    let digits = header[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber }
    guard let length = Int(digits) else { return false }
    return pending.count - (headerEnd.upperBound - pending.startIndex) >= length
  }

  /// Writes one message (any thread; messages never interleave).
  func send(_ json: [UInt8]) {
    let header = Array("Content-Length: \(json.count)\r\n\r\n".utf8)
    lock.lock()
    defer { lock.unlock() }
    // Header and body written one after the other (a large answer is not copied into a frame).
    header.withUnsafeBytes { _ = Descriptor.writeAll(output, $0) }
    json.withUnsafeBytes { _ = Descriptor.writeAll(output, $0) }
  }

  /// One header line without its line end (CR LF, or LF alone).
  private func readLine() -> String? {
    while true {
      if let end = buffer[start...].firstIndex(of: 0x0A) {
        var line = Array(buffer[start..<end])
        if line.last == 0x0D { line.removeLast() }
        start = end + 1
        return String(decoding: line, as: UTF8.self)
      }
      guard buffer.count - start < 8192, fill() else { return nil }
    }
  }

  private func readBytes(_ count: Int) -> [UInt8]? {
    while buffer.count - start < count {
      guard fill() else { return nil }
    }
    let bytes = Array(buffer[start..<start + count])
    start += count
    return bytes
  }

  /// Reads more input into the buffer; false at its end.
  private func fill() -> Bool {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      buffer += chunk[..<count]
      return true
    }
  }
}
