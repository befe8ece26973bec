import Book
import DisplayList
import Layout
import Testing

@Suite struct PageFlowTests {
  /// The pages (0-based) each tune has items on.
  func pagesByTune(_ list: DisplayList) -> [Int: Set<Int>] {
    var out: [Int: Set<Int>] = [:]
    for (page, item) in list.allItems {
      if let tune = item.context.tune { out[tune, default: []].insert(page) }
    }
    return out
  }

  @Test func tunesThatFitAreNeverSplit() throws {
    let engraver = try BookFixture.engraver(.plain)
    let list = engraver.engrave(
      book: BookFixture.blocks(BookFixture.bookSource(count: 14)), matter: BookMatter())
    #expect(list.pages.count > 2)
    for (tune, pages) in pagesByTune(list) { #expect(pages.count == 1, "tune \(tune) split over \(pages)") }
  }

  @Test func longTunesBreakBetweenSystemsOnly() throws {
    let engraver = try BookFixture.engraver(.plain)
    let list = engraver.engrave(
      book: BookFixture.blocks(BookFixture.tune(1, "Long", lines: 40)), matter: BookMatter())
    #expect(list.pages.count >= 2)
    let lines = list.pages.map { page in Set(page.items.compactMap(\.context.line)) }
    #expect(lines[0].isDisjoint(with: lines[1]))
  }

  @Test func onePerPageNewPageAndSplitTune() throws {
    var template = PageTemplate.plain
    template.options.onePerPage = true
    let abc = BookFixture.bookSource(count: 5)
    let one = try BookFixture.engraver(template).engrave(book: BookFixture.blocks(abc), matter: BookMatter())
    #expect(one.pages.count == 5)
    let forced = BookFixture.tune(1, "A") + "\n%%newpage\n\n" + BookFixture.tune(2, "B")
    let broken = try BookFixture.engraver(.plain).engrave(
      book: BookFixture.blocks(forced), matter: BookMatter())
    #expect(broken.pages.count == 2)
    template = .plain
    template.options.splitTunes = true
    let split = try BookFixture.engraver(template).engrave(
      book: BookFixture.blocks(BookFixture.bookSource(count: 14)), matter: BookMatter())
    #expect(pagesByTune(split).values.contains { $0.count > 1 })
  }

  @Test func verticalJustificationFillsFullPages() throws {
    var template = PageTemplate.plain
    let blocks = BookFixture.blocks(BookFixture.bookSource(count: 14))
    let plain = try BookFixture.engraver(template).engrave(book: blocks, matter: BookMatter())
    template.options.justifyVertically = true
    let justified = try BookFixture.engraver(template).engrave(book: blocks, matter: BookMatter())
    let bottom = template.setup.height - template.setup.marginBottom
    func lowest(_ page: DisplayPage) -> Double { page.items.map(\.box.maxY).max() ?? 0 }
    #expect(bottom - lowest(justified.pages[0]) < 2)
    #expect(lowest(justified.pages[0]) > lowest(plain.pages[0]))
  }

  @Test func justifiedStavesComeOutEvenlySpaced() throws {
    // Every third line reaches far below the staff: the staff after it starts further down.
    var abc = "X:1\nT:Uneven\nM:4/4\nL:1/8\nK:D\n"
    for line in 0..<30 {
      abc +=
        line % 3 == 0
        ? "\"_one;two;three;four\"D,,F,,A,,D, fdAF|GBdg bgdB|AFDF A2FA|dcBA G2FE|\n"
        : "DFAd fdAF|GBdg bgdB|AFDF A2FA|dcBA G2FE|\n"
    }
    var template = PageTemplate.plain
    template.options.justifyVertically = false
    let plain = try BookFixture.engraver(template).engrave(
      book: BookFixture.blocks(abc), matter: BookMatter())
    template.options.justifyVertically = true
    let justified = try BookFixture.engraver(template).engrave(
      book: BookFixture.blocks(abc), matter: BookMatter())
    /// The distances from each staff's top line to the next one's on a page.
    func distances(_ page: DisplayPage) -> [Double] {
      var tops: [Int: Double] = [:]
      for item in page.items where item.role == .staffLine {
        if let line = item.context.line { tops[line] = min(tops[line] ?? .infinity, item.box.minY) }
      }
      let ordered = tops.keys.sorted().compactMap { tops[$0] }
      return zip(ordered, ordered.dropFirst()).map { $1 - $0 }
    }
    let before = distances(plain.pages[0])
    let after = distances(justified.pages[0])
    #expect(before.count == after.count && after.count > 4)
    let spread = { (gaps: [Double]) in (gaps.max() ?? 0) - (gaps.min() ?? 0) }
    #expect(spread(before) > 5)
    #expect(spread(after) < spread(before) - 5)
    // The narrow distances were opened to one level.
    let level = after.min() ?? 0
    #expect(after.filter { abs($0 - level) < 0.05 }.count >= 2)
    #expect(level > (before.min() ?? 0) + 1)
  }

  @Test func aTuneRunningOverPagesIsSpreadAndNumberedAsAScore() throws {
    let long = BookFixture.blocks(BookFixture.tune(1, "Long", lines: 40))
    var template = PageTemplate.plain
    let score = try BookFixture.engraver(template).engrave(book: long, matter: BookMatter())
    template.options.justifyVertically = false
    let packed = try BookFixture.engraver(template).engrave(book: long, matter: BookMatter())
    #expect(score.pages.count >= 3 && score.pages.count == packed.pages.count)
    /// Each staff's top line on a page, in order.
    func tops(_ page: DisplayPage) -> [Double] {
      var tops: [Int: Double] = [:]
      for item in page.items where item.role == .staffLine {
        if let line = item.context.line { tops[line] = min(tops[line] ?? .infinity, item.box.minY) }
      }
      return tops.keys.sorted().compactMap { tops[$0] }
    }
    // A page the tune runs off is spread, each gap opening by at most 6.5 staff spaces.
    let before = tops(packed.pages[1])
    let after = tops(score.pages[1])
    #expect(before.count == after.count && before.count > 3)
    let opened = zip(zip(after, after.dropFirst()), zip(before, before.dropFirst())).map {
      ($0.1 - $0.0) - ($1.1 - $1.0)
    }
    let space = template.setup.staffSpace
    #expect(opened.allSatisfy { $0 > 0.5 && $0 <= 6.5 * space + 0.01 }, "\(opened)")
    // Pages after the first carry their number at the foot's outer corner; the first none.
    func footers(_ page: DisplayPage) -> [DisplayItem] { page.items.filter { $0.role == .footer } }
    #expect(footers(score.pages[0]).isEmpty)
    for index in 1..<score.pages.count {
      let numbers = footers(score.pages[index])
      #expect(numbers.count == 1)
      guard let number = numbers.first, case .text(let text) = number.shape else { continue }
      #expect(text.text == String(index + 1))
      let isLeft = number.box.maxX < template.setup.width / 2
      #expect(isLeft == (index % 2 == 1), "page \(index + 1): the number stands at the outer corner")
    }
    // A book of tunes that each fit a page keeps its pages as they were: unnumbered, packed.
    let book = BookFixture.blocks(BookFixture.bookSource(count: 14))
    let tunes = try BookFixture.engraver(.plain).engrave(book: book, matter: BookMatter())
    #expect(tunes.pages.count > 2)
    #expect(tunes.pages.allSatisfy { footers($0).isEmpty })
    let unspread = try BookFixture.engraver(template).engrave(book: book, matter: BookMatter())
    #expect(tops(tunes.pages[0]) == tops(unspread.pages[0]))
  }

  @Test func mirroredMarginsKeepMusicInsideTheContentArea() throws {
    let template = try #require(PageTemplate.builtin("a4-book"))
    let list = try BookFixture.engraver(template).engrave(
      book: BookFixture.blocks(BookFixture.bookSource(count: 14)), matter: template.matter)
    let setup = template.setup
    for (index, page) in list.pages.enumerated() {
      #expect(page.width == setup.width && page.height == setup.height)
      let left = setup.contentLeft(pageIndex: index)
      for item in page.items where item.role == .staffLine {
        #expect(item.box.minX >= left - 0.5 && item.box.maxX <= left + setup.contentWidth + 0.5)
      }
    }
  }

  @Test func runningHeadsExpandPlaceholders() throws {
    var template = PageTemplate.plain
    template.setup.marginTop = 60
    template.setup.header = RunningHead(
      odd: ["{book}", "{title}", "{page}/{pages}"], even: ["$P", "", "$T"])
    var matter = BookMatter()
    matter.title = "My Book"
    let list = try BookFixture.engraver(template).engrave(
      book: BookFixture.blocks(BookFixture.bookSource(count: 14)), matter: matter)
    let count = list.pages.count
    let first = list.pages[0].items.filter { $0.role == .header }.compactMap(\.text)
    #expect(first == ["My Book", "Tune 1", "1/\(count)"])
    let second = list.pages[1].items.filter { $0.role == .header }.compactMap(\.text)
    #expect(second.first == "2")
    #expect(list.pages.map(\.label) == (1...count).map { String($0) })
  }

  @Test func runningHeadsReadPlaceholdersOnce() throws {
    var template = PageTemplate.plain
    template.setup.marginTop = 60
    template.setup.header = RunningHead(odd: ["{book}", "", "$P"], even: nil)
    var matter = BookMatter()
    // A title that itself reads like placeholders is printed as it is.
    matter.title = "Tunes for $T at {page} 100$"
    let list = try BookFixture.engraver(template).engrave(
      book: BookFixture.blocks(BookFixture.bookSource(count: 2)), matter: matter)
    let heads = list.pages[0].items.filter { $0.role == .header }.compactMap(\.text)
    #expect(heads == ["Tunes for $T at {page} 100$", "1"])
  }

  @Test func runningHeadsBreakLinesAtBackslashN() throws {
    // abcm2ps's `%%header "$T\n Page $P"`: two lines, the header's rising into the margin
    // from its baseline and the footer's going down from its own.
    var template = PageTemplate.plain
    template.setup.marginTop = 60
    let font = FontSpec(family: "TeX Gyre Schola", size: 9)
    template.setup.header = RunningHead.tabSeparated("$T\\n Page $P", font: font)
    template.setup.footer = RunningHead.tabSeparated("left\\tMiddle\\nline two", font: font)
    let list = try BookFixture.engraver(template).engrave(
      book: BookFixture.blocks(BookFixture.bookSource(count: 1)), matter: BookMatter())
    let items = try #require(list.pages.first).items
    let heads = items.filter { $0.role == .header }
    #expect(heads.compactMap(\.text) == ["Tune 1", "Page 1"])
    #expect(heads.count == 2 && heads[0].box.maxY <= heads[1].box.minY + 3 && heads[0].box.minY >= 0)
    let feet = items.filter { $0.role == .footer }
    #expect(feet.compactMap(\.text) == ["left", "Middle", "line two"])
    #expect(
      feet.count == 3 && feet[2].box.minY > feet[1].box.minY && feet[2].box.maxY <= list.pages[0].height)
    #expect(!items.contains { $0.text?.contains("\\") == true })
  }

  @Test func textBlocksFillAndJustify() throws {
    let abc = """
      %%begintext justify
      one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
      sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three twenty-four
      %%endtext

      """ + BookFixture.tune(1, "A")
    let list = try BookFixture.engraver(.plain).engrave(book: BookFixture.blocks(abc), matter: BookMatter())
    let words = list.pages[0].items.filter { $0.role == .text }
    #expect(words.count > 10)  // justified lines are set word by word
    let right = PageSetup.a4.marginLeft + PageSetup.a4.contentWidth
    #expect(words.contains { abs($0.box.maxX - right) < 0.5 })
  }
}

extension DisplayItem {
  var text: String? {
    if case .text(let run) = shape { return run.text }
    return nil
  }
}

@Suite struct SectionHeadingFlowTests {
  /// Wherever a section falls, its heading is on the page its first tune starts on: a
  /// tune moved whole to the next page takes the heading with it.
  @Test func aSectionHeadingNeverStaysAloneAtAPageFoot() throws {
    let engraver = try BookFixture.engraver(.plain)
    var moved = 0
    for split in 1...9 {
      var blocks = BookFixture.blocks(BookFixture.bookSource(count: 10))
      blocks.insert(.section("Section Heading"), at: split)
      let list = engraver.engrave(book: blocks, matter: BookMatter())
      let headingPage = try #require(
        list.pages.firstIndex { $0.items.contains { $0.text == "Section Heading" } })
      let tuneTitle = "Tune \(split + 1)"
      let tunePage = try #require(list.pages.firstIndex { $0.items.contains { $0.text == tuneTitle } })
      #expect(
        headingPage == tunePage, "section before \(tuneTitle): heading on \(headingPage), tune on \(tunePage)"
      )
      // The heading stands above its tune's title on that page.
      let heading = try #require(list.pages[headingPage].items.first { $0.text == "Section Heading" })
      let title = try #require(list.pages[tunePage].items.first { $0.text == tuneTitle })
      #expect(heading.box.maxY < title.box.minY)
      if headingPage > 0, list.pages[headingPage].items.map(\.box.minY).min() ?? 0 >= heading.box.minY - 1 {
        moved += 1
      }
    }
    // At least one of the places put the heading at a page's top (the case that was broken).
    #expect(moved > 0)
  }
}

@Suite struct FacingPagesTests {
  /// The pages (0-based) the tune `X:` has items on.
  func pages(of tune: Int, in list: DisplayList) -> [Int] {
    list.pages.indices.filter { index in list.pages[index].items.contains { $0.context.tune == tune } }
  }

  /// A short tune, then one of about a page and a half: in a book of facing pages the long
  /// one starts on a left-hand (even) page; without facing pages it follows at once.
  @Test func aTwoPageTuneStartsOnALeftHandPage() throws {
    let abc = BookFixture.tune(1, "Short", lines: 2) + "\n" + BookFixture.tune(2, "Long", lines: 24)
    var facing = PageTemplate.plain
    facing.setup.mirrorMargins = true
    let list = try BookFixture.engraver(facing).engrave(book: BookFixture.blocks(abc), matter: BookMatter())
    let long = pages(of: 2, in: list)
    #expect(long.count == 2)
    // Page 2, a left page.
    #expect(long.first.map { $0 % 2 } == 1, "the long tune starts on page index \(long)")
    #expect(list.pages[0].items.contains { $0.context.tune == 1 })
    let plain = try BookFixture.engraver(.plain).engrave(book: BookFixture.blocks(abc), matter: BookMatter())
    #expect(pages(of: 2, in: plain).first == 0)
    // Numbered from 2, the first page is a left page: the long tune starts there.
    var matter = BookMatter()
    matter.pageStart = 2
    let fromTwo = try BookFixture.engraver(facing).engrave(book: BookFixture.blocks(abc), matter: matter)
    #expect(pages(of: 2, in: fromTwo).first == 0)
    #expect(fromTwo.pages.first?.label == "2")
  }

  /// A long tune first in the book: page 1 (a right-hand page) is left blank, without
  /// running heads.
  @Test func aBlankRightHandPageCarriesNoRunningHeads() throws {
    let facing = try #require(PageTemplate.builtin("a4-book"))
    let list = try BookFixture.engraver(facing).engrave(
      book: BookFixture.blocks(BookFixture.tune(1, "Long", lines: 24)), matter: BookMatter())
    #expect(list.pages.count == 3)
    #expect(list.pages[0].items.isEmpty)
    #expect(pages(of: 1, in: list) == [1, 2])
  }
}

@Suite struct TwoToARowTests {
  /// The page and top-left corner of the tune `X:`'s title.
  func title(_ text: String, in list: DisplayList) -> (page: Int, x: Double, y: Double)? {
    for (index, page) in list.pages.enumerated() {
      if let item = page.items.first(where: { $0.role == .title && $0.text == text }) {
        return (index, item.box.minX, item.box.minY)
      }
    }
    return nil
  }

  /// Short tunes of one-line parts stand two to a row; a tune whose line would not fit in
  /// half the width keeps the whole width, and the next pair starts under it.
  @Test func shortTunesStandTwoToARow() throws {
    var template = PageTemplate.plain
    template.options.twoToARow = true
    let short = "M:4/4\nL:1/4\nK:D\nDFAd|fdAF|\n"
    let long = "M:4/4\nL:1/8\nK:D\nDFAd fdAF|GBdg bgdB|AFDF A2FA|dcBA G2FE|DFAd fdAF|GBdg bgdB|\n"
    let abc = [
      "X:1\nT:One\n" + short, "X:2\nT:Two\n" + short, "X:3\nT:Wide\n" + long, "X:4\nT:Four\n" + short,
      "X:5\nT:Five\n" + short,
    ].joined(separator: "\n")
    let list = try BookFixture.engraver(template).engrave(book: BookFixture.blocks(abc), matter: BookMatter())
    let one = try #require(title("One", in: list))
    let two = try #require(title("Two", in: list))
    let wide = try #require(title("Wide", in: list))
    let four = try #require(title("Four", in: list))
    let five = try #require(title("Five", in: list))
    let middle = template.setup.marginLeft + template.setup.contentWidth / 2
    #expect(abs(one.y - two.y) < 0.5)
    #expect(one.x < middle && two.x > middle)
    #expect(wide.y > one.y + 20)
    #expect(abs(four.y - five.y) < 0.5 && four.y > wide.y)
    // Without the setting each tune has a row of its own.
    let plain = try BookFixture.engraver(.plain).engrave(book: BookFixture.blocks(abc), matter: BookMatter())
    let plainOne = try #require(title("One", in: plain))
    let plainTwo = try #require(title("Two", in: plain))
    #expect(plainTwo.y > plainOne.y)
  }
}

@Suite struct WideTextLineTests {
  /// A `%%center` line wider than the page is broken at its spaces, every piece centred
  /// within the margins (it used to run off the page).
  @Test func aCentredLineWiderThanThePageIsBroken() throws {
    let words = Array(repeating: "Examples for new features in abc2ps", count: 6).joined(separator: " ")
    let abc = "%%center \(words)\n\n" + BookFixture.tune(1, "A")
    let list = try BookFixture.engraver(.plain).engrave(book: BookFixture.blocks(abc), matter: BookMatter())
    let texts = list.pages[0].items.filter { $0.role == .text }
    #expect(texts.count >= 2)
    let left = PageSetup.a4.marginLeft
    let right = left + PageSetup.a4.contentWidth
    #expect(texts.allSatisfy { $0.box.minX >= left - 0.5 && $0.box.maxX <= right + 0.5 })
    #expect(texts.compactMap(\.text).joined(separator: " ") == words)
  }
}
