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

 Method. The bytes go through the streaming engine as the CLI runs it, on one thread:
 the tune-book reader (fed in two chunks cut where the input's checksum says, so chunk
 boundaries are fuzzed too), the book assembler, format directives applied from where
 they stand over plain A4 and each tune's own over those, layout with the real Bravura
 metadata and the deterministic approximate text measurer, the book composer with title
 page, contents and index, the JSON dump of every page, and MIDI. About one input in
 sixteen (chosen by the checksum, so a reproduced input takes the same path) also has its
 first page rendered to PNG through Cairo and Pango, and another sixteenth to PDF through
 ABCPress's PDF writer, in `renderFirstPage`.

     "X:1\nK:C\nABC|" → reader → assembler → Engraver → BookComposer → pages (JSON)
                                                    ↘ MIDIExport
                       (checksum % 16 == 0 or 1)    → Renderer → /tmp/abcpress-fuzz-PID.png|pdf

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
    let checksum = bytes.reduce(UInt32(0)) { $0 &* 31 &+ UInt32($1) }
    // The reader gets the bytes in two chunks cut at a place the input chooses.
    var reader = TunebookReader(file: "fuzz.abc")
    let cut = bytes.isEmpty ? 0 : Int(checksum % UInt32(bytes.count))
    reader.feed(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<cut])))
    reader.feed(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[cut...])))
    reader.finish()

    var format = FormatDirectives(setup: .a4, options: LayoutOptions())
    let measurer = ApproximateTextMeasurer()
    var matter = BookMatter()
    (matter.titlePage, matter.contents, matter.index) = (true, true, true)
    let composer = BookComposer(
      engraver: Engraver(font: font, measurer: measurer, setup: format.setup, options: format.options),
      matter: matter)
    var firstPage: DisplayPage?
    composer.onPage = { page in
      if firstPage == nil { firstPage = page }
      _ = DisplayListJSON.encode(page: page)
    }
    var assembler = BookAssembler()
    let events = reader.takeEvents()
    for piece in events.flatMap({ assembler.add($0) }) + assembler.finishFile() {
      switch piece {
      case .tune(let source, let titles, let trailing):
        let parsed = BookAssembler.parse(source, headerTitles: titles)
        for diagnostic in parsed.diagnostics { _ = diagnostic.description }
        guard let tune = parsed.tune else { continue }
        var own = FormatDirectives(setup: format.setup, options: format.options)
        own.apply(tune: tune)
        let engraver = Engraver(font: font, measurer: measurer, setup: own.setup, options: own.options)
        composer.add(engraver.engrave(tune: tune))
        for block in trailing { composer.add(text: block) }
        _ = MIDIExport.export(tune)
      case .block(let block): composer.add(block)
      case .directive(let directive):
        format.apply(directive)
        composer.setStyle(setup: format.setup, options: format.options)
      case .diagnostics(let found): for diagnostic in found { _ = diagnostic.description }
      }
    }
    let end = composer.finish()
    for page in end.front + end.back { _ = DisplayListJSON.encode(page: page) }
    if checksum % 16 == 0, let page = firstPage ?? end.lastBodyPages.first {
      renderFirstPage(page, format: .png)
    }
    if checksum % 16 == 1, let page = firstPage ?? end.lastBodyPages.first {
      renderFirstPage(page, format: .pdf)
    }
  }

  /// Renders a page to a PNG or PDF in /tmp and removes it (the one place that calls
  /// Render, so the rendering entry point can change in one spot).
  static func renderFirstPage(_ first: DisplayPage, format: OutputFormat) {
    guard let renderer else { return }
    let page = DisplayList(pages: [first])
    let url = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("abcpress-fuzz-\(ProcessInfo.processInfo.processIdentifier).\(format.rawValue)")
    let written = (try? renderer.write(page, to: url, format: format, dpi: 20)) ?? []
    for file in written { try? FileManager.default.removeItem(at: file) }
  }
}
