import Foundation
import Testing

@testable import ABCPressCLI

/// The server's JSON reads back as what was written, whatever the strings hold.
struct JSONWriterTests {
  func readBack(_ value: Any) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(JSONWriter.data(value)), options: [.fragmentsAllowed])
  }

  @Test func valuesReadBackAsWritten() throws {
    let tricky =
      "quote \" backslash \\ slash / tab \t newline \n return \r bell \u{7} nul \u{0} é ♯ 𝄞 \u{2028}"
    let value: [String: Any] = [
      "text": tricky, "numbers": [0, -7, 12.5, 1e-7, 3.0e21, Double.pi, Float(0.25), UInt16(9)] as [Any],
      "flags": [true, false], "nested": [["a": [1, [2, [3]]]]], "empty": [String: Any](), "none": NSNull(),
      tricky: "key with everything",
    ]
    let back = try #require(try readBack(value) as? [String: Any])
    #expect(back["text"] as? String == tricky)
    #expect(back[tricky] as? String == "key with everything")
    let numbers = try #require(back["numbers"] as? [NSNumber]).map(\.doubleValue)
    #expect(numbers == [0, -7, 12.5, 1e-7, 3.0e21, Double.pi, 0.25, 9])
    #expect(back["flags"] as? [Bool] == [true, false])
    #expect(back["none"] is NSNull)
    #expect((back["empty"] as? [String: Any])?.isEmpty == true)
    #expect(String(decoding: JSONWriter.data([Double.nan, Double.infinity]), as: UTF8.self) == "[null,null]")
  }

  @Test func aBooleanNumberStaysABoolean() throws {
    let parsed = try JSONSerialization.jsonObject(with: Data(#"{"on": true, "n": 3}"#.utf8))
    #expect(String(decoding: JSONWriter.data(parsed), as: UTF8.self).contains(#""on":true"#))
    #expect(String(decoding: JSONWriter.data(parsed), as: UTF8.self).contains(#""n":3"#))
  }
}
