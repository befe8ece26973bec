import Foundation
import ScoreModel
import Testing

@testable import ABCPressCLI

/// Input decoding: UTF-8, or ISO-8859-1 when the bytes are not UTF-8 or the file says so.
@Suite struct SourceDecoderTests {
  /// `X:1 T:Café Noël K:C` with the accented letters as single Latin-1 bytes.
  static let latin1Bytes: [UInt8] =
    Array("X:1\nT:Caf".utf8) + [0xE9] + Array(" No".utf8) + [0xEB] + Array("l\nK:C\nCDEF|\n".utf8)

  @Test func invalidUTF8IsReadAsLatin1() {
    let text = SourceDecoder.decode(Data(Self.latin1Bytes))
    #expect(text.contains("T:Café Noël"))
  }

  @Test func validUTF8StaysUTF8() {
    let text = SourceDecoder.decode(Data("T:Café\n".utf8))
    #expect(text == "T:Café\n")
  }

  @Test func declaredCharsetWins() {
    // The bytes C3 A9 are valid UTF-8 (é) but the file declares Latin-1: Ã©.
    let bytes = Array("I:abc-charset iso-8859-1\nT:Caf".utf8) + [0xC3, 0xA9] + Array("\n".utf8)
    #expect(SourceDecoder.decode(Data(bytes)).contains("T:CafÃ©"))
    #expect(SourceDecoder.declaresLatin1(Data("%%abc-charset Latin1\n".utf8)))
    #expect(!SourceDecoder.declaresLatin1(Data("I:abc-charset utf-8\n".utf8)))
  }

  @Test func latin1FileGivesAccentedTitleWithoutWarnings() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("latin1.abc")
    try Data(Self.latin1Bytes).write(to: file)
    let loaded = try StreamedTunes.read([file.path])
    #expect(loaded.tunes.first?.metadata.titles == ["Café Noël"])
    #expect(loaded.diagnostics.isEmpty)
  }
}

/// `I:abc-include` through the CLI: files are read relative to the including file.
@Suite struct IncludeLoadingTests {
  @Test func includeIsReadRelativeToTheIncludingFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let sub = directory.appendingPathComponent("parts")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    try Data("X:1\nT:Main\nI:abc-include head.abc\nK:G\nGAB|\n".utf8).write(
      to: sub.appendingPathComponent("main.abc"))
    try Data("M:3/4\nC:Trad".utf8).write(to: sub.appendingPathComponent("head.abc"))
    let loaded = try StreamedTunes.read([sub.appendingPathComponent("main.abc").path])
    #expect(loaded.diagnostics.isEmpty)
    #expect(loaded.tunes.first?.metadata.composers == ["Trad"])
  }

  @Test func missingIncludeIsReported() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("main.abc")
    try Data("X:1\nI:abc-include gone.abc\nK:G\nGAB|\n".utf8).write(to: file)
    let loaded = try StreamedTunes.read([file.path])
    #expect(loaded.diagnostics.map(\.severity) == [.warning])
    #expect(loaded.diagnostics.first?.range.start.line == 2)
  }
}

/// The tunes and diagnostics of inputs as every subcommand reads them (`TuneStream`).
struct StreamedTunes {
  var tunes: [Tune] = []
  var diagnostics: [Diagnostic] = []

  static func read(_ paths: [String]) throws -> StreamedTunes {
    var result = StreamedTunes()
    try TuneStream(inputs: paths, jobs: 1).run { item, _ in
      item.source.parse()
    } report: {
      result.diagnostics += $0
    } consume: { parsed in
      result.diagnostics += parsed.diagnostics
      if let tune = parsed.tune { result.tunes.append(tune) }
    }
    return result
  }
}
