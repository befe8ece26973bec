import DisplayList
import Foundation
import Layout
import Render
import SMuFL
import ScoreModel

/// The fonts, text measurer and engraver one command run uses.
struct EngravingSession {
  let fonts: FontLibrary
  let measurer: PangoTextMeasurer
  let engraver: Engraver

  /// Options shared by every command that engraves.
  static let optionNames: Set<String> = ["--page-size", "--music-font", "--fonts", "--staff-space"]
  static let flagNames: Set<String> = ["--auto-break"]

  init(arguments: ParsedArguments) throws {
    let directory = FontLocator.locate(explicit: arguments["--fonts"])
    fonts = FontLibrary(directory: directory)
    let family = arguments["--music-font"] ?? MusicFont.defaultFamily
    guard MusicFont.knownFamilies.contains(family) else {
      throw UsageError(
        "unknown music font '\(family)' (choose one of \(MusicFont.knownFamilies.joined(separator: ", ")))")
    }
    let font = try fonts.musicFont(family)
    measurer = try PangoTextMeasurer(fonts: fonts)
    var setup = try Self.pageSetup(arguments)
    if let space = arguments["--staff-space"] {
      guard let value = Double(space), value >= 2, value <= 20 else {
        throw UsageError("--staff-space must be a number of points from 2 to 20, got '\(space)'")
      }
      setup.staffSpace = value
    }
    var options = LayoutOptions()
    if arguments.has("--auto-break") { options.lineBreaks = .optimal }
    engraver = Engraver(font: font, measurer: measurer, setup: setup, options: options)
  }

  static func pageSetup(_ arguments: ParsedArguments) throws -> PageSetup {
    switch (arguments["--page-size"] ?? "a4").lowercased() {
    case "a4": return .a4
    case "letter": return .letter
    case let other: throw UsageError("unknown page size '\(other)' (choose a4 or letter)")
    }
  }

  func renderer() -> Renderer { Renderer(fonts: fonts, textMeasurer: measurer) }
}
