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
