import ABCParser
import ABCPressCLI
import Book
import DisplayList
import Foundation
import Layout
import MIDIExport
import Render
import SMuFL
import ScoreModel

/*
 FuzzPipeline — what one fuzz input goes through: the whole engine, as the CLI runs it.

 Method. The bytes are decoded as the CLI decodes a file (UTF-8, else Latin-1), parsed,
 assembled into book blocks with the file's format directives applied over plain A4 (as
 `render` does, tune directives per tune), engraved with the real Bravura metadata and
 the deterministic approximate text measurer, and played into MIDI. About one input in
 sixteen (chosen by a checksum, so a reproduced input takes the same path) also has its
 first page rendered to PNG through Cairo and Pango, in `renderFirstPage`.

     "X:1\nK:C\nABC|" → parse → FormatDirectives → Engraver → DisplayList
                                                 ↘ MIDIExport
                       (checksum % 16 == 0)      → Renderer → /tmp/abcpress-fuzz-PID.png

 Limits. Rendering uses the PNG writer only (PDF and SVG share its page painter); the
 layout's known time blow-ups (thousands of notes in one bar) show up as libFuzzer
 timeouts, which scripts/fuzz records in .cache/fuzz/artifacts.
 */

/// Runs one fuzz input through parsing, layout, MIDI and (sometimes) rendering.
enum FuzzPipeline {
  /// The checkout's Fonts/ folder, or `ABCPRESS_FONTS`.
  static let fontsDirectory: URL = {
    if let explicit = ProcessInfo.processInfo.environment["ABCPRESS_FONTS"] {
      return URL(fileURLWithPath: explicit)
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fonts")
  }()

  /// The Bravura metadata, loaded once (nil stops the fuzzer with a message).
  static let font: MusicFont? = try? MusicFont.decode(
    Data(contentsOf: fontsDirectory.appendingPathComponent("Bravura.json")))

  /// The renderer, made once on first use.
  static let renderer: Renderer? = try? Renderer(fontsDirectory: fontsDirectory)

  /// One input, start to end.
  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let font else {
      FileHandle.standardError.write(
        Data("ABCPressFuzz: cannot load \(fontsDirectory.path)/Bravura.json\n".utf8))
      exit(2)
    }
    let data = Data(buffer: bytes)
    let text = SourceDecoder.decode(data)
    let parsed = ABCParser.parse(text, file: "fuzz.abc")
    for diagnostic in parsed.diagnostics { _ = diagnostic.description }

    var assembler = BookAssembler()
    assembler.add(text: text, tunebook: parsed.tunebook)
    var format = FormatDirectives(setup: .a4, options: LayoutOptions())
    format.apply(assembler.interTuneDirectives)
    let engraver = Engraver(
      font: font, measurer: ApproximateTextMeasurer(), setup: format.setup, options: format.options)
    let list = engraver.engrave(book: assembler.blocks, matter: BookMatter()) { tune in
      var own = FormatDirectives(setup: format.setup, options: format.options)
      own.apply(tune.directives)
      return (own.setup, own.options)
    }
    _ = DisplayListJSON.encode(list)

    for tune in parsed.tunebook.tunes { _ = MIDIExport.export(tune) }

    let checksum = bytes.reduce(UInt32(0)) { $0 &* 31 &+ UInt32($1) }
    if checksum % 16 == 0 { renderFirstPage(list) }
  }

  /// Renders the first page to a PNG in /tmp and removes it (the one place that calls
  /// Render, so the rendering entry point can change in one spot).
  static func renderFirstPage(_ list: DisplayList) {
    guard let renderer, let first = list.pages.first else { return }
    let page = DisplayList(pages: [first], title: list.title)
    let url = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("abcpress-fuzz-\(ProcessInfo.processInfo.processIdentifier).png")
    let written = (try? renderer.write(page, to: url, format: .png, dpi: 20)) ?? []
    for file in written { try? FileManager.default.removeItem(at: file) }
  }
}
