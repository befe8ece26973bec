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
    // The engraver's short reads agree with each glyph's whole metrics.
    var missing = 0
    for glyph in SMuFLGlyph.allCases {
      let metrics = font.glyph(glyph)
      if metrics == nil { missing += 1 }
      #expect(font.advance(of: glyph) == metrics?.advance, "\(glyph)")
      #expect(font.box(of: glyph) == metrics.map(GlyphBox.init), "\(glyph)")
      #expect(font.box(of: glyph)?.width == metrics?.width, "\(glyph)")
      #expect(font.box(of: glyph)?.height == metrics?.height, "\(glyph)")
      #expect(
        font.stemUpSE(of: glyph).map { [$0.x, $0.y] } == metrics?.stemUpSE.map { [$0.x, $0.y] }, "\(glyph)")
      #expect(
        font.stemDownNW(of: glyph).map { [$0.x, $0.y] } == metrics?.stemDownNW.map { [$0.x, $0.y] },
        "\(glyph)")
    }
    #expect(missing < SMuFLGlyph.allCases.count / 2)
    #expect(font.stemUpSE(of: .noteheadBlack) != nil)
  }

  /// A thread's own copy of a font reads exactly as the font, the whole tables too (read
  /// through the original, lazily), and is an object of its own.
  @Test(arguments: MusicFont.knownFamilies)
  func aFontsOwnCopyReadsAsTheFont(family: String) throws {
    let data = try Data(contentsOf: LayoutFixture.root.appendingPathComponent("Fonts/\(family).json"))
    let font = try MusicFont.decode(data)
    let copy = font.ownCopy()
    #expect(!copy.isIdentical(to: font))
    #expect(font.isIdentical(to: font))
    #expect(copy.family == font.family)
    #expect(copy.engravingDefaults.staffLineThickness == font.engravingDefaults.staffLineThickness)
    for glyph in SMuFLGlyph.allCases {
      #expect(copy.glyph(glyph)?.bbox == font.glyph(glyph)?.bbox, "\(glyph)")
      #expect(copy.advance(of: glyph) == font.advance(of: glyph), "\(glyph)")
      #expect(copy.box(of: glyph) == font.box(of: glyph), "\(glyph)")
    }
    // The copy asked first: it reads the original's JSON, and a copy of the copy too.
    #expect(copy.glyphs.count == font.glyphs.count)
    #expect(copy.ownCopy().glyphs.count == font.glyphs.count)
    #expect(copy.anchors(of: "noteheadBlack") == font.anchors(of: "noteheadBlack"))
    #expect(!copy.anchors(of: "noteheadBlack").isEmpty)
  }

  @Test(arguments: [
    "", "{", "{\"family\": \"X\"}",
    "{\"family\": \"X\", \"engravingDefaults\": {}, \"glyphs\": {\"noteheadBlack\": {}}}",
    "{\"family\": \"X\", \"engravingDefaults\": {}, \"glyphs\": {\"gClef\": {\"codepoint\": 1, \"advance\": 1, \"bbox\": [1]}}}",
    "{\"family\": \"X\", \"engravingDefaults\": {}, \"glyphs\": {\"a\": {\"codepoint\": [}}}",
    "{\"family\": \"X\" \"glyphs\": {}}",
    "{\"family\": \"X\", \"engravingDefaults\": {\"a\": 1e999}, \"glyphs\": {}}",
    String(repeating: "[", count: 100),
  ])
  func aBadDocumentIsMalformed(text: String) {
    #expect(throws: MusicFont.LoadError.self) { try MusicFont.decode(Data(text.utf8)) }
  }

  /// The engraver's glyphs are read at once and agree with the whole table read later; a
  /// malformed entry of a glyph it never draws is left out, not a failure.
  @Test(arguments: MusicFont.knownFamilies)
  func theEngraversGlyphsAgreeWithTheWholeTable(family: String) throws {
    let data = try Data(contentsOf: LayoutFixture.root.appendingPathComponent("Fonts/\(family).json"))
    let font = try MusicFont.decode(data)
    var found = 0
    for glyph in SMuFLGlyph.allCases {
      #expect(font.glyph(glyph) == font.glyphs[glyph.rawValue], "\(glyph)")
      if font.glyph(glyph) != nil { found += 1 }
    }
    #expect(found > SMuFLGlyph.allCases.count / 2)
    let text =
      #"{"family": "X", "engravingDefaults": {}, "glyphs": {"someOtherGlyph": {"advance": 1}, "#
      + #""gClef": {"codepoint": 57424, "advance": 2.6, "bbox": [0, -2.6, 2.6, 4.4]}}}"#
    let partial = try MusicFont.decode(Data(text.utf8))
    #expect(partial.glyph(.gClef)?.codepoint == 57424)
    #expect(Array(partial.glyphs.keys) == ["gClef"])
  }

  /// Every engraver's glyph is found by its name's bytes, and nothing else is: not a
  /// name cut short or made longer, nor in another case, nor any other name of the font.
  @Test func theEngraversNamesAreFoundByTheirBytes() throws {
    let table = EngravedNames.shared
    for glyph in SMuFLGlyph.allCases {
      let bytes = Array(glyph.rawValue.utf8)
      #expect(table.ordinal(of: bytes[...]) == glyph.ordinal, "\(glyph)")
      // A shorter name may be another case's ("dynamicForte" of "dynamicFortePiano").
      let shorter = bytes.dropLast()
      let longer = bytes + [UInt8(ascii: "x")]
      #expect(
        table.ordinal(of: shorter) == SMuFLGlyph(rawValue: String(decoding: shorter, as: UTF8.self))?.ordinal,
        "\(glyph)")
      #expect(table.ordinal(of: longer[...]) == nil, "\(glyph)")
      #expect(table.ordinal(of: Array(glyph.rawValue.uppercased().utf8)[...]) == nil, "\(glyph)")
    }
    #expect(table.ordinal(of: [][...]) == nil)
    let data = try Data(contentsOf: LayoutFixture.root.appendingPathComponent("Fonts/Bravura.json"))
    for name in try MusicFont.decode(data).glyphs.keys {
      #expect(table.ordinal(of: Array(name.utf8)[...]) == SMuFLGlyph(rawValue: name)?.ordinal, "\(name)")
    }
  }

  /// A random JSON value (objects, arrays, strings with escapes, numbers, literals).
  func randomValue(depth: Int) -> String {
    switch Int.random(in: 0...(depth > 4 ? 3 : 5)) {
    case 0: return String(Double.random(in: -1e6...1e6))
    case 1: return ["true", "false", "null", "-0.5e-3", "12"].randomElement()!
    case 2: return #""a\"b{[\\]}\u00e9 c""#
    case 3: return "\"\(Int.random(in: 0...99))\""
    case 4:
      let members = (0..<Int.random(in: 0...4)).map { "\"k\($0)\" : \(randomValue(depth: depth + 1))" }
      return "{" + members.joined(separator: ", ") + "}"
    default:
      return "[ "
        + (0..<Int.random(in: 0...4)).map { _ in randomValue(depth: depth + 1) }.joined(separator: ",") + "]"
    }
  }

  /// The quick skip ends where the full one ends, and refuses what is not a value.
  @Test func aQuickSkipEndsWhereAFullSkipEnds() throws {
    for _ in 0..<2000 {
      let value = randomValue(depth: 0)
      for quick in [false, true] {
        var scanner = JSONScanner(Array("[\(value) , 7]".utf8))
        var read: [Double] = []
        var first = true
        try scanner.array { scanner in
          if first {
            first = false
            if quick { try scanner.skipQuickly() } else { try scanner.skipValue() }
          } else {
            read.append(try scanner.number())
          }
        }
        #expect(read == [7], "\(value)")
      }
    }
    for bad in [
      "{\"a\": [1}", "[\"open]", "{\"a\": 1]", "[1, @]", String(repeating: "[", count: 65) + "]", "[[]",
    ] {
      var scanner = JSONScanner(Array(bad.utf8))
      #expect(throws: JSONScanner.Failure.self, "\(bad)") { try scanner.skipQuickly() }
    }
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
