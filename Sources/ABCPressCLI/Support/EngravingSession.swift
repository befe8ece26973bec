import Book
import DisplayList
import Foundation
import Layout
import Render
import SMuFL
import ScoreModel

/// What every engraving command sets up once: fonts, template, theme, the base format
/// (template plus command-line options) and how many threads to use.
struct EngravingSession: @unchecked Sendable {
  let fonts: FontLibrary
  let musicFont: MusicFont
  let template: PageTemplate
  let theme: Theme
  /// The template's setup and options with the command line's changes; the inputs'
  /// directives apply over it.
  let base: FormatDirectives
  /// Problems with the directives of the `-F` format file, reported before the tunes'.
  let formatWarnings: [Diagnostic]
  /// Threads that lay out and draw (`-j`), 1 for none beside the main thread.
  let jobs: Int
  /// Bars are compared with the meter, as `check` does (`--no-bar-check`: not).
  let checksBars: Bool

  /// Options shared by every command that engraves.
  static let optionNames: Set<String> = [
    "--page-size", "--music-font", "--fonts", "--staff-space", "--template", "--theme", "--jobs",
    "--include-path", "--fmt",
  ]
  static let flagNames: Set<String> = ["--auto-break", "--no-bar-check"]
  static let aliases: [String: String] = ["-o": "--output", "-j": "--jobs", "-F": "--fmt"]

  /// Sets up fonts, template and theme from the arguments.
  /// `drawsMusic` false (a display-list dump) leaves the music font's face unopened: its
  /// glyphs are placed from the metadata alone, and opening the face (decompressing the
  /// WOFF2) costs more than laying out a dozen tunes.
  init(arguments: ParsedArguments, defaultTemplate: String? = nil, drawsMusic: Bool = true) throws {
    var template =
      try arguments["--template"].map(StyleLoader.template)
      ?? defaultTemplate.flatMap(PageTemplate.builtin) ?? .plain
    let theme = try arguments["--theme"].map(StyleLoader.theme) ?? .classic
    if arguments["--page-size"] != nil { try Self.applyPageSize(arguments, to: &template.setup) }
    if let space = arguments["--staff-space"] {
      guard let value = Double(space), value >= 2, value <= 20 else {
        throw UsageError("--staff-space must be a number of points from 2 to 20, got '\(space)'")
      }
      template.setup.staffSpace = value
    }
    if let family = theme.textFont { template.setup.setTextFamily(family) }
    if arguments.has("--auto-break") { template.options.lineBreaks = .optimal }
    jobs = try Self.jobs(arguments)
    let directory = FontLocator.locate(explicit: arguments["--fonts"])
    fonts = FontLibrary(directory: directory)
    let family = arguments["--music-font"] ?? theme.musicFont ?? MusicFont.defaultFamily
    guard MusicFont.knownFamilies.contains(family) else {
      throw UsageError(
        "unknown music font '\(family)' (choose one of \(MusicFont.knownFamilies.joined(separator: ", ")))")
    }
    musicFont = try fonts.musicFont(family)
    if drawsMusic { try fonts.loadMusicFace(family) }
    var format = FormatDirectives(setup: template.setup, options: template.options)
    var warnings: [Diagnostic] = []
    if let path = arguments["--fmt"] {
      // An abcm2ps format file: its directives over the template, warnings at its lines.
      guard let data = FileManager.default.contents(atPath: path) else {
        throw UsageError("cannot read the format file '\(path)'")
      }
      format.apply(FormatFile.directives(in: String(decoding: data, as: UTF8.self)))
      warnings = format.warnings.map { Diagnostic(.warning, $0.message, at: $0.range, file: path) }
    }
    base = FormatDirectives(setup: format.setup, options: format.options)
    // A text font that is not installed is quietly set in another (often a script font):
    // say which, at the file that named it when there is one.
    // The families of the built-in templates and themes come with the package (its
    // Depends) and are not looked up: a lookup waits for fontconfig's start-up, which
    // otherwise runs beside the parsing.
    let namer = arguments["--fmt"] ?? arguments["--theme"] ?? arguments["--template"]
    // (Most runs use the plain template's families, known without reading every
    // built-in template and theme.)
    let families = base.setup.textFamilies
    let unknown =
      families.isSubset(of: PageTemplate.plain.setup.textFamilies)
      ? [] : families.subtracting(Self.packagedFamilies)
    for family in unknown.sorted() {
      guard let used = fonts.substitute(for: family) else { continue }
      warnings.append(
        Diagnostic(
          .warning, "font '\(family)' is not installed; its text is set in '\(used)' instead",
          at: SourceRange(SourceLocation(line: 1, column: 1)), file: namer ?? "template"))
    }
    formatWarnings = warnings
    checksBars = !arguments.has("--no-bar-check")
    self.template = template
    self.theme = theme
  }

  /// The text families the built-in templates and themes use.
  static let packagedFamilies: Set<String> = {
    var families = PageTemplate.plain.setup.textFamilies
    for source in PageTemplate.builtinSources {
      if let template = PageTemplate.builtin(source.name) { families.formUnion(template.setup.textFamilies) }
    }
    for source in Theme.builtinSources {
      if let family = Theme.builtin(source.name)?.textFont { families.insert(family) }
    }
    return families
  }()

  /// `-j N` / `--jobs N`: 1 to 256, default every core.
  static func jobs(_ arguments: ParsedArguments) throws -> Int {
    guard let text = arguments["--jobs"] else { return WorkPool.defaultJobs }
    guard let value = Int(text), (1...256).contains(value) else {
      throw UsageError("--jobs must be a whole number from 1 to 256, got '\(text)'")
    }
    return value
  }

  /// Checks `--page-size` without loading fonts (for early usage errors).
  static func pageSetup(_ arguments: ParsedArguments) throws -> PageSetup {
    var setup = PageSetup.a4
    try applyPageSize(arguments, to: &setup)
    return setup
  }

  static func applyPageSize(_ arguments: ParsedArguments, to setup: inout PageSetup) throws {
    switch (arguments["--page-size"] ?? "a4").lowercased() {
    case "a4": (setup.width, setup.height) = (595.28, 841.89)
    case "letter": (setup.width, setup.height) = (612, 792)
    case "a5": (setup.width, setup.height) = (419.53, 595.28)
    case let other: throw UsageError("unknown page size '\(other)' (choose a4, a5 or letter)")
    }
  }

  /// A thread's rendering resources (its own Pango context), sharing measured and shaped
  /// texts through `shared`.
  func workspace(sharing shared: ShapedTextCache = ShapedTextCache()) throws -> RenderWorkspace {
    try RenderWorkspace(fonts: fonts, sharing: shared)
  }

  /// An engraver measuring text with `workspace`'s measurer.
  func engraver(_ workspace: RenderWorkspace, setup: PageSetup, options: LayoutOptions) -> Engraver {
    // The workspace's own copy of the font: no count shared with the other threads.
    Engraver(
      font: workspace.musicFont(musicFont), measurer: workspace.measurer, setup: setup, options: options)
  }

  /// The theme as a paint-time palette.
  var palette: RolePalette { Self.palette(theme) }

  static func palette(_ theme: Theme, transparent: Bool = false) -> RolePalette {
    var background = theme.background
    if transparent { background.alpha = 0 }
    return RolePalette(background: background, ink: theme.ink, overrides: theme.colors)
  }
}
