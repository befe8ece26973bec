import Foundation
import Testing

@testable import Render

/// Text runs go into PDF as `TJ` arrays: a reader that advances its pen by each glyph's
/// width and by the array's numbers puts every glyph within 0.005 pt of its place.
@Suite struct PDFTextRunTests {
  struct Glyph {
    var id: UInt32
    var x: Double
    var y: Double
  }

  /// Where a reader puts each glyph of `operators` (BT, Tf, Tm, Td, Tj and TJ with the
  /// widths given, no other text state; the size as `Tf` wrote it): page x and y, in order.
  static func read(_ operators: String, widths: [UInt32: Double]) -> [Glyph] {
    var glyphs: [Glyph] = []
    var size = 0.0
    var operands: [String] = []
    var line = (x: 0.0, y: 0.0, slant: 0.0)
    var pen = 0.0
    func show(_ hex: Substring) {
      var digits = hex.dropFirst().dropLast()
      while !digits.isEmpty {
        let id = UInt32(digits.prefix(4), radix: 16)!
        digits = digits.dropFirst(4)
        glyphs.append(Glyph(id: id, x: line.x + pen, y: line.y))
        pen += widths[id]! * size / 1000
      }
    }
    let scanner = operators.replacingOccurrences(of: "[", with: " [ ").replacingOccurrences(
      of: "]", with: " ] "
    )
    .replacingOccurrences(of: "<", with: " <").replacingOccurrences(of: ">", with: "> ")
    var array: [String]?
    for token in scanner.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init) {
      switch token {
      case "[": array = []
      case "]":
        operands.append(contentsOf: array ?? [])
        array = nil
      case _ where array != nil: array?.append(token)
      case "Tm":
        let m = operands.suffix(6).map { Double($0)! }
        line = (m[4], m[5], m[2])
        pen = 0
        operands = []
      case "Td":
        let d = operands.suffix(2).map { Double($0)! }
        line = (line.x + d[0], line.y - d[1], line.slant)
        pen = 0
        operands = []
      case "Tj", "TJ":
        for operand in operands {
          if operand.hasPrefix("<") {
            show(Substring(operand))
          } else {
            pen -= Double(operand)! * size / 1000
          }
        }
        operands = []
      case "Tf":
        size = Double(operands.last!)!
        operands = []
      case "BT", "ET": operands = []
      default: operands.append(token)
      }
    }
    return glyphs
  }

  static func write(_ glyphs: [Glyph], size: Double, widths: [UInt32: Double], slant: Double = 0) -> String {
    var stream = PDFContentStream()
    stream.beginText()
    stream.setFont("F1", size: size)
    for glyph in glyphs {
      stream.showRunGlyph(
        glyph.id, x: glyph.x, y: glyph.y, width: widths[glyph.id]!, size: PDFContentStream.rounded(size),
        slant: slant)
    }
    stream.endText()
    return String(decoding: stream.bytes, as: UTF8.self)
  }

  @Test func aRunSetByItsWidthsIsOneString() {
    let widths: [UInt32: Double] = [0x41: 722, 0x42: 667, 0x20: 278]
    var x = 10.0
    var glyphs: [Glyph] = []
    for id: UInt32 in [0x41, 0x42, 0x20, 0x41] {
      glyphs.append(Glyph(id: id, x: x, y: 20))
      x += widths[id]! * 12 / 1000
    }
    let operators = Self.write(glyphs, size: 12, widths: widths)
    #expect(operators == "BT\n/F1 12 Tf\n1 0 0 -1 10 20 Tm\n[<0041004200200041>]TJ\nET\n")
  }

  @Test func everyGlyphLandsWithinAHalfHundredthOfAPoint() {
    var random = SystemRandomNumberGenerator()
    let widths = Dictionary(
      uniqueKeysWithValues: (1...40).map {
        (
          UInt32($0),
          Double(Int.random(in: 0...1100, using: &random)) + [0, 0.5, 0.125].randomElement(using: &random)!
        )
      })
    for trial in 0..<300 {
      let size = [6.0, 9.5, 10, 10.125, 10.5, 17, 24.333].randomElement(using: &random)!
      let slant = trial % 5 == 0 ? 0.2 : 0
      var x = Double.random(in: 0...400, using: &random)
      let y = Double.random(in: 0...800, using: &random)
      var glyphs: [Glyph] = []
      for _ in 0..<Int.random(in: 1...30, using: &random) {
        let id = UInt32.random(in: 1...40, using: &random)
        // Mostly set by width; some kerned, some marks moved back or off the baseline.
        let kern = Int.random(in: 0..<4, using: &random) == 0 ? Double.random(in: -2...1, using: &random) : 0
        let raised =
          Int.random(in: 0..<12, using: &random) == 0 ? Double.random(in: -4...4, using: &random) : 0
        glyphs.append(Glyph(id: id, x: x + kern, y: y + raised))
        x += widths[id]! * size / 1000 + kern
      }
      let operators = Self.write(glyphs, size: size, widths: widths, slant: slant)
      let read = Self.read(operators, widths: widths)
      #expect(read.map(\.id) == glyphs.map(\.id))
      for (shown, wanted) in zip(read, glyphs) {
        #expect(abs(shown.x - wanted.x) <= 0.005 + 1e-9, "\(operators)")
        #expect(abs(shown.y - wanted.y) <= 0.005 + 1e-9, "\(operators)")
      }
    }
  }
}
