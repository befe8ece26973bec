import Testing

@testable import Layout

/// A title's last comma, found among its bytes when the title is ASCII, is the one its
/// characters give; "Name, The" titles trim as before.
@Suite struct TitleTrimTests {
  @Test func theLastCommaIsFoundAsAmongCharacters() {
    let titles = [
      "Kesh, The", "Valse, La Belle", "no comma", "", ",", "a,b,c", "Trailing,", "Line\r\n, Crlf",
      "Café, Le", "Ça, va", "e\u{301}, The", "x,\u{301} y", "Μπάλος, Ο",
    ]
    for title in titles {
      #expect(TitleStyle.lastComma(in: title) == title.lastIndex(of: ","), "\(title)")
    }
    var style = TitleStyle()
    style.trim = 1
    #expect(style.trimmed("Kesh, The") == "The Kesh")
    #expect(style.trimmed("Café, Le") == "Le Café")
    #expect(style.trimmed("Line\r\n, The") == "The Line\r\n")
  }
}
