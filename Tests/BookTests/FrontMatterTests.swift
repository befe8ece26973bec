import Book
import DisplayList
import Layout
import Testing

@Suite struct FrontMatterTests {
  func book(groupBy: String? = nil) throws -> DisplayList {
    let template = try #require(PageTemplate.builtin("a4-book"))
    var blocks = BookFixture.blocks(BookFixture.bookSource(count: 12))
    if let groupBy { blocks = BookAssembler.grouped(blocks, by: groupBy) }
    var matter = template.matter
    matter.title = "Test Book"
    return try BookFixture.engraver(template).engrave(book: blocks, matter: matter)
  }

  @Test func contentsLinesLinkToTheTunesPages() throws {
    let list = try book()
    #expect(list.pages[0].items.contains { $0.text == "Test Book" })
    let contents = list.pages[1]
    #expect(contents.items.contains { $0.text == "Contents" })
    #expect(contents.links.count == 12)
    for link in contents.links {
      guard case .page(let index, _) = link.target else { continue }
      // The linked page holds the title printed on the contents line.
      let line = contents.items.filter { $0.box.intersects(link.rect) }.compactMap(\.text).first ?? ""
      #expect(list.pages[index].items.contains { $0.role == .title && $0.text == line }, "\(line)")
      // And the page number printed is that page's label.
      let label = contents.items.filter { $0.box.intersects(link.rect) }.compactMap(\.text).last
      #expect(label == list.pages[index].label)
    }
  }

  @Test func indexListsAlternativeTitlesAlphabetically() throws {
    let list = try book()
    let index = try #require(list.pages.last)
    let texts = index.items.compactMap(\.text)
    #expect(texts.contains("Index of Titles"))
    #expect(texts.contains("Other Name 3"))
    let titles = texts.filter { $0.hasPrefix("Tune ") || $0.hasPrefix("Other ") }
    #expect(titles.count == 16)
    #expect(titles == titles.sorted { $0.lowercased() < $1.lowercased() })
    #expect(index.links.count == 16)
  }

  @Test func titlesWithATrailingArticleReadNaturallyAndSortUnderTheirName() throws {
    let template = try #require(PageTemplate.builtin("a4-book"))
    let source =
      "X:1\nT:Kesh, The\nK:G\nGAB|]\n\nX:2\nT:Bank of Ireland, The\nT:Reel, Down the Glen\nK:D\nDEF|]\n"
    let list = try BookFixture.engraver(template).engrave(
      book: BookFixture.blocks(source), matter: template.matter)
    let titles = list.pages.flatMap(\.items).filter { $0.role == .title }.compactMap(\.text)
    #expect(titles.filter { $0.hasPrefix("The ") } == ["The Kesh", "The Bank of Ireland"])
    #expect(!titles.contains { $0.hasSuffix(", The") })
    // A tail of more than one word stays where it is.
    #expect(list.pages.flatMap(\.items).contains { $0.role == .subtitle && $0.text == "Reel, Down the Glen" })
    // The index sorts past the article: B (Bank), K (Kesh), R (Reel).
    let index = try #require(list.pages.last).items.compactMap(\.text)
    let entries = index.filter { $0.hasPrefix("The ") || $0.hasPrefix("Reel") }
    #expect(entries == ["The Bank of Ireland", "The Kesh", "Reel, Down the Glen"])
    var style = TitleStyle()
    style.trim = 0
    #expect(style.trimmed("Kesh, The") == "Kesh, The")
    style.trim = 12
    #expect(style.trimmed("Valse, La Belle") == "La Belle Valse")
  }

  @Test func theIndexFilesAccentedTitlesWithTheirBaseLetters() throws {
    let template = try #require(PageTemplate.builtin("a4-book"))
    let titles = [
      "Óró Sé do Bheatha Bhaile", "Ais an Tóchair", "Zither Waltz", "Órla Reel", "Éamonn an Chnoic", "Eel",
    ]
    let source = titles.enumerated().map { "X:\($0.offset + 1)\nT:\($0.element)\nK:G\nGAB|]\n" }
      .joined(separator: "\n")
    let list = try BookFixture.engraver(template).engrave(
      book: BookFixture.blocks(source), matter: template.matter)
    let index = try #require(list.pages.last).items.compactMap(\.text).filter {
      $0.count > 1 && $0 != "Index of Titles"
    }
    let entries = index.filter { titles.contains($0) }
    #expect(
      entries == [
        "Ais an Tóchair", "Éamonn an Chnoic", "Eel", "Órla Reel", "Óró Sé do Bheatha Bhaile", "Zither Waltz",
      ])
    // Letter headings: Ó files under O, É under E; no heading of its own.
    let headings = try #require(list.pages.last).items.compactMap(\.text).filter {
      $0.count == 1 && $0.first!.isLetter
    }
    #expect(headings == ["A", "E", "O", "Z"])
    // A book whose files give no title is not named after its first tune.
    #expect(list.title == "Tunes")
  }

  @Test func theBookSpeaksItsLanguage() throws {
    var template = try #require(PageTemplate.builtin("a4-book"))
    let file = try StyleFile(parsing: "book.language: de\n")
    template = try PageTemplate(file: file, base: template)
    #expect(template.matter.language == .german)
    let list = try BookFixture.engraver(template).engrave(
      book: BookFixture.blocks(BookFixture.bookSource(count: 3)), matter: template.matter)
    let texts = list.pages.flatMap(\.items).compactMap(\.text)
    #expect(texts.contains("Inhalt") && texts.contains("Titelverzeichnis") && texts.contains("3 Melodien"))
    #expect(list.outline.contains { $0.title == "Inhalt" })
    #expect(throws: StyleFileError.self) {
      try PageTemplate(file: try StyleFile(parsing: "book.language: xx\n"), base: template)
    }
    #expect(BookLanguage.french.date(day: 1, month: 12, year: 2026) == "1er décembre 2026")
    #expect(BookLanguage.german.date(day: 24, month: 3, year: 2026) == "24. März 2026")
    #expect(BookLanguage.irish.date(day: 1, month: 12, year: 2026) == "1 Nollaig 2026")
    #expect(BookLanguage.english.tuneCount(1) == "1 tune" && BookLanguage.french.tuneCount(12) == "12 airs")
  }

  @Test func contentsColumnsShowNumbersAndKeysInLine() throws {
    var template = try #require(PageTemplate.builtin("a4-book"))
    template = try PageTemplate(
      file: try StyleFile(parsing: "[contents]\ncolumns: number, title, key\n"), base: template)
    let source = "X:7\nT:Seven\nK:Ador\nABc|]\n\nX:12\nT:Twelve\nK:G\nGAB|]\n"
    let list = try BookFixture.engraver(template).engrave(
      book: BookFixture.blocks(source), matter: template.matter)
    let contents = list.pages[1].items.filter { $0.role == .annotation && $0.text != nil }
    let numbers = contents.filter { ["7", "12"].contains($0.text) }
    let keys = contents.filter { ["ADor", "G"].contains($0.text) }
    #expect(numbers.count == 2 && keys.count == 2)
    // Numbers right-aligned in their column, keys left-aligned in theirs.
    #expect(abs(numbers[0].box.maxX - numbers[1].box.maxX) < 0.01)
    #expect(abs(keys[0].box.minX - keys[1].box.minX) < 0.01)
    #expect(throws: StyleFileError.self) {
      try PageTemplate(file: try StyleFile(parsing: "[contents]\ncolumns: number, tempo\n"), base: template)
    }
  }

  @Test func outlineHasOneEntryPerTuneNestedUnderSections() throws {
    let list = try book(groupBy: "rhythm")
    let sections = list.outline.filter { ["Jigs", "Reels"].contains($0.title) }
    #expect(sections.count == 2)
    #expect(sections.flatMap(\.children).count == 12)
    #expect(list.outline.contains { $0.title == "Contents" })
    #expect(list.outline.contains { $0.title == "Index of Titles" })
    #expect(list.info.author == nil && list.info.subject == "12 tunes in ABC notation")
  }

  @Test func frontMatterHasRomanLabelsAndTheBodyStartsOnARightHandPage() throws {
    let list = try book()
    #expect(list.pages[0].label == "i")
    let firstBody = try #require(list.pages.firstIndex { $0.label == "1" })
    #expect(firstBody % 2 == 0)
  }
}
