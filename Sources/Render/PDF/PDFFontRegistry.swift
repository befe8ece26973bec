import Foundation

/*
 PDFFontRegistry — every font a document uses, embedded once as a subset at the end.

 Method. Pages are encoded with glyph indices of whole fonts, naming each font by a stable
 resource name. The registry unites what every page used: per font, the glyph indices
 and the text each glyph stands for. At the end each font is subset by HarfBuzz keeping
 glyph indices (so the finished content streams stay valid) and written as a composite
 font: Type 0 with Identity-H encoding over a CIDFont (TrueType or CFF outlines), widths
 from the font, a font descriptor, the font program and a ToUnicode map so text can be
 searched and copied.

     /F1a2b3c → Type0 /ABCDEF+TeXGyreSchola-Regular → CIDFontType0 → FontFile3 (OpenType)

 Limits. Glyph indices above 65,535 cannot be named with two bytes and are dropped; a
 CID-keyed CFF font is embedded as if its glyph indices were its CIDs.
 */

/// Collects font use over a document's pages and writes the fonts when it is complete.
final class PDFFontRegistry {
  private var used = PDFFontUses()
  private var alphaStates: Set<Int> = []
  let fonts: FontLibrary

  init(fonts: FontLibrary) {
    self.fonts = fonts
  }

  /// Notes what an encoded page uses.
  func note(_ page: PDFEncodedPage) {
    used.merge(page.fonts)
    alphaStates.formUnion(page.alphaStates)
  }

  /// Writes every font and returns the shared resource dictionary's entries.
  func writeFonts(with writer: PDFObjectWriter) throws -> String {
    var fontEntries: [String] = []
    for key in used.sortedKeys {
      guard let use = used[key], let number = try writeFont(use, with: writer) else { continue }
      fontEntries.append("/\(use.source.resourceName) \(number) 0 R")
    }
    var resources = "<< /Font << " + fontEntries.joined(separator: " ") + " >>"
    if !alphaStates.isEmpty {
      let states = alphaStates.sorted().map { level -> String in
        let alpha = PDFSyntax.number(Double(level) / 1000)
        return "/GS\(level) << /Type /ExtGState /ca \(alpha) /CA \(alpha) >>"
      }
      resources += " /ExtGState << " + states.joined(separator: " ") + " >>"
    }
    return resources + " >>"
  }

  private func program(for source: PDFFontSource) throws -> (PDFFontProgram, String)? {
    switch source {
    case .music(let family):
      guard fonts.musicFontFile(family) != nil else { return nil }
      return PDFFontProgram(data: try fonts.musicFace(family).sfntData()).map { ($0, family) }
    case .file(let path, let index):
      let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
      return PDFFontProgram(path: path, index: index).map { ($0, name) }
    }
  }

  /// Writes one font's objects and returns the number of its Type 0 font dictionary.
  private func writeFont(_ use: PDFFontUse, with writer: PDFObjectWriter) throws -> Int? {
    guard let (program, fallbackName) = try program(for: use.source) else { return nil }
    let glyphs = use.glyphs.keys.filter { $0 <= 0xFFFF }.sorted()
    guard let data = program.subset(glyphs) else { return nil }
    let tag = Self.subsetTag(use.source.key, glyphs)
    let name = PDFSyntax.name(tag + "+" + program.postScriptName(fallback: fallbackName))
    let isMusic = if case .music = use.source { true } else { false }

    let fileNumber: Int
    if program.isCFF {
      fileNumber = try writer.addStream(dictionary: "/Subtype /OpenType", data: data)
    } else {
      fileNumber = try writer.addStream(dictionary: "/Length1 \(data.count)", data: data)
    }
    let metrics = program.metrics
    let italic = metrics.italicAngle != 0
    let flags = (isMusic ? 4 : 32) | (italic ? 64 : 0)
    let bbox = metrics.bbox.map(PDFSyntax.number).joined(separator: " ")
    let descriptor = try writer.add(
      "<< /Type /FontDescriptor /FontName \(name) /Flags \(flags) /FontBBox [\(bbox)]"
        + " /ItalicAngle \(PDFSyntax.number(metrics.italicAngle)) /Ascent \(PDFSyntax.number(metrics.ascent))"
        + " /Descent \(PDFSyntax.number(metrics.descent)) /CapHeight \(PDFSyntax.number(metrics.capHeight))"
        + " /StemV 80 \(program.isCFF ? "/FontFile3" : "/FontFile2") \(fileNumber) 0 R >>")
    let widths = glyphs.map { "\($0) [\(PDFSyntax.number(program.width($0)))]" }.joined(separator: " ")
    let subtype = program.isCFF ? "/CIDFontType0" : "/CIDFontType2 /CIDToGIDMap /Identity"
    let cidFont = try writer.add(
      "<< /Type /Font /Subtype \(subtype) /BaseFont \(name)"
        + " /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"
        + " /FontDescriptor \(descriptor) 0 R /DW 1000 /W [\(widths)] >>")
    let toUnicode = try writer.addStream(dictionary: "", data: Array(Self.toUnicode(use.glyphs).utf8))
    return try writer.add(
      "<< /Type /Font /Subtype /Type0 /BaseFont \(name) /Encoding /Identity-H"
        + " /DescendantFonts [\(cidFont) 0 R] /ToUnicode \(toUnicode) 0 R >>")
  }

  /// Six capital letters naming a subset, the same for the same font and glyphs.
  static func subsetTag(_ key: String, _ glyphs: [UInt32]) -> String {
    var hash = PDFSyntax.stableHash(key + glyphs.map(String.init).joined(separator: ","))
    var tag = ""
    for _ in 0..<6 {
      tag.append(Character(Unicode.Scalar(UInt8(65 + hash % 26))))
      hash /= 26
    }
    return tag
  }

  /// A CMap from glyph indices to the text they stand for.
  static func toUnicode(_ glyphs: [UInt32: String]) -> String {
    let mapped = glyphs.filter { $0.key <= 0xFFFF && !$0.value.isEmpty }.sorted { $0.key < $1.key }
    var out = """
      /CIDInit /ProcSet findresource begin
      12 dict begin
      begincmap
      /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
      /CMapName /Adobe-Identity-UCS def
      /CMapType 2 def
      1 begincodespacerange
      <0000> <FFFF>
      endcodespacerange

      """
    var start = 0
    while start < mapped.count {
      let chunk = mapped[start..<min(start + 100, mapped.count)]
      out += "\(chunk.count) beginbfchar\n"
      for (glyph, text) in chunk {
        let units = text.utf16.prefix(64).map { PDFSyntax.hex(UInt32($0), digits: 4) }.joined()
        out += "<\(PDFSyntax.hex(glyph, digits: 4))> <\(units)>\n"
      }
      out += "endbfchar\n"
      start += 100
    }
    out += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
    return out
  }
}
