import Testing

@testable import ABCParser

/// Splitting bytes into lines: the eight-bytes-at-a-time scan finds what a byte-by-byte
/// scan finds, and lines decode the same whatever chunks the bytes come in.
@Suite struct LineDecoderTests {
  static let alphabet: [UInt8] = [
    0x41, 0x7A, 0x20, 0x7C, 0x0A, 0x0D, 0x00, 0x09, 0x7F, 0x80, 0xC3, 0xA9, 0xFF, 0x0B, 0x8A, 0x8D,
  ]

  @Test func theWordScanFindsWhatAByteScanFinds() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      // Mostly plain bytes, so that lines run past several words.
      let bytes: [UInt8] = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
        Int.random(in: 0..<6, using: &generator) == 0
          ? Self.alphabet.randomElement(using: &generator)! : UInt8.random(in: 0x21...0x7E, using: &generator)
      }
      let start = Int.random(in: 0...bytes.count, using: &generator)
      var end = start
      while end < bytes.count && bytes[end] != 10 && bytes[end] != 13 { end += 1 }
      let high = bytes[start..<end].contains { $0 >= 0x80 }
      bytes.withUnsafeBytes { buffer in
        let found = LineDecoder.lineEnd(in: buffer, from: start)
        #expect(found.end == end, "\(bytes) from \(start)")
        #expect((found.highBits != 0) == high, "\(bytes) from \(start)")
      }
    }
  }

  @Test func linesAreTheSameInAnyChunks() {
    let text =
      "X:1\r\nT:Caf\u{E9} \u{1D11E}\rK:G\n\nabc|\r\n" + String(repeating: "defg ", count: 30) + "\nlast"
    let bytes = Array(text.utf8) + [0xE9, 0x0A]
    func lines(_ sizes: [Int]) -> [String] {
      var decoder = LineDecoder()
      var out: [String] = []
      var index = 0
      var turn = 0
      while index < bytes.count {
        let size = min(sizes[turn % sizes.count], bytes.count - index)
        bytes[index..<index + size].withUnsafeBytes { chunk in
          decoder.feed(chunk) { out.append("\($0.number):" + String(String.UnicodeScalarView($0.scalars))) }
        }
        index += size
        turn += 1
      }
      decoder.finish { out.append("\($0.number):" + String(String.UnicodeScalarView($0.scalars))) }
      return out
    }
    let whole = lines([bytes.count])
    #expect(
      whole == [
        "1:X:1", "2:T:Caf\u{E9} \u{1D11E}", "3:K:G", "4:", "5:abc|",
        "6:" + String(repeating: "defg ", count: 30),
        "7:last\u{E9}",
      ])
    for sizes in [[1], [2], [3, 7], [8], [9], [16, 1], [5, 11, 2]] {
      #expect(lines(sizes) == whole, "\(sizes)")
    }
  }
}
