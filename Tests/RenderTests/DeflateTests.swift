import CABCPressZlib
import Testing

@testable import Render

/// PDF streams are compressed by libdeflate and read by every PDF reader as zlib data:
/// zlib's own `uncompress` must give back the bytes, whatever they are.
@Suite struct DeflateTests {
  /// `data` inflated by zlib, expecting `size` bytes.
  func inflated(_ data: [UInt8], size: Int) -> [UInt8]? {
    var length = uLongf(max(size, 1))
    var out = [UInt8](repeating: 0, count: max(size, 1))
    let status = uncompress(&out, &length, data, uLong(data.count))
    guard status == Z_OK else { return nil }
    return Array(out.prefix(Int(length)))
  }

  @Test func zlibReadsBackWhatIsCompressed() throws {
    var generator = SystemRandomNumberGenerator()
    var inputs: [[UInt8]] = [[], [0x41], Array(repeating: 0, count: 1 << 20)]
    for size in [7, 1000, 65_537, 300_000] {
      inputs.append((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
    // Page content as a PDF writes it: operators and numbers, highly repetitive.
    var page = ""
    for index in 0..<20_000 {
      page +=
        "\(index % 500).\(index % 97) \(Int.random(in: 0...800, using: &generator)) m 1 0 0 1 12.5 3 Tm <0041> Tj\n"
    }
    inputs.append(Array(page.utf8))
    for input in inputs {
      let packed = Deflate.compress(input)
      #expect(packed.compressed)
      #expect(packed.bytes.first == 0x78, "a zlib header")
      let back = try #require(inflated(packed.bytes, size: input.count))
      #expect(back == input)
    }
    let content = Deflate.compress(Array(page.utf8))
    #expect(content.bytes.count * 3 < page.utf8.count)
  }
}
