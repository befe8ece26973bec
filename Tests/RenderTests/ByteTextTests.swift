import DisplayList
import Foundation
import Testing

/// The byte writer's numbers against string formatting: whole numbers, dump numbers
/// (hundredths, as the JSON form writes them) and PDF decimals, on random and edge values.
@Suite struct ByteTextTests {
  /// `value` to `places` decimals, half away from zero, trailing zeros dropped.
  func reference(_ value: Double, places: Int) -> String {
    let unit = [10.0, 100, 1000][places - 1]
    let scaled = Int64((value * unit).rounded())
    let sign = scaled < 0 ? "-" : ""
    let magnitude = scaled.magnitude
    let whole = magnitude / UInt64(unit)
    var fraction = String(magnitude % UInt64(unit))
    fraction = String(repeating: "0", count: places - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
  }

  @Test func hexadecimalDigitsAsStringFormatWritesThem() {
    for value in [0, 1, 0x0F, 0x10, 0xA5, 0xFF, 0x100, 0x1234, 0xBEEF, 0xE0A4, 0xFFFF]
      + (0..<500).map({ _ in
        Int.random(in: 0...0xFFFF)
      })
    {
      var text = ByteText()
      text.put(hex: UInt16(value))
      #expect(text.string == String(format: "%04X", value))
    }
  }

  @Test func aClearedTextHoldsOnlyWhatIsWrittenAfter() {
    var text = ByteText(capacity: 8)
    for value in 0..<300 { text.integer(value) }
    #expect(text.count > 64)
    text.clear()
    #expect(text.count == 0)
    #expect(text.string.isEmpty)
    text.put("12 0 obj")
    text.integer(345)
    #expect(text.string == "12 0 obj345")
    // A copy shares the buffer, as the type says: it sees the clearing too.
    let copy = text
    text.clear()
    #expect(copy.count == 0)
  }

  @Test func paddedNumbersAsAnXrefTableWritesThem() {
    var values = [0, 7, 9, 10, 99, 100, 123_456, 999_999_999, 1_000_000_000, 9_999_999_999, 12_345_678_901]
    values += (0..<2000).map { _ in Int.random(in: 0...(1 << Int.random(in: 1...40))) }
    for value in values {
      var text = ByteText()
      text.integer(value, width: 10)
      let digits = String(value)
      #expect(text.string == String(repeating: "0", count: max(10 - digits.count, 0)) + digits)
    }
    var tagged = ByteText()
    for (tag, value) in [("t", 0), ("s", 9), ("c", 10), ("l", 12_345), ("v", -3)] {
      tagged.tagged(UInt8(ascii: Unicode.Scalar(tag)!), value)
    }
    #expect(tagged.string == " t0 s9 c10 l12345 v-3")
  }

  @Test func wholeNumbersAsStringWritesThem() {
    var generator = SystemRandomNumberGenerator()
    var values = [
      0, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, Int.max, Int.min + 1, -1, -10_000,
    ]
    for _ in 0..<5000 {
      let digits = Int.random(in: 1...18, using: &generator)
      values.append(Int.random(in: -(1 << (3 * digits))...(1 << (3 * digits)), using: &generator))
    }
    var text = ByteText()
    for value in values {
      text.integer(value)
      text.put(byte: 0x20)
    }
    #expect(text.string == values.map(String.init).joined(separator: " ") + " ")
  }

  @Test func numbersMatchTheJSONFormAndPDFDecimals() {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [
      0, -0.0, 0.005, -0.005, 0.004, 99.995, 9999.999, 12.5, 1e11, -1e11, 595.2756, 0.333_3,
    ]
    for _ in 0..<5000 {
      let magnitude = pow(10, Double.random(in: -3...11, using: &generator))
      values.append(Bool.random(using: &generator) ? magnitude : -magnitude)
    }
    for value in values {
      var dump = ByteText()
      dump.number(value)
      #expect(dump.string == DisplayListJSON.number(value), "\(value)")
      for places in 1...3 {
        var pdf = ByteText()
        pdf.decimal(value, places: places)
        #expect(pdf.string == reference(value, places: places), "\(value) \(places)")
        // Followed by a separator, as a content stream writes its operands.
        pdf.decimal(value, places: places, then: 0x20)
        #expect(
          pdf.string == reference(value, places: places) + reference(value, places: places) + " ",
          "\(value) \(places)")
      }
    }
    var outside = ByteText()
    outside.decimal(.nan, places: 2)
    outside.decimal(1e13, places: 3)
    outside.number(.infinity)
    outside.decimal(-.infinity, places: 2, then: 0x20)
    #expect(outside.string == "001e150 ")
  }

  /// Every hundredth from −1100 to 1100 (the table's whole parts and places, and the
  /// digits past them), with quarter-hundredths between, written by the cursor as
  /// `DisplayListJSON.number` writes them; whole numbers and tags around the table's end.
  @Test func cursorNumbersCoverTheTableAndItsEdges() {
    var text = ByteText()
    var expected = ""
    for step in -440_000...440_000 where step % 4 == 0 || step % 997 == 0 {
      let value = Double(step) / 400
      var cursor = text.cursor(room: ByteText.Cursor.numberRoom)
      cursor.number(value, then: 0x20)
      text.commit(cursor)
      expected += DisplayListJSON.number(value) + " "
    }
    #expect(text.string == expected)
    var whole = ByteText()
    var cursor = whole.cursor(room: 64 * ByteText.Cursor.numberRoom)
    let values = [0, 9, 10, 99, 100, 999, 1000, 1001, 12_345, -1, -999, -1000, Int.max, Int.min]
    for value in values { cursor.tagged(UInt8(ascii: "n"), value) }
    cursor.number(.nan)
    cursor.number(-.infinity, then: 0x2C)
    cursor.number(2e15)
    whole.commit(cursor)
    #expect(whole.string == values.map { " n\($0)" }.joined() + "0-1e15,1e15")
  }
}
