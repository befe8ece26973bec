import DisplayList
import Foundation
import Render
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Collects element names and the root element's attributes while parsing.
private final class SVGInspector: NSObject, XMLParserDelegate {
  var elements: [String: Int] = [:]
  var rootAttributes: [String: String]?

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if rootAttributes == nil { rootAttributes = attributes.merging(["name": name]) { $1 } }
    elements[name, default: 0] += 1
  }
}

/// SVG output: well-formed XML sized in points, numbered files per page.
@Suite struct SVGWriterTests {
  @Test func writesWellFormedSVGSizedInPoints() throws {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("page.svg")
    let written = try Fixtures.renderer().write(
      DisplayList(pages: [Fixtures.musicPage()]), to: url, format: .svg)
    #expect(written == [url])

    let parser = try #require(XMLParser(contentsOf: url))
    let inspector = SVGInspector()
    parser.delegate = inspector
    #expect(parser.parse(), "SVG is not well-formed XML: \(String(describing: parser.parserError))")
    #expect(inspector.rootAttributes?["name"] == "svg")
    #expect(inspector.rootAttributes?["width"] == "595.28pt")
    #expect(inspector.rootAttributes?["height"] == "841.89pt")
    // Glyphs (5 music, 11 text) become <symbol>s placed by <use>; the 5 staff lines, the
    // stem and the beam are <path>s outside the symbols (one path per symbol).
    #expect(inspector.elements["use", default: 0] >= 5 + 11)
    #expect(inspector.elements["path", default: 0] - inspector.elements["symbol", default: 0] >= 7)
  }

  @Test func severalPagesGetNumberedFiles() throws {
    let directory = try Fixtures.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let list = DisplayList(pages: [Fixtures.musicPage(), Fixtures.musicPage(), Fixtures.musicPage()])
    let written = try Fixtures.renderer().write(
      list, to: directory.appendingPathComponent("a.svg"), format: .svg)
    #expect(written.map(\.lastPathComponent) == ["a-1.svg", "a-2.svg", "a-3.svg"])
    #expect(Fixtures.files(in: directory) == ["a-1.svg", "a-2.svg", "a-3.svg"])
  }
}
