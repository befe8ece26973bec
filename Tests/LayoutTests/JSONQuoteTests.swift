import DisplayList
import Testing

/// A JSON string literal: plain printable ASCII as it is, quotes, backslashes, controls
/// and bidirectional controls escaped, other text as it is.
@Suite struct JSONQuoteTests {
  @Test func textsAreQuotedAndEscaped() {
    #expect(DisplayListJSON.quote("The Kesh") == "\"The Kesh\"")
    #expect(DisplayListJSON.quote("") == "\"\"")
    #expect(DisplayListJSON.quote("say \"hi\"") == "\"say \\\"hi\\\"\"")
    #expect(DisplayListJSON.quote("a\\b") == "\"a\\\\b\"")
    #expect(DisplayListJSON.quote("tab\there\nnext") == "\"tab\\there\\nnext\"")
    #expect(DisplayListJSON.quote("\u{7F}\u{1}") == "\"\\u007f\\u0001\"")
    #expect(DisplayListJSON.quote("Größe \u{202E}x") == "\"Größe \\u202ex\"")
  }
}
