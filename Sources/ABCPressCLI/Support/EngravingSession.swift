import Book
import DisplayList
import Foundation
import Layout
import Render
import SMuFL
import ScoreModel

/// The fonts, text measurer, template, theme and engraver one command run uses.
struct EngravingSession {
  let fonts: FontLibrary
  let measurer: PangoTextMeasurer
  var engraver: Engraver
  let template: PageTemplate
  let theme: Theme

  /// Options shared by every command that engraves.
  static let optionNames: Set<String> = [
    "--page-size", "--music-font", "--fonts", "--staff-space", "--template", "--theme", "--include-path",
  ]
  static let flagNames: Set<String> = ["--auto-break"]

  /// Sets up fonts and the engraver; `directives` are the books' format directives (abcm2ps),
  /// applied over the template. Warnings about them go to `warn`.
  init(
    arguments: ParsedArguments, defaultTemplate: String? = nil, directives: [Directive] = [],
    warn: (String, SourceRange) -> Void = { _, _ in }
  ) throws {
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
    var format = FormatDirectives(setup: template.setup, options: template.options)
    format.apply(directives)
    for warning in format.warnings { warn(warning.message, warning.range) }
    template.setup = format.setup
    template.options = format.options
    if arguments.has("--auto-break") { template.options.lineBreaks = .optimal }

    let directory = FontLocator.locate(explicit: arguments["--fonts"])
    fonts = FontLibrary(directory: directory)
    let family = arguments["--music-font"] ?? theme.musicFont ?? MusicFont.defaultFamily
    guard MusicFont.knownFamilies.contains(family) else {
      throw UsageError(
        "unknown music font '\(family)' (choose one of \(MusicFont.knownFamilies.joined(separator: ", ")))")
    }
    let font = try fonts.musicFont(family)
    measurer = try PangoTextMeasurer(fonts: fonts)
    engraver = Engraver(font: font, measurer: measurer, setup: template.setup, options: template.options)
    self.template = template
    self.theme = theme
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

  /// The theme as a paint-time palette.
  var palette: RolePalette { Self.palette(theme) }

  static func palette(_ theme: Theme, transparent: Bool = false) -> RolePalette {
    var background = theme.background
    if transparent { background.alpha = 0 }
    return RolePalette(background: background, ink: theme.ink, overrides: theme.colors)
  }

  func renderer(transparent: Bool = false) -> Renderer {
    Renderer(fonts: fonts, textMeasurer: measurer, palette: Self.palette(theme, transparent: transparent))
  }

  /// The body blocks of the loaded books and the format directives they carry.
  static func assemble(_ loaded: InputLoader.Loaded) -> (blocks: [BookBlock], directives: [Directive]) {
    var assembler = BookAssembler()
    for (text, book) in zip(loaded.texts, loaded.tunebooks) { assembler.add(text: text, tunebook: book) }
    return (assembler.blocks, assembler.interTuneDirectives)
  }
}

extension EngravingSession {
  /// A tune's own format directives over the session's setup, or nil when it has none.
  func tuneStyle(_ tune: Tune) -> (setup: PageSetup, options: LayoutOptions)? {
    let own = tune.directives.filter { FormatDirectives.understood.contains($0.name.lowercased()) }
    guard !own.isEmpty else { return nil }
    var format = FormatDirectives(setup: engraver.setup, options: engraver.options)
    format.apply(own)
    return (format.setup, format.options)
  }

  /// Engraves blocks as a book with the template's matter, overridden by `matter`'s changes.
  func engrave(_ blocks: [BookBlock], matter: BookMatter) -> DisplayList {
    engraver.engrave(book: blocks, matter: matter, tuneStyle: tuneStyle)
  }

  /// Warnings for a tune's unknown directives.
  static func tuneDirectiveWarnings(_ tunes: [Tune], base: FormatDirectives) -> [(String, SourceRange)] {
    var warnings: [(String, SourceRange)] = []
    for tune in tunes {
      var format = base
      format.apply(tune.directives)
      warnings += format.warnings.map { ($0.message, $0.range) }
    }
    return warnings
  }
}
