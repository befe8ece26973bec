import ABCPressCLI
import Book
import DisplayList
import Foundation
import Layout
import Testing

@Suite struct StyleFileTests {
  @Test func sectionsCommentsQuotesAndColours() throws {
    let file = try StyleFile(
      parsing: """
        # a comment
        name: mine   # trailing comment
        background: #1e1f24
        [Header]
        right: "{page} # not a comment"
        """)
    #expect(file["name"] == "mine")
    #expect(file["background"] == "#1e1f24")
    #expect(file["header.right"] == "{page} # not a comment")
    #expect(throws: StyleFileError.self) { try StyleFile(parsing: "no colon here") }
  }

  @Test func valueReaders() {
    #expect(abs((StyleValues.length("25.4mm") ?? 0) - 72) < 0.001)
    #expect(StyleValues.length("1in") == 72)
    #expect(StyleValues.length("12") == 12)
    #expect(StyleValues.length("abc") == nil)
    let font = StyleValues.font("EB Garamond italic 11", base: FontSpec(family: "X", size: 9))
    #expect(font == FontSpec(family: "EB Garamond", size: 11, isItalic: true))
    #expect(StyleValues.color("#ff8000") == ThemeColor(red: 1, green: 128.0 / 255, blue: 0))
    #expect(StyleValues.color("none")?.alpha == 0)
    // CSS colour names, in any case; a word that names no colour is refused.
    #expect(StyleValues.color("red") == ThemeColor(red: 1, green: 0, blue: 0))
    #expect(
      StyleValues.color("DarkSlateBlue") == ThemeColor(red: 72.0 / 255, green: 61.0 / 255, blue: 139.0 / 255))
    #expect(StyleValues.color("navy") == ThemeColor(red: 0, green: 0, blue: 128.0 / 255))
    #expect(StyleValues.color("reddish") == nil && StyleValues.color("red1x") == nil)
  }

  @Test(arguments: ["plain", "a4-book", "letter-book", "a5-pocket", "card", "incipit"])
  func builtinTemplatesLoadAndMatchTheirFiles(name: String) throws {
    let template = try #require(PageTemplate.builtin(name))
    #expect(template.name == name)
    let url = BookFixture.root.appendingPathComponent("Templates/\(name).abcstyle")
    let onDisk = try String(contentsOf: url, encoding: .utf8)
    let embedded = try #require(PageTemplate.builtinSources.first { $0.name == name }).text
    #expect(onDisk.trimmingCharacters(in: .newlines) == embedded, "run scripts/embed-templates")
  }

  @Test func thePlainTemplateNamedIsTheDefault() throws {
    // `--template plain`, the default the help names, is the template used without one.
    let named = try #require(PageTemplate.builtin("plain"))
    #expect(named.setup == PageTemplate.plain.setup && named.options == PageTemplate.plain.options)
  }

  @Test func pageSizesAndMarginsPerTemplate() throws {
    let a4 = try #require(PageTemplate.builtin("a4-book")).setup
    #expect(a4.width == 595.28 && a4.height == 841.89)
    #expect(a4.mirrorMargins)
    let mm = 72 / 25.4
    #expect(abs(a4.contentLeft(pageIndex: 0) - 24 * mm) < 0.01)  // inner 18 mm + gutter 6 mm
    #expect(abs(a4.contentLeft(pageIndex: 1) - 15 * mm) < 0.01)  // outer margin on the left of even pages
    let letter = try #require(PageTemplate.builtin("letter-book")).setup
    #expect(letter.width == 612 && letter.height == 792)
    let a5 = try #require(PageTemplate.builtin("a5-pocket")).setup
    #expect(a5.width == 419.53 && a5.staffSpace == 4)
    let card = try #require(PageTemplate.builtin("card"))
    #expect(card.setup.width > card.setup.height)
    #expect(card.options.onePerPage)
    #expect(try #require(PageTemplate.builtin("incipit")).incipitBars == 4)
  }

  @Test func evenPagePartsNotGivenAreEmptyInAnyOrder() throws {
    // With an even-* part given, the other even parts are empty, whichever line comes first;
    // with none, even pages repeat the odd ones.
    for text in [
      "[header]\neven-left: \"{page}\"\nleft: \"{book}\"\nright: \"{page}\"\n",
      "[header]\nleft: \"{book}\"\nright: \"{page}\"\neven-left: \"{page}\"\n",
    ] {
      let template = try PageTemplate(file: try StyleFile(parsing: text), base: .plain)
      let head = try #require(template.setup.header)
      #expect(head.parts(pageIndex: 0) == ["{book}", "", "{page}"])
      #expect(head.parts(pageIndex: 1) == ["{page}", "", ""], "\(text)")
    }
    let plain = try PageTemplate(file: try StyleFile(parsing: "[header]\nright: \"{page}\"\n"), base: .plain)
    #expect(plain.setup.header?.parts(pageIndex: 1) == ["", "", "{page}"])
  }

  @Test func userTemplateOverridesABase() throws {
    let file = try StyleFile(
      parsing: """
        base: a5-pocket
        name: tall
        [page]
        size: 100mm x 200mm
        [footer]
        center: "{title}"
        """)
    let template = try PageTemplate(file: file)
    #expect(template.name == "tall")
    #expect(abs(template.setup.width - 283.46) < 0.01)
    #expect(template.setup.staffSpace == 4)
    #expect(template.setup.footer?.odd[1] == "{title}")
    #expect(throws: StyleFileError.self) { try PageTemplate(file: StyleFile(parsing: "bogus: 1")) }
  }

  @Test(arguments: ["classic", "sepia", "dark", "high-contrast", "ink-saver", "manuscript"])
  func builtinThemesLoad(name: String) throws {
    let theme = try #require(Theme.builtin(name))
    #expect(theme.name == name)
    #expect(theme.musicFont.map { ["Bravura", "Leland", "Petaluma"].contains($0) } ?? true)
  }

  @Test func themeGroupsColourEveryRoleInThem() throws {
    let dark = try #require(Theme.builtin("dark"))
    #expect(dark.background.hex == "#1e1f24")
    for role in try #require(Theme.groups["staff"]) { #expect(dark.color(for: role).hex == "#8c8f99") }
    #expect(dark.color(for: .notehead).hex == "#e6e6e6")
    #expect(throws: StyleFileError.self) { try Theme(file: StyleFile(parsing: "[colors]\nnope: #000000")) }
  }
}

/// A template or theme with several mistakes reports every one of them in one run.
@Suite struct StyleFileProblemsTests {
  @Test func everyProblemOfATemplateIsReportedAtOnce() throws {
    let text = """
      base: a4-book
      [page]
      size: a3x
      margins top 10mm
      [music]
      staff-space: 40pt
      justify: maybe
      [title
      font: Tex Gyre Schola 18
      [header]
      middle: {page}
      """
    var caught: StyleFileError?
    do {
      _ = try PageTemplate(file: StyleFile(reading: text))
    } catch {
      caught = error
    }
    let error = try #require(caught)
    // Malformed lines (4, 8), bad values (3, 6, 7) and unknown keys (9: `font` still in
    // [music] after the broken section header; 11), in line order.
    #expect(error.all.map(\.line) == [3, 4, 6, 7, 8, 9, 11])
    #expect(error.all[0].message.contains("page.size"))
    #expect(error.all[1].message.contains("expected 'key: value'"))
    #expect(error.all[6].message.contains("unknown template key 'header.middle'"))
    #expect(error.description.split(separator: "\n").count == 7)
  }

  @Test func everyProblemOfAThemeIsReportedAtOnce() throws {
    var caught: StyleFileError?
    do {
      _ = try Theme(file: StyleFile(reading: "ink: reddish\n[colors]\nnope: red\nnotes: #12\n"))
    } catch {
      caught = error
    }
    #expect(try #require(caught).all.map(\.line) == [1, 3, 4])
  }

  @Test func theCommandLineNamesTheFileOnEveryLine() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appendingPathComponent("typo.abcstyle")
    try "page.size: a9\nmusic.staff-space: big\nbogus: 1\n".write(
      to: template, atomically: true, encoding: .utf8)
    let input = folder.appendingPathComponent("t.abc")
    try BookFixture.tune(1, "A").write(to: input, atomically: true, encoding: .utf8)
    let result = BookOutputTests.tool([
      "render", input.path, "--template", template.path, "-o", folder.appendingPathComponent("o.pdf").path,
    ])
    #expect(result.code == .usage)
    for line in 1...3 { #expect(result.errors.contains("typo.abcstyle:\(line): ")) }
  }
}

/// Fonts named by the ABC's own font directives are checked as a template's are.
@Suite struct FontDirectiveCheckTests {
  @Test func aFontDirectiveNamingAMissingFontIsAWarningAtItsLine() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("fonts.abc")
    try """
    %%titlefont Nonexistent-Display 20

    X:1
    T:Own Font
    %%composerfont Palatino-Bold 12
    %%subtitlefont Missingtypeface 11
    K:C
    CDEF|
    """.write(to: input, atomically: true, encoding: .utf8)
    let check = BookOutputTests.tool(["check", input.path, "--no-excerpt"])
    #expect(
      check.output.contains(
        "fonts.abc:6:1: warning: font 'Missingtypeface' (%%subtitlefont) is not installed"))
    #expect(!check.output.contains("Palatino"))  // a PostScript name maps to TeX Gyre, installed
    let render = BookOutputTests.tool([
      "render", input.path, "-o", folder.appendingPathComponent("f.pdf").path, "--no-excerpt",
    ])
    #expect(render.errors.contains("fonts.abc:6:1: warning: font 'Missingtypeface'"))
    #expect(
      render.errors.contains(
        "fonts.abc:1:1: warning: font 'Nonexistent Display' (%%titlefont) is not installed"))
  }
}
