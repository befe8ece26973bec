import DisplayList
import Foundation
import ScoreModel

extension Engraver {
  /// Engraves a tune book in memory: body blocks in order, with the front and back matter
  /// `matter` asks for (a `BookComposer` run to the end; for small books and tests).
  /// `tuneStyle`, when given, supplies a tune's own setup and options (its `%%` directives).
  public func engrave(
    book blocks: [BookBlock], matter: BookMatter,
    tuneStyle: ((Tune) -> (setup: PageSetup, options: LayoutOptions)?)? = nil
  ) -> DisplayList {
    var pageCount: Int?
    if BookComposer.needsPageCount(setup) {
      // Running heads print the page count: a first pass counts the pages.
      let counted = compose(book: blocks, matter: matter, tuneStyle: tuneStyle, pageCount: nil)
      pageCount = counted.pages.count - counted.frontCount
    }
    return compose(book: blocks, matter: matter, tuneStyle: tuneStyle, pageCount: pageCount).list
  }

  private func compose(
    book blocks: [BookBlock], matter: BookMatter,
    tuneStyle: ((Tune) -> (setup: PageSetup, options: LayoutOptions)?)?, pageCount: Int?
  ) -> (list: DisplayList, pages: [DisplayPage], frontCount: Int) {
    let composer = BookComposer(engraver: self, matter: matter, pageCount: pageCount)
    var body: [DisplayPage] = []
    for block in blocks {
      if case .tune(let tune) = block {
        composer.add(engrave(tune: tune, style: tuneStyle?(tune)))
      } else {
        composer.add(block)
      }
      body += composer.takePages()
    }
    let end = composer.finish()
    let pages = end.front + body + end.lastBodyPages + end.back
    let list = DisplayList(pages: pages, title: end.title, info: end.info, outline: end.outline)
    return (list, pages, end.front.count)
  }

  /// Index lines: titles sorted A–Z (ignoring case and accents — Á files with A, Ó with O —
  /// leading quotes and punctuation, and a leading "The"), under letter headings.
  static func indexEntries(_ titles: [IndexTitle], place: (FlowAnchor) -> (String, LinkTarget?)?)
    -> [ListEntry]
  {
    // Equal keys keep the book's order.
    let order = titles.indices.sorted {
      titles[$0].sortKey != titles[$1].sortKey ? titles[$0].sortKey < titles[$1].sortKey : $0 < $1
    }
    var entries: [ListEntry] = []
    var letter: Character?
    for index in order {
      let entry = titles[index]
      guard let (label, target) = place(entry.anchor) else { continue }
      let first = entry.sortKey.first.flatMap { String($0).uppercased().first }
      if first != letter, let first {
        letter = first
        entries.append(ListEntry(text: String(first), label: nil, target: nil))
      }
      entries.append(ListEntry(text: entry.title, label: label, target: target, level: 1))
    }
    return entries
  }

  /// A title's key in the index: its sorting form without leading marks and "the ".
  static func indexKey(_ title: String) -> String {
    var lower = Substring(Self.sortingForm(title))
    while let first = lower.first, !first.isLetter && !first.isNumber { lower = lower.dropFirst() }
    let key = lower.hasPrefix("the ") ? String(lower.dropFirst(4)) : String(lower)
    return key.isEmpty ? Self.sortingForm(title) : key
  }

  /// A title as it sorts: lower case, accents and other marks folded away (Foundation's
  /// folding, so "Óró" sorts as "oro" and "Ærø" by its base letters). A title in plain
  /// ASCII (most of them) folds to its lower case, made without the folding's round trip
  /// through Foundation: the index of a 9,600-tune book spent 25 ms of its end on one core
  /// making keys.
  static func sortingForm(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    return foldedForm(text)
  }

  /// Foundation's folding of any title (and `sortingForm`'s reference for ASCII ones).
  static func foldedForm(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .lowercased()
  }

  /// Lower-case roman numerals for front-matter labels.
  static func roman(_ number: Int) -> String {
    let table: [(Int, String)] = [
      (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
      (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
    ]
    var rest = number
    var out = ""
    for (value, numeral) in table {
      while rest >= value {
        out += numeral
        rest -= value
      }
    }
    return out
  }
}

extension FlowAnchor {
  var isSection: Bool {
    if case .section = self { return true }
    return false
  }
}
