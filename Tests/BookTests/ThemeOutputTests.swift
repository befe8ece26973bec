import ABCPressCLI
import DisplayList
import Foundation
import FoundationXML
import Render
import Testing

/// Theme colours at known pixels in PNG and as fills in SVG, and thumbnail sizes.
@Suite(.serialized) struct ThemeOutputTests {
  static let abc = "X:1\nT:Colour Test\nM:4/4\nL:1/4\nK:C\nc B A G|c B A G|\n"

  func render(_ name: String, theme: String, in folder: URL) throws -> (URL, DisplayList) {
    let input = folder.appendingPathComponent("tune.abc")
    try Self.abc.write(to: input, atomically: true, encoding: .utf8)
    let output = folder.appendingPathComponent(name)
    let result = BookOutputTests.tool([
      "render", input.path, "-o", output.path, "--theme", theme, "--dpi", "144",
    ])
    #expect(result.code == .success, "\(result.errors)")
    let json = BookOutputTests.tool([
      "dump", "--display-list", "--format", "json", input.path, "--theme", theme,
    ])
    return (output, try Self.decode(json.output))
  }

  /// Item boxes by role from the JSON dump.
  static func decode(_ json: String) throws -> DisplayList {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let pages = try #require(object["pages"] as? [[String: Any]])
    let items = try #require(pages.first?["items"] as? [[String: Any]])
    var page = DisplayPage(width: 595.28, height: 841.89)
    for item in items {
      guard let role = (item["role"] as? String).flatMap(Role.init(rawValue:)),
        let box = item["box"] as? [Double]
      else { continue }
      let rect = Rect(x: box[0], y: box[1], width: box[2], height: box[3])
      page.items.append(
        DisplayItem(
          role: role, shape: .line(LineShape(from: Point(x: 0, y: 0), to: Point(x: 0, y: 0), thickness: 0)),
          box: rect))
    }
    return DisplayList(pages: [page])
  }

  func close(_ a: RGBAColor, _ hex: String) -> Bool {
    let b = RGBAColor(
      red: Double(Int(hex.dropFirst().prefix(2), radix: 16) ?? 0) / 255,
      green: Double(Int(hex.dropFirst(3).prefix(2), radix: 16) ?? 0) / 255,
      blue: Double(Int(hex.dropFirst(5).prefix(2), radix: 16) ?? 0) / 255)
    return abs(a.red - b.red) < 0.02 && abs(a.green - b.green) < 0.02 && abs(a.blue - b.blue) < 0.02
  }

  @Test(arguments: [
    ("classic", "#ffffff", "#000000"), ("sepia", "#f4ecd8", "#3e2a14"), ("dark", "#1e1f24", "#e6e6e6"),
    ("high-contrast", "#000000", "#ffffff"), ("ink-saver", "#ffffff", "#4d4d4d"),
  ])
  func pngPixelsTakeTheThemeColours(theme: String, background: String, ink: String) throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (png, list) = try render("out.png", theme: theme, in: folder)
    let image = try RasterImage(contentsOfPNG: png)
    #expect(close(image.color(x: 3, y: 3), background), "\(theme) background \(image.color(x: 3, y: 3))")
    let heads = list.pages[0].items.filter { $0.role == .notehead }
    #expect(heads.count == 8)
    for head in heads {
      let x = Int(head.box.x + head.box.width / 2) * 2
      let y = Int(head.box.y + head.box.height / 2) * 2
      #expect(close(image.color(x: x, y: y), ink), "\(theme) notehead \(image.color(x: x, y: y))")
    }
  }

  @Test func svgElementsCarryRoleClassesAndThemeFills() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (svg, _) = try render("out.svg", theme: "dark", in: folder)
    let collector = ClassCollector()
    let parser = try #require(XMLParser(contentsOf: svg))
    parser.delegate = collector
    #expect(parser.parse())
    #expect(collector.styles["background"]?.contains("fill:#1e1f24") == true)
    #expect(collector.styles["staffLine"]?.contains("stroke:#8c8f99") == true)
    #expect(collector.styles["notehead"]?.contains("fill:#e6e6e6") == true)
    #expect(collector.styles["title"]?.contains("fill:#ffffff") == true)
    #expect(!String(decoding: try Data(contentsOf: svg), as: UTF8.self).contains("rgb("))
  }

  @Test func thumbnailsHaveTheRequestedWidthAndNames() throws {
    let folder = try BookFixture.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("two.abc")
    try (BookFixture.tune(7, "First One") + "\n" + BookFixture.tune(9, "Second")).write(
      to: input, atomically: true, encoding: .utf8)
    let pattern = folder.appendingPathComponent("thumbs/{X}-{T}.png").path
    var result = BookOutputTests.tool([
      "thumbs", input.path, "-o", pattern, "--width", "320", "--incipit", "2",
    ])
    #expect(result.code == .success, "\(result.errors)")
    for name in ["7-First-One.png", "9-Second.png"] {
      let image = try RasterImage(contentsOfPNG: folder.appendingPathComponent("thumbs/" + name))
      #expect(image.width == 320)
      #expect(image.height > 20 && image.height < 120)
    }
    let whole = folder.appendingPathComponent("whole/{N}.png").path
    result = BookOutputTests.tool([
      "thumbs", input.path, "-o", whole, "--width", "320", "--whole", "--transparent",
    ])
    let image = try RasterImage(contentsOfPNG: folder.appendingPathComponent("whole/1.png"))
    #expect(image.width == 320 && image.height > 60)
    #expect(image.color(x: 0, y: 0).alpha == 0)
    let svgPattern = folder.appendingPathComponent("svg/{X}.svg").path
    result = BookOutputTests.tool(["thumbs", input.path, "-o", svgPattern, "--width", "250"])
    let svg = String(
      decoding: try Data(contentsOf: folder.appendingPathComponent("svg/7.svg")), as: UTF8.self)
    #expect(svg.contains("width=\"250\""))
  }
}

/// Collects the style of the first element of each class.
final class ClassCollector: NSObject, XMLParserDelegate {
  var styles: [String: String] = [:]

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if let name = attributes["class"], styles[name] == nil { styles[name] = attributes["style"] ?? "" }
  }
}
