import ABCPressTestSupport
import Foundation
import Testing

@testable import ABCPressCLI

/// Inputs that are plainly not ABC get one clear error, not thousands and a junk engraving.
@Suite struct ContentSnifferTests {
  static let musicXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "x">
    <score-partwise version="4.0"></score-partwise>
    """

  @Test func signaturesAreRecognised() {
    #expect(ContentSniffer.notABC(Array("%PDF-1.7\n%âãÏÓ\n".utf8))?.contains("PDF") == true)
    #expect(ContentSniffer.notABC([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])?.contains("PNG") == true)
    #expect(ContentSniffer.notABC(Array("MThd".utf8) + [0, 0, 0, 6])?.contains("MIDI") == true)
    // MusicXML, plain or compressed (a ZIP), is read, not refused.
    #expect(ContentSniffer.notABC([0x50, 0x4B, 0x03, 0x04, 0x14]) == nil)
    #expect(ContentSniffer.isMusicXML([0x50, 0x4B, 0x03, 0x04, 0x14]))
    #expect(ContentSniffer.notABC(Array(Self.musicXML.utf8)) == nil)
    #expect(ContentSniffer.isMusicXML(Array(Self.musicXML.utf8)))
    #expect(!ContentSniffer.isMusicXML(Array("X:1\nK:C\n".utf8)))
    #expect(ContentSniffer.notABC(Array("<html><body>".utf8))?.contains("XML") == true)
    #expect(ContentSniffer.notABC(Array("X:1\nK:C\n".utf8) + [0, 1, 0, 2])?.contains("binary") == true)
    // One stray NUL in a text file.
    #expect(ContentSniffer.notABC(Array("X:1\nK:C\nA".utf8) + [0] + Array("B|\n".utf8)) == nil)
    // ABC, with or without a BOM, Latin-1 bytes or a `%abc` line, is ABC.
    #expect(ContentSniffer.notABC(Array("%abc-2.1\nX:1\nT:Café\nK:C\nCDEF|\n".utf8)) == nil)
    #expect(ContentSniffer.notABC([0xEF, 0xBB, 0xBF] + Array("X:1\nK:C\n".utf8)) == nil)
    #expect(ContentSniffer.notABC(Array("X:1\nT:Caf".utf8) + [0xE9] + Array("\nK:C\n".utf8)) == nil)
  }

  @Test func everyCommandRefusesAPDFWithOneError() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pdf = folder.appendingPathComponent("book.abc")
    try Data(("%PDF-1.7\n" + String(repeating: "stream x\u{0}y endstream\n", count: 500)).utf8).write(to: pdf)
    let good = folder.appendingPathComponent("good.abc")
    try Data("X:1\nT:Good\nK:C\nCDEF|\n".utf8).write(to: good)
    let output = folder.appendingPathComponent("out.pdf")
    // Alone: one error, exit for input errors, no output left behind.
    let alone = ToolRun(["render", pdf.path, "-o", output.path])
    #expect(alone.exitCode == .inputErrors)
    #expect(alone.errors.components(separatedBy: "\n").filter { $0.hasPrefix(pdf.path) }.count == 1)
    #expect(alone.errors.contains("book.abc:1:1: error: not ABC: this is a PDF file"))
    #expect(!FileManager.default.fileExists(atPath: output.path))
    // Beside a good input: the good one is engraved.
    let both = ToolRun(["render", pdf.path, good.path, "-o", output.path])
    #expect(both.errors.contains("not ABC"))
    #expect(FileManager.default.fileExists(atPath: output.path))
    let check = ToolRun(["check", pdf.path])
    let reported = (check.output + check.errors).components(separatedBy: "\n").filter {
      $0.hasPrefix(pdf.path)
    }
    #expect(reported.count == 1)
    // A damaged MusicXML file: one error that says so, no output.
    let xml = folder.appendingPathComponent("song.musicxml")
    try Data(Self.musicXML.utf8.dropLast(20)).write(to: xml)
    let midiFile = folder.appendingPathComponent("x.mid")
    let midi = ToolRun(["midi", xml.path, "-o", midiFile.path])
    // … at the line where the document stops short.
    let lastLine = String(decoding: Self.musicXML.utf8.dropLast(20), as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    ).count
    #expect(
      midi.errors.contains("song.musicxml:\(lastLine):1: error: cannot read MusicXML: not well-formed XML"),
      "\(midi.errors)")
    #expect(midi.exitCode != .success)
    #expect(!FileManager.default.fileExists(atPath: midiFile.path))
  }
}
