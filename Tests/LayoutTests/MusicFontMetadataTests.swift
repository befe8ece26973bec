import Foundation
import Testing

@testable import SMuFL

/// The music font's metadata reader against Foundation's JSON parser, and on bad documents.
@Suite struct MusicFontMetadataTests {
  @Test(arguments: MusicFont.knownFamilies)
  func everyGlyphMatchesFoundationsReading(family: String) throws {
    let data = try Data(contentsOf: LayoutFixture.root.appendingPathComponent("Fonts/\(family).json"))
    let font = try MusicFont.decode(data)
    let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let glyphs = try #require(file["glyphs"] as? [String: [String: Any]])
    #expect(font.family == file["family"] as? String)
    #expect(font.glyphs.count == glyphs.count)
    for (name, glyph) in glyphs {
      let metrics = try #require(font.glyphs[name], "\(name)")
      #expect(Double(metrics.codepoint) == (glyph["codepoint"] as? NSNumber)?.doubleValue, "\(name)")
      #expect(metrics.advance == (glyph["advance"] as? NSNumber)?.doubleValue, "\(name)")
      #expect(metrics.bbox == (glyph["bbox"] as? [NSNumber])?.map(\.doubleValue), "\(name)")
      let anchors = (glyph["anchors"] as? [String: [NSNumber]] ?? [:]).mapValues { $0.map(\.doubleValue) }
      #expect(font.anchors(of: name) == anchors, "\(name)")
      for (anchor, point) in anchors where anchor.hasPrefix("stem") {
        #expect(metrics.anchor(anchor).map { [$0.x, $0.y] } == point, "\(name) \(anchor)")
      }
    }
    let defaults = try #require(file["engravingDefaults"] as? [String: Any])
    let staffLine = try #require((defaults["staffLineThickness"] as? NSNumber)?.doubleValue)
    #expect(font.engravingDefaults.staffLineThickness == staffLine)
  }

  @Test(arguments: [
    "", "{", "{\"family\": \"X\"}", "{\"family\": \"X\", \"engravingDefaults\": {}, \"glyphs\": {\"a\": {}}}",
    "{\"family\": \"X\", \"engravingDefaults\": {}, \"glyphs\": {\"a\": {\"codepoint\": 1, \"advance\": 1, \"bbox\": [1]}}}",
    "{\"family\": \"X\" \"glyphs\": {}}",
    "{\"family\": \"X\", \"engravingDefaults\": {\"a\": 1e999}, \"glyphs\": {}}",
    String(repeating: "[", count: 100),
  ])
  func aBadDocumentIsMalformed(text: String) {
    #expect(throws: MusicFont.LoadError.self) { try MusicFont.decode(Data(text.utf8)) }
  }

  @Test func stringsKeepTheirEscapes() throws {
    var scanner = JSONScanner(Array(#"["a\"b\\c\/\n", "\u00e9\ud834\udd1e", "plain"]"#.utf8))
    var strings: [String] = []
    try scanner.array { strings.append(try $0.string()) }
    #expect(strings == ["a\"b\\c/\n", "é𝄞", "plain"])
  }

  @Test func valuesNobodyAsksForAreSkipped() throws {
    let text =
      #"{"family": "X", "extra": {"deep": [1, true, null, "s", {"k": -2.5e3}]}, "#
      + #""engravingDefaults": {"stemThickness": 0.2, "textEnclosure": "none"}, "glyphs": {}}"#
    let font = try MusicFont.decode(Data(text.utf8))
    #expect(font.family == "X")
    #expect(font.engravingDefaults.stemThickness == 0.2)
    #expect(font.glyphs.isEmpty)
  }

  @Test func plainDecimalsReadAsTheFullParserReadsThem() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let digits = Int.random(in: 1...15, using: &generator)
      var text = Bool.random(using: &generator) ? "-" : ""
      let point = Int.random(in: 0...digits, using: &generator)
      for position in 0..<digits {
        if position == point && position > 0 { text += "." }
        text += String(Int.random(in: 0...9, using: &generator))
      }
      let fast = JSONScanner.plainDecimal(ArraySlice(Array(text.utf8)))
      #expect(fast?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }
    for text in ["1e3", "-", ".", "1.2.3", "1234567890123456", "+1", ""] {
      #expect(JSONScanner.plainDecimal(ArraySlice(Array(text.utf8))) == nil, "\(text)")
    }
  }
}
