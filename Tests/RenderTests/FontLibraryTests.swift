import DisplayList
import Foundation
import Render
import SMuFL
import Testing

/// Music font loading, text font registration, clear errors and atomic output on failure.
@Suite struct FontLibraryTests {
  @Test func loadsMetadataAndFaces() throws {
    let fonts = FontLibrary(directory: Fixtures.fontsDirectory)
    let bravura = try fonts.musicFont("Bravura")
    #expect(bravura.family == "Bravura")
    #expect(bravura.glyph(.gClef)?.codepoint == 0xE050)
    #expect(bravura.engravingDefaults.staffLineThickness == 0.13)
    for family in MusicFont.knownFamilies {
      #expect(fonts.musicFontFile(family)?.lastPathComponent == family + ".ttf")
      try fonts.loadMusicFace(family)
    }
  }

  /// A workspace engraves with its own copy of the music font: made once and kept while
  /// the same font is asked for, made again for another font, never the shared object.
  @Test func aWorkspaceKeepsItsOwnCopyOfTheMusicFont() throws {
    let fonts = FontLibrary(directory: Fixtures.fontsDirectory)
    let bravura = try fonts.musicFont("Bravura")
    let leland = try fonts.musicFont("Leland")
    let workspace = try RenderWorkspace(fonts: fonts)
    let first = workspace.musicFont(bravura)
    #expect(!first.isIdentical(to: bravura))
    #expect(workspace.musicFont(bravura).isIdentical(to: first))
    #expect(first.family == "Bravura")
    #expect(first.advance(of: .noteheadBlack) == bravura.advance(of: .noteheadBlack))
    let other = workspace.musicFont(leland)
    #expect(other.family == "Leland" && !other.isIdentical(to: leland))
    #expect(!workspace.musicFont(bravura).isIdentical(to: first))
    // Another workspace (another thread) has a copy of its own.
    let second = try RenderWorkspace(fonts: fonts)
    #expect(!second.musicFont(bravura).isIdentical(to: workspace.musicFont(bravura)))
  }

  /// The decompressed font beside each WOFF2 (what the library opens first) draws the
  /// page exactly as the WOFF2 itself does: the same PNG and SVG bytes, and the same PDF
  /// once its creation date is set aside.
  @Test func decompressedFontsDrawAsTheirWOFF2() throws {
    var pages: [String: [OutputFormat: Data]] = [:]
    for kind in ["ttf", "woff2"] {
      let directory = try Fixtures.scratchDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      for family in MusicFont.knownFamilies {
        for file in [family + ".json", family + "." + kind] {
          try FileManager.default.copyItem(
            at: Fixtures.fontsDirectory.appendingPathComponent(file),
            to: directory.appendingPathComponent(file))
        }
      }
      let fonts = FontLibrary(directory: directory)
      for family in MusicFont.knownFamilies {
        #expect(fonts.musicFontFile(family)?.lastPathComponent == family + "." + kind)
      }
      let renderer = Renderer(fonts: fonts, textMeasurer: try PangoTextMeasurer(fonts: fonts))
      for format in OutputFormat.allCases {
        let url = directory.appendingPathComponent("page." + format.rawValue)
        try renderer.write(DisplayList(pages: [Fixtures.musicPage()]), to: url, format: format, dpi: 96)
        var bytes = try Data(contentsOf: url)
        if format == .pdf, let start = bytes.firstRange(of: Data("/CreationDate (".utf8)),
          let end = bytes[start.upperBound...].firstIndex(of: UInt8(ascii: ")"))
        {
          bytes.removeSubrange(start.lowerBound...end)
        }
        pages[kind, default: [:]][format] = bytes
      }
    }
    for format in OutputFormat.allCases {
      #expect(pages["ttf"]?[format] == pages["woff2"]?[format], "\(format)")
      #expect(pages["ttf"]?[format]?.isEmpty == false)
    }
  }

  @Test func missingMusicFontIsAClearError() throws {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fonts = FontLibrary(directory: directory)
    let renderer = Renderer(fonts: fonts, textMeasurer: try PangoTextMeasurer(fonts: fonts))
    let error = #expect(throws: RenderError.self) {
      try renderer.write(
        DisplayList(pages: [Fixtures.musicPage()]), to: directory.appendingPathComponent("out.pdf"),
        format: .pdf)
    }
    #expect(error == .musicFontNotFound(family: "Bravura", directory: directory.path))
    // The message names the folder and every place fonts are looked for.
    #expect(
      error?.description.hasPrefix(
        "music font Bravura not found in \(directory.path)/ (looked for: --fonts DIR") == true)
    #expect(error?.description.contains("$ABCPRESS_FONTS, then share/abcpress/fonts") == true)
    #expect(throws: RenderError.musicFontMetadataNotFound(family: "Leland", directory: directory.path)) {
      try fonts.musicFont("Leland")
    }
    // The failed run left nothing behind, not even a temporary file.
    #expect(Fixtures.files(in: directory).isEmpty)
  }

  @Test func failedRunKeepsTheOldFile() throws {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let old = Data("previous output".utf8)
    var page = Fixtures.musicPage()
    page.items.append(Fixtures.glyph(.decoration, "noSuchGlyph", 0xF8FF0, x: 300, y: 300))
    for format in OutputFormat.allCases {
      let url = directory.appendingPathComponent("out." + format.rawValue)
      try old.write(to: url)
      #expect(throws: RenderError.missingGlyph(name: "noSuchGlyph", codepoint: 0xF8FF0, font: "Bravura")) {
        try Fixtures.renderer().write(DisplayList(pages: [page, page]), to: url, format: format, dpi: 72)
      }
      #expect(try Data(contentsOf: url) == old)
    }
    #expect(Fixtures.files(in: directory) == ["out.pdf", "out.png", "out.svg"])
  }

  @Test func registersTextFontsFromTheFontsDirectory() throws {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = URL(fileURLWithPath: "/usr/share/fonts/opentype/linux-libertine/LinBiolinum_R.otf")
    try #require(FileManager.default.fileExists(atPath: source.path))
    try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent("Biolinum.otf"))
    try Data("not a font".utf8).write(to: directory.appendingPathComponent("notes.txt"))
    // A music font (SMuFL metadata beside it) is not a text font.
    for file in ["Bravura.json", "Bravura.ttf"] {
      try FileManager.default.copyItem(
        at: Fixtures.fontsDirectory.appendingPathComponent(file), to: directory.appendingPathComponent(file))
    }
    let fonts = FontLibrary(directory: directory)
    #expect(fonts.registeredTextFonts.map(\.lastPathComponent) == ["Biolinum.otf"])
    #expect(fonts.musicFontFile("Bravura")?.lastPathComponent == "Bravura.ttf")
  }
}
