import ABCPressTestSupport
import Foundation
import Testing

@testable import ABCPressCLI

/// The streaming, parallel engine as commands use it: the same output with any number of
/// threads, a page count known before the first page, directives from where they stand,
/// long tunes engraved line by line.
@Suite(.serialized) struct EnginePipelineTests {
  static let exampleBook = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Documentation/Examples/tunebook.abc").path

  init() {
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1)
  }

  @Test func outputIsTheSameWithAnyNumberOfThreads() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var books: [Data] = []
    var dumps: [String] = []
    for jobs in ["1", "2", "5"] {
      let pdf = folder.appendingPathComponent("book-\(jobs).pdf")
      let run = ToolRun(["book", Self.exampleBook, "-o", pdf.path, "-j", jobs])
      #expect(run.exitCode == .success, "\(run.errors)")
      books.append(try Data(contentsOf: pdf))
      dumps.append(ToolRun(["dump", "--display-list", Self.exampleBook, "--jobs", jobs]).output)
    }
    #expect(books.allSatisfy { $0 == books[0] })
    #expect(dumps.allSatisfy { $0 == dumps[0] })
    #expect(dumps[0].contains("page 3 "))  // Several pages, laid out in parallel.
  }

  @Test func imagesAndThumbnailsAreByteIdenticalOnEveryRun() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var runs: [[String: Data]] = []
    for (index, jobs) in ["1", "2", "2"].enumerated() {
      let out = folder.appendingPathComponent("run\(index)")
      for format in ["pdf", "png", "svg"] {
        let run = ToolRun(["render", Self.exampleBook, "-o", out.path + "/book.\(format)", "-j", jobs, "-q"])
        #expect(run.exitCode == .success, "\(run.errors)")
      }
      let thumbs = ToolRun([
        "thumbs", Self.exampleBook, "-o", out.path + "/thumbs/{X}-{T}.png", "-j", jobs, "-q",
      ])
      #expect(thumbs.exitCode == .success, "\(thumbs.errors)")
      var files: [String: Data] = [:]
      let enumerator = FileManager.default.enumerator(atPath: out.path)
      while let name = enumerator?.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let path = out.appendingPathComponent(name).path
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
          files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
      }
      runs.append(files)
    }
    #expect(runs[0].keys.count > 8)
    #expect(runs[0].keys.contains("book.pdf") && runs[0].keys.contains("book-1.png"))
    #expect(runs.allSatisfy { $0 == runs[0] }, "outputs differ between runs or thread counts")
  }

  @Test func runningHeadsKnowThePageCountBeforeTheFirstPage() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var abc = "%%footer Page $P of $N\n\n"
    for number in 1...30 {
      abc +=
        "X:\(number)\nT:Tune \(number)\nM:4/4\nL:1/8\nK:D\n"
        + String(repeating: "DFAd fdAF|GBdg bgdB|\n", count: 6) + "\n"
    }
    let input = folder.appendingPathComponent("count.abc")
    try abc.write(to: input, atomically: true, encoding: .utf8)
    let pdf = folder.appendingPathComponent("count.pdf")
    let run = ToolRun(["render", input.path, "-o", pdf.path, "--quiet"])
    #expect(run.exitCode == .success, "\(run.errors)")
    let info = try TestTools.run("pdfinfo", [pdf.path])
    let pages = try #require(
      info.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last)
    let first = try TestTools.run("pdftotext", ["-f", "1", "-l", "1", pdf.path, "-"])
    #expect(first.contains("Page 1 of \(pages)"))
    // Diagnostics are printed once even though the inputs were read twice.
    #expect(run.errors.isEmpty)
  }

  @Test func directivesBetweenTunesApplyFromWhereTheyStand() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let music = String(repeating: "CDEF GABc|cBAG FEDC|\n", count: 4)
    let abc = "X:1\nT:Wide\nL:1/8\nK:C\n\(music)\n%%staffwidth 10cm\n\nX:2\nT:Narrow\nL:1/8\nK:C\n\(music)"
    let input = folder.appendingPathComponent("width.abc")
    try abc.write(to: input, atomically: true, encoding: .utf8)
    let dump = ToolRun(["dump", "--display-list", input.path]).output
    // The widest staff line of each tune.
    func staffWidth(tune: Int) -> Double {
      dump.split(separator: "\n").filter { $0.contains("staffLine line") && $0.contains(" t\(tune) ") }
        .compactMap { line -> Double? in
          guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]") else { return nil }
          return Double(line[line.index(after: open)..<close].split(separator: " ")[2])
        }.max() ?? 0
    }
    #expect(staffWidth(tune: 1) > 450)
    #expect(abs(staffWidth(tune: 2) - 283.46) < 1)
  }

  @Test func aLongTuneIsEngravedLineByLineWithEveryLine() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = 150
    let abc =
      "X:1\nT:Long\nM:4/4\nL:1/8\nK:G\n"
      + String(repeating: "GABc dedB|dedB dedB|c2ec B2dB|c2A2 A4|\n", count: lines)
    let input = folder.appendingPathComponent("long.abc")
    try abc.write(to: input, atomically: true, encoding: .utf8)
    let dump = ToolRun(["dump", "--display-list", input.path]).output
    let staffLines = dump.split(separator: "\n").filter { $0.contains("staffLine line") }.count
    #expect(staffLines == lines * 5)
    let pages = dump.split(separator: "\n").filter { $0.hasPrefix("page ") }.count
    #expect(pages >= lines / 15)
    // Every line keeps its number, in order, across the pages.
    let numbers = dump.split(separator: "\n").filter { $0.contains("staffLine line") }.compactMap { line in
      line.split(separator: " ").first { $0.hasPrefix("l") && Int($0.dropFirst()) != nil }.map {
        Int($0.dropFirst())!
      }
    }
    #expect(numbers == (0..<lines).flatMap { Array(repeating: $0, count: 5) })
  }

  @Test func aFolderOrEmptyInputIsHandledClearly() throws {
    let run = ToolRun(["check", "-"], input: "")
    #expect(run.exitCode == .success)
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = ToolRun(["render", folder.path, "-o", folder.appendingPathComponent("x.pdf").path])
    #expect(missing.exitCode == .inputErrors)
    #expect(missing.errors.contains("cannot read folder: it holds no .abc files"))
  }
}
