import Foundation
import Testing

@testable import ABCPressCLI

/// Thumbnails as a website generator uses them: names from any placeholder, a manifest,
/// a fixed scale, a height limit and padding.
@Suite struct ThumbnailOptionsTests {
  static let book = """
    X:1
    T:Short One
    M:4/4
    K:G
    G4|

    X:2
    T:Longer Two
    M:6/8
    K:Dm
    DEF GAB|cde fga|

    """

  struct Image: Equatable {
    var file: String
    var number: Int
    var title: String
    var key: String
    var meter: String
    var width: Int
    var height: Int
  }

  func manifest(_ path: String) throws -> [Image] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    return list.map {
      Image(
        file: $0["file"] as? String ?? "", number: $0["number"] as? Int ?? 0,
        title: $0["title"] as? String ?? "",
        key: $0["key"] as? String ?? "", meter: $0["meter"] as? String ?? "", width: $0["width"] as? Int ?? 0,
        height: $0["height"] as? Int ?? 0)
    }
  }

  @Test func unknownPlaceholdersAreRefused() {
    let thumbs = ToolRun(["thumbs", "-", "-o", "/tmp/x/{x}.png"], input: Self.book)
    #expect(thumbs.exitCode == .usage)
    #expect(
      thumbs.errors.contains("unknown placeholder '{x}'") && thumbs.errors.contains("did you mean '{X}'?"))
    let split = ToolRun(["render", "-", "--split", "-o", "/tmp/x/{X}-{Title}.pdf"], input: Self.book)
    #expect(split.exitCode == .usage && split.errors.contains("unknown placeholder '{Title}'"))
  }

  @Test func theManifestListsEveryImageAsWritten() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("songs.abc")
    try Data(Self.book.utf8).write(to: input)
    let cache = folder.appendingPathComponent("cache").path
    func run(_ name: String) throws -> [Image] {
      let list = folder.appendingPathComponent("\(name).json").path
      let result = ToolRun(
        [
          "thumbs", input.path, "-o", folder.path + "/\(name)/{F}-{X}.png", "--manifest", list, "--cache",
          cache,
        ])
      #expect(result.exitCode == .success, "\(result.errors)")
      return try manifest(list)
    }
    let images = try run("fresh")
    #expect(images.map(\.file) == [folder.path + "/fresh/songs-1.png", folder.path + "/fresh/songs-2.png"])
    #expect(images.map(\.title) == ["Short One", "Longer Two"])
    #expect(images.map(\.key) == ["G", "Dm"] && images.map(\.meter) == ["4/4", "6/8"])
    for image in images {
      // The sizes are the PNGs' own.
      let size = try #require(Thumbnail.pngSize(URL(fileURLWithPath: image.file)))
      #expect(size == (image.width, image.height))
      #expect(image.width == 600)
    }
    // From the cache: the same facts, under the new names.
    let cached = try run("again")
    #expect(
      cached.map {
        Image(
          file: "", number: $0.number, title: $0.title, key: $0.key, meter: $0.meter, width: $0.width,
          height: $0.height)
      }
        == images.map {
          Image(
            file: "", number: $0.number, title: $0.title, key: $0.key, meter: $0.meter, width: $0.width,
            height: $0.height)
        })
    #expect(cached.first?.file.hasSuffix("/again/songs-1.png") == true)
  }

  @Test func aFixedScaleKeepsTheStaffSizeAndLimitsHold() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    func images(_ options: [String]) throws -> [Image] {
      let list = folder.appendingPathComponent("m.json").path
      let result = ToolRun(
        ["thumbs", "-", "-o", folder.path + "/\(options.joined())/{X}.png", "--manifest", list, "--whole"]
          + options,
        input: Self.book)
      #expect(result.exitCode == .success, "\(result.errors)")
      return try manifest(list)
    }
    let fit = try images([])
    #expect(fit.allSatisfy { $0.width == 600 })
    let fixed = try images(["--scale", "fixed"])
    // One staff each: the same height in pixels; the short tune is the narrower image.
    #expect(abs(fixed[0].height - fixed[1].height) <= 2)
    #expect(fixed[0].width < fixed[1].width && fixed[1].width <= 600)
    let limited = try images(["--scale", "fixed", "--max-height", "30"])
    #expect(limited.allSatisfy { $0.height <= 30 })
    let padded = try images(["--scale", "fixed", "--padding", "20"])
    #expect(padded[0].width > fixed[0].width + 20 && padded[0].height > fixed[0].height + 20)
  }
}
