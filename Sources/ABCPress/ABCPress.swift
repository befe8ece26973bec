import ABCParser
import Book
import DisplayList
import Foundation
import Layout
import Render
import SMuFL
import ScoreModel

/// ABCPress as a library: ABC text in, engraved pages out — as a display list (positioned
/// glyphs, lines, paths and text in points) or as PDF, PNG or SVG bytes, in memory.
///
/// ```swift
/// let press = try ABCPress(fonts: URL(fileURLWithPath: "/usr/local/share/abcpress/fonts"))
/// let result = press.parse("X:1\nT:Kesh\nM:6/8\nK:G\nGAG GAB|ABA ABd|\n")
/// let pdf = try press.pdf(press.book(result.tunebook))
/// ```
///
/// One value engraves on the calling thread; make one per thread to engrave in parallel
/// (each has its own text measurer).
public final class ABCPress {
  /// The page template (size, margins, fonts, running heads, book matter).
  public let template: PageTemplate
  /// The colour theme pages are drawn in.
  public let theme: Theme
  private let renderer: Renderer
  private let musicFont: MusicFont

  /// An engraver with the music fonts in `fonts` (the folder holding `Bravura.ttf` or
  /// `.woff2` and `Bravura.json`: a checkout's `Fonts/`, or `PREFIX/share/abcpress/fonts`), a built-in
  /// template (`plain`, `a4-book`, `letter-book`, `a5-pocket`, `card`, `incipit`) and
  /// theme (`classic`, `sepia`, `dark`, `high-contrast`, `ink-saver`, `manuscript`).
  /// `pageSize` (`a4`, `letter`, `a5`, or `WIDTHxHEIGHT` in points, each 144–14,400, as
  /// the editor asks for a phone's screen) replaces the template's paper size, its margins
  /// kept.
  public init(fonts: URL, template: String = "plain", theme: String = "classic", pageSize: String? = nil)
    throws
  {
    guard var chosen = template == "plain" ? PageTemplate.plain : PageTemplate.builtin(template) else {
      throw ABCPressError("unknown template '\(template)'")
    }
    if let pageSize {
      let sizes = ["a4": (595.28, 841.89), "letter": (612.0, 792.0), "a5": (419.53, 595.28)]
      let sides = pageSize.lowercased().split(separator: "x").compactMap { Double($0) }
      let custom =
        sides.count == 2 && sides.allSatisfy { (144...14_400).contains($0) } ? (sides[0], sides[1]) : nil
      guard let size = sizes[pageSize.lowercased()] ?? custom else {
        throw ABCPressError("unknown page size '\(pageSize)' (a4, letter, a5, or WIDTHxHEIGHT in points)")
      }
      (chosen.setup.width, chosen.setup.height) = size
    }
    guard let colours = Theme.builtin(theme) else { throw ABCPressError("unknown theme '\(theme)'") }
    let library = FontLibrary(directory: fonts)
    let family = colours.musicFont ?? MusicFont.defaultFamily
    musicFont = try library.musicFont(family)
    try library.loadMusicFace(family)
    var setup = chosen
    if let text = colours.textFont { setup.setup.setTextFamily(text) }
    self.template = setup
    self.theme = colours
    renderer = Renderer(
      fonts: library, textMeasurer: try PangoTextMeasurer(fonts: library),
      palette: RolePalette(background: colours.background, ink: colours.ink, overrides: colours.colors))
  }

  /// Reads a tune book: its tunes and every problem found, each with its line and column.
  public func parse(_ abc: String, file: String? = nil) -> (tunebook: Tunebook, diagnostics: [Diagnostic]) {
    ABCParser.parse(abc, file: file)
  }

  /// Engraves tunes one after another on pages (as `abcpress render` does), each tune's own
  /// `%%` directives applied over the template.
  public func pages(_ tunebook: Tunebook) -> DisplayList {
    engraver.engrave(book: tunebook.tunes.map(BookBlock.tune), matter: BookMatter(), tuneStyle: style)
  }

  /// Engraves a tune book with the template's matter — title page, contents, index — as
  /// `abcpress book` does; `title` names it.
  public func book(_ tunebook: Tunebook, title: String? = nil) -> DisplayList {
    var matter = template.matter
    matter.title = title
    return engraver.engrave(book: tunebook.tunes.map(BookBlock.tune), matter: matter, tuneStyle: style)
  }

  /// The pages as a PDF file's bytes.
  public func pdf(_ list: DisplayList) throws -> Data {
    try data(list, format: .pdf, dpi: 72).first ?? Data()
  }

  /// Each page as a PNG file's bytes, at `dpi` dots per inch.
  public func png(_ list: DisplayList, dpi: Double = 150) throws -> [Data] {
    try data(list, format: .png, dpi: dpi)
  }

  /// Each page as an SVG document.
  public func svg(_ list: DisplayList) throws -> [String] {
    try data(list, format: .svg, dpi: 72).map { String(decoding: $0, as: UTF8.self) }
  }

  private var engraver: Engraver {
    Engraver(
      font: musicFont, measurer: renderer.textMeasurer, setup: template.setup, options: template.options)
  }

  private func style(_ tune: Tune) -> (setup: PageSetup, options: LayoutOptions)? {
    guard !tune.directives.isEmpty else { return nil }
    var format = FormatDirectives(setup: template.setup, options: template.options)
    format.apply(tune: tune)
    return (format.setup, format.options)
  }

  /// Writes through the renderer into a private folder and reads the files back.
  private func data(_ list: DisplayList, format: OutputFormat, dpi: Double) throws -> [Data] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "abcpress-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let name = format == .pdf ? "out.pdf" : format == .png ? "out.png" : "out.svg"
    let files = try renderer.write(list, to: folder.appendingPathComponent(name), format: format, dpi: dpi)
    return try files.map { try Data(contentsOf: $0) }
  }
}

/// A problem setting up the engraver (an unknown template or theme).
public struct ABCPressError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
