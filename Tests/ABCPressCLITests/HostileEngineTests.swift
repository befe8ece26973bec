import ABCPressTestSupport
import Foundation
import Testing

/// Hostile input through the whole engine — the real `abcpress` process reading, laying
/// out and writing a PDF — each case within a time limit and 200 MB of memory, with a
/// clear diagnostic, and a complete output for what could be read.
///
/// The limits are for the debug build the tests run with (the release build is 5–10×
/// faster); the memory limit is the engine's target whatever the build.
@Suite(.serialized) struct HostileEngineTests {
  static let memoryLimit = 200.0
  static let header = "X:1\nT:Hostile\nM:4/4\nL:1/8\nK:C\n"

  /// A case: the file's bytes, the expected exit status and a diagnostic it must print
  /// (none at all when empty).
  struct Case: CustomStringConvertible, Sendable {
    var name: String
    var bytes: @Sendable () -> [UInt8]
    var status: Int32
    var diagnostic: String
    var extra: [String] = []
    /// Whether a complete PDF comes out (a refused input leaves none).
    var writesOutput = true
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(
      // Refused by its first bytes: one error, nothing engraved.
      name: "binary", bytes: { junk(count: 1 << 20, seed: 7) }, status: 1,
      diagnostic: "binary.abc:1:1: error: not ABC: this is a binary file", writesOutput: false),
    Case(
      name: "notes-in-one-bar",
      bytes: { Array((header + String(repeating: "A", count: 100_000) + "|\n").utf8) },
      status: 1,
      diagnostic: "notes-in-one-bar.abc:6:60001: error: tune too long: only its first 60000 notes"),
    Case(
      name: "bars-in-one-line",
      // Half bars: only the engine's bounds are tried, not the bar check's words.
      bytes: { Array((header + String(repeating: "ABcd|", count: 10_000) + "\n").utf8) }, status: 0,
      diagnostic: "", extra: ["--no-bar-check"]),
    Case(
      name: "rich-bars-in-one-line",
      bytes: {
        let bar = "\"Am\"(A/B/c) !f!d2- d[ceg] {g}f(3fed |"
        return Array(
          (header + String(repeating: bar, count: 2_000) + "\nw:" + String(repeating: "la ", count: 16_000)
            + "\n").utf8)
      }, status: 0, diagnostic: "", extra: ["--no-bar-check"]),
    Case(
      name: "voices",
      bytes: { Array(("X:1\nT:v\nL:1/8\nK:C\n" + (0..<10_000).map { "[V:\($0)] AB|\n" }.joined()).utf8) },
      status: 0, diagnostic: "voices.abc:261:1: warning: more than 256 voices in one tune"),
    Case(
      name: "megabyte-line",
      bytes: {
        Array((header + String(repeating: "ABcd efga (3abc {g}A2 \"C\"[CEG] ", count: 30_000) + "\n").utf8)
      },
      status: 1, diagnostic: "error: tune too long"),
    Case(
      name: "absurd",
      bytes: {
        Array(
          ("X:1\nT:Absurd\nL:1/0\nM:4/4\nK:C\n(99ABC A1000000/3 B| (3:0:2 ABC | [CEG | {ag \"open\n(AB (cd|\n"
            + "%%pagewidth nan\n%%topmargin 1e308\n%%staffsep -5\n%%scale 0\n%%titlefont Times-Bold inf\n")
            .utf8)
      }, status: 1, diagnostic: "absurd.abc:3:3: error: bad unit note length '1/0'"),
    Case(
      name: "nul-and-bad-utf8",
      bytes: {
        Array(header.utf8) + [0x41, 0x00, 0x42, 0x1B, 0x5B, 0x32, 0x4A, 0xFF, 0xC0, 0x43, 0x7C, 0x0A]
      },
      status: 1, diagnostic: "nul-and-bad-utf8.abc:6:2: error: unexpected '\\x00'"),
    Case(
      name: "transpose", bytes: { Array((header + "ABcd|\n").utf8) }, status: 2,
      diagnostic: "--transpose must be a whole number of semitones from -48 to 48, got '2147483648'",
      extra: ["--transpose", "2147483648"]),
  ]

  @Test(arguments: cases)
  func finishesWithinBoundsAndSaysWhy(_ hostile: Case) throws {
    let folder = try TestTools.scratchDirectory(prefix: "hostile")
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("\(hostile.name).abc")
    try Data(hostile.bytes()).write(to: input)
    let output = folder.appendingPathComponent("out.pdf")
    let outcome = try probe().run(
      ["render", input.path, "-o", output.path, "--quiet"] + hostile.extra, limit: 120)
    #expect(!outcome.timedOut && outcome.exitStatus == hostile.status, "\(outcome)")
    #expect(outcome.peakMegabytes > 0 && outcome.peakMegabytes <= Self.memoryLimit, "\(outcome)")
    if hostile.diagnostic.isEmpty {
      #expect(outcome.standardError.isEmpty, "\(outcome)")
    } else {
      #expect(outcome.standardError.contains(hostile.diagnostic), "\(outcome)")
    }
    if hostile.status == 2 || !hostile.writesOutput {
      #expect(!FileManager.default.fileExists(atPath: output.path))
    } else {
      try Self.expectCompletePDF(output)
    }
  }

  /// A 100 MB tune book (a thousand tunes between long passages of text): read, engraved
  /// and written in memory that does not grow with the file.
  @Test func aHundredMegabyteBookInBoundedMemory() throws {
    let folder = try TestTools.scratchDirectory(prefix: "hostile")
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("hundred.abc")
    let count = try Self.writeHundredMegabytes(to: input)
    let output = folder.appendingPathComponent("book.pdf")
    let render = try probe().run(["render", input.path, "-o", output.path], limit: 300)
    #expect(!render.timedOut && render.exitStatus == 0, "\(render)")
    #expect(render.peakMegabytes > 0 && render.peakMegabytes <= Self.memoryLimit, "\(render)")
    try Self.expectCompletePDF(output)
    let info = try TestTools.run("pdfinfo", [output.path])
    let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
    #expect(
      pages.flatMap { Int($0.split(separator: " ").last ?? "") }.map { $0 >= count / 4 } == true, "\(info)")

    let check = try probe().run(["check", input.path], limit: 300)
    #expect(!check.timedOut && check.exitStatus == 0, "\(check)")
    #expect(check.peakMegabytes > 0 && check.peakMegabytes <= Self.memoryLimit, "\(check)")
  }

  func probe() throws -> ProcessProbe {
    ProcessProbe(
      executable: try #require(ExecutableTests.executable, "abcpress must be built beside the tests"))
  }

  static func expectCompletePDF(_ url: URL) throws {
    let data = try Data(contentsOf: url)
    #expect(data.starts(with: Array("%PDF-".utf8)))
    #expect(String(decoding: data.suffix(16), as: UTF8.self).contains("%%EOF"))
  }

  /// Deterministic pseudo-random bytes (a 64-bit linear congruential generator).
  static func junk(count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
  }

  /// Writes tunes each followed by 100 KB of prose until the file passes 100 MB; returns
  /// how many tunes it holds.
  static func writeHundredMegabytes(to url: URL) throws -> Int {
    let sentence =
      "Free text between tunes, as tune books have: sources, stories and thanks, long enough to make a large file.\n"
    let prose = Data((String(repeating: sentence, count: 100_000 / sentence.utf8.count) + "\n").utf8)
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let file = try FileHandle(forWritingTo: url)
    defer { try? file.close() }
    var size = 0
    var count = 0
    while size < 100 << 20 {
      count += 1
      let tune = Data(
        ("X:\(count)\nT:Reel \(count)\nM:4/4\nL:1/8\nK:D\n|:DFAd fdAF|GBdg bgdB|AFdA FADF|EFGA BcdB:|\n"
          + "|:d2fd AdFA|GBdB GBdB|d2fd Adfa|gefd edcB:|\n\n").utf8)
      try file.write(contentsOf: tune)
      try file.write(contentsOf: prose)
      size += tune.count + prose.count
    }
    return count
  }
}
