import DisplayList
import ScoreModel

/// One piece of a tune book's body, in reading order.
public enum BookBlock: Sendable {
  case tune(Tune)
  /// Typeset text (`%%text`, `%%center`, `%%begintext … %%endtext`).
  case text(TextBlock)
  /// A forced page break (`%%newpage`).
  case pageBreak
  /// A section heading (a group of tunes, e.g. all the jigs); tunes after it nest under it.
  case section(String)
  /// A set or medley: one heading over the tunes after it, up to the next set or section.
  case set(String)
  /// Vertical space in points (`%%vskip`).
  case space(Double)
}

/// How the lines of a text block are set.
public enum TextMode: String, Sendable, CaseIterable {
  /// Each source line is a line, flush left (abcm2ps's default for `%%begintext`).
  case obeylines
  /// Each source line is a centred line (`%%center`, `%%begintext center`).
  case center
  /// Each source line flush right.
  case right
  /// Paragraphs (separated by empty lines) refilled to the measure, ragged right.
  case fill
  /// Paragraphs refilled and justified to both margins.
  case justify
  /// Nothing is printed (`%%begintext skip`).
  case skip
}

/// A block of typeset text.
public struct TextBlock: Hashable, Sendable {
  /// The source lines, in order; empty lines separate paragraphs.
  public var lines: [String]
  public var mode: TextMode
  /// The font; nil uses the page setup's text font.
  public var font: FontSpec?
  public var role: Role

  public init(lines: [String], mode: TextMode = .obeylines, font: FontSpec? = nil, role: Role = .text) {
    self.lines = lines
    self.mode = mode
    self.font = font
    self.role = role
  }
}

/// What goes around the body of a tune book, and how tunes are ordered and grouped.
public struct BookMatter: Hashable, Sendable {
  public var title: String?
  public var subtitle: String?
  public var author: String?
  /// The edition the book is written for ("B♭ edition"), on the title page, in `{edition}`
  /// and after the title in `{book}`; nil for concert pitch.
  public var edition: String?
  /// The date shown by `{date}` / `$D` placeholders (the caller formats it; layout is pure).
  public var date: String = ""
  /// The file name shown by `$F`.
  public var fileName: String = ""
  public var titlePage = false
  public var contents = false
  public var index = false
  /// The number the body's first page bears (`book.page-start`, `--page-start`): a book
  /// printed as part of a larger one. An even number starts the body on a left-hand page.
  public var pageStart = 1
  /// Columns of the contents and index pages (`book.list-columns`: 1 to 3).
  public var listColumns = 1
  /// The first page numbers a book may have.
  public static let pageStarts = 1...99_999
  /// Start each section on a new page.
  public var sectionsOnNewPage = false
  /// The contents' extra columns: each tune's `X:` number before its title, its key
  /// before the page number (`contents.columns: number, title, key`).
  public var contentsNumbers = false
  public var contentsKeys = false
  /// The words printed around the music.
  public var language = BookLanguage.english
  /// Title of the contents and index pages.
  public var contentsTitle: String { language.contents }
  public var indexTitle: String { language.index }
  /// The title of a book whose files give none (title page and metadata).
  public var untitled: String { language.untitled }

  /// The title as running heads and the document's metadata give it: with the edition.
  public var runningTitle: String {
    guard let edition else { return title ?? "" }
    return (title.map { $0 + " – " } ?? "") + edition
  }

  public init() {}
}
