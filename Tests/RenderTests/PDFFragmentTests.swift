import DisplayList
import Foundation
import Testing

@testable import Render

/// A piece's PDF operators as a layout cache keeps them, and the description that names a
/// page's content for the cache of encoded pages.
@Suite struct PDFFragmentTests {
  static let operators = Array("BT /F1 10 Tf 1 0 0 -1 20 30 Tm <0041> Tj ET\n".utf8)

  @Test func recordsKeepOperatorsPackedOrPlain() throws {
    let fragment = PDFFragment(content: Self.operators, fonts: [:], alphaStates: [500])
    for packed in [true, false] {
      let bytes = fragment.encoded(packed: packed)
      let read = try #require(PDFFragment(encoded: bytes))
      #expect(read.content == Self.operators)
      #expect(read.digest == fragment.digest)
      #expect(read.alphaStates == [500])
      // Cut records never read as fragments.
      #expect(PDFFragment(encoded: Array(bytes.dropLast())) == nil)
    }
    #expect(fragment.encoded(packed: true) != fragment.encoded(packed: false))
    // The digest names the operators: other operators, another digest.
    let other = PDFFragment(content: Self.operators + [0x0A], fonts: [:], alphaStates: [])
    #expect(other.digest != fragment.digest)
  }

  @Test func pagesAreDescribedByTheirPiecesPlacesAndItems() throws {
    func group(_ content: [UInt8]) -> DisplayGroup {
      let group = DisplayGroup(items: [])
      group.rendering = PDFFragment(content: content, fonts: [:], alphaStates: [])
      return group
    }
    func page(_ groups: [PlacedGroup], text: String = "12") -> DisplayPage {
      let head = DisplayItem(
        role: .footer,
        shape: .text(
          TextShape(text: text, font: FontSpec(family: "Serif", size: 10), origin: Point(x: 1, y: 2))),
        box: Rect(x: 1, y: 0, width: 10, height: 3))
      var page = DisplayPage(width: 595, height: 842, items: [head])
      page.groups = groups
      return page
    }
    let a = group(Self.operators)
    let b = group(Self.operators + [0x0A])
    let base = try #require(PDFPageEncoder.describe(page([PlacedGroup(group: a, dx: 0, dy: 10)])))
    // The same operators from another group (a later run's record) describe the same page.
    #expect(PDFPageEncoder.describe(page([PlacedGroup(group: group(Self.operators), dx: 0, dy: 10)])) == base)
    #expect(PDFPageEncoder.describe(page([PlacedGroup(group: b, dx: 0, dy: 10)])) != base)
    #expect(PDFPageEncoder.describe(page([PlacedGroup(group: a, dx: 0, dy: 11)])) != base)
    #expect(PDFPageEncoder.describe(page([PlacedGroup(group: a, dx: 0, dy: 10)], text: "13")) != base)
    let sepia = RolePalette(background: RGBAColor(red: 1, green: 0.9, blue: 0.8))
    #expect(PDFPageEncoder.describe(page([PlacedGroup(group: a, dx: 0, dy: 10)]), palette: sepia) != base)
    // A piece not drawn yet leaves the page undescribed (it is drawn, not looked up).
    #expect(PDFPageEncoder.describe(page([PlacedGroup(group: DisplayGroup(items: []), dx: 0, dy: 0)])) == nil)
  }

  @Test func appendingToAPageWithGroupsKeepsPaintOrder() {
    let item = { (x: Double) in
      DisplayItem(
        role: .staffLine,
        shape: .line(LineShape(from: Point(x: x, y: 0), to: Point(x: x + 1, y: 0), thickness: 1)),
        box: Rect(x: x, y: 0, width: 1, height: 1))
    }
    var page = DisplayPage(width: 100, height: 100, items: [item(50)])
    page.groups = [PlacedGroup(group: DisplayGroup(items: [item(0)]), dx: 5, dy: 0)]
    page.items.append(item(70))
    #expect(page.groups.isEmpty)
    #expect(page.items.map(\.box.minX) == [5, 50, 70])
  }

  /// Found by `scripts/fuzz cache`: a record of a few bytes that claimed a gigabyte made
  /// its buffer (and was slow to fill) before zlib said it was damaged.
  @Test func packedRecordsClaimingMoreThanDeflateCanHoldAreRefusedAtOnce() {
    let claimsAGigabyte: [UInt8] = [0xFF, 0xFF, 0xFF, 0x3F, 0x78, 0x01, 0x03, 0x00, 0x00]
    #expect(CompressedRecord.unpack(claimsAGigabyte) == nil)
    // What deflate really does still comes back: 1 MB of zeros packs to under 8 KB at level 1.
    let zeros = [UInt8](repeating: 0, count: 1 << 20)
    let packed = CompressedRecord.pack(zeros)
    #expect(packed.count < 8192)
    #expect(CompressedRecord.unpack(packed) == zeros)
  }

  /// Records are packed on every worker at once, each with a compressor of its own from the
  /// shared shelf: what comes back is what went in, and zlib reads it.
  @Test func recordsPackedOnManyThreadsAtOnceComeBackWhole() async {
    let inputs: [[UInt8]] = (0..<64).map { seed in
      var generator = SystemRandomNumberGenerator()
      let length = [1, 7, 300, 5_000, 70_000][seed % 5]
      // Half random bytes, half PDF-like text (compressible).
      return seed % 2 == 0
        ? (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        : Array(String(repeating: "1 0 0 1 12.5 -3 Tm (\u{E0A4}) Tj\n", count: length / 30 + 1).utf8)
    }
    let results = await withTaskGroup(of: (Int, [UInt8]?).self) { group in
      for (index, input) in inputs.enumerated() {
        group.addTask { (index, CompressedRecord.unpack(CompressedRecord.pack(input))) }
      }
      var results = [[UInt8]?](repeating: nil, count: inputs.count)
      for await (index, unpacked) in group { results[index] = unpacked }
      return results
    }
    for (index, input) in inputs.enumerated() { #expect(results[index] == input, "record \(index)") }
  }
}
