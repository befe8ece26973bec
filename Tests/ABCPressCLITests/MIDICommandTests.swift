import Foundation
import Testing

@testable import ABCPressCLI

@Suite struct MIDICommandTests {
  let twoTunes = "X:1\nT:One\nL:1/4\nK:C\nC D|\n\nX:7\nT:Seven\nL:1/4\nK:G\nG A B|\n"

  func noteKeys(_ url: URL) throws -> [UInt8] {
    let bytes = Array(try Data(contentsOf: url))
    #expect(Array(bytes.prefix(4)) == Array("MThd".utf8))
    var keys: [UInt8] = []
    for index in bytes.indices.dropLast(2) where bytes[index] == 0x90 && bytes[index + 2] > 0 {
      keys.append(bytes[index + 1])
    }
    return keys
  }

  @Test func singleTuneToAFile() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("t.abc")
    try Data(simpleTune.utf8).write(to: input)
    let output = folder.appendingPathComponent("t.mid")
    let run = ToolRun(["midi", input.path, "-o", output.path])
    #expect(run.exitCode == .success)
    #expect(try noteKeys(output) == [67, 69, 71, 72, 74, 76, 74, 71, 74, 76, 74, 71, 74, 76, 74, 71])
  }

  @Test func nestedPartsAreCutWithAWarningNamingTheFile() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("parts.abc")
    try Data("X:1\nP:((((((((A)9)9)9)9)9)9)9)9\nL:1/8\nK:C\nP:A\nABcd|]\n".utf8).write(to: input)
    let output = folder.appendingPathComponent("parts.mid")
    let run = ToolRun(["midi", input.path, "-o", output.path])
    #expect(run.exitCode == .success)
    #expect(
      run.errors.contains("\(input.path):2:1: warning: the P: play order unfolds to more than 1000 parts"))
    let size = try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int ?? 0
    #expect(size > 0 && size < 100_000)
  }

  @Test func transposeOptionMovesTheNotes() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("t.mid")
    let run = ToolRun(
      ["midi", "-", "-o", output.path, "--transpose", "-2"], input: "X:1\nL:1/4\nK:D\nD E F|\n")
    #expect(run.exitCode == .success)
    #expect(try noteKeys(output) == [60, 62, 64])
  }

  @Test func tempoAndProgramOptions() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("t.mid")
    let run = ToolRun(
      ["midi", "-", "-o", output.path, "--tempo", "150", "--program", "21"],
      input: "X:1\nL:1/4\nQ:1/4=90\nK:C\nC D|\n")
    #expect(run.exitCode == .success, "\(run.errors)")
    let bytes = Array(try Data(contentsOf: output))
    // Set Tempo 400000 µs per crotchet (150 per minute) and program 21 on channel 1.
    #expect(
      bytes.indices.dropLast(5).contains {
        Array(bytes[$0..<$0 + 6]) == [0xFF, 0x51, 0x03, 0x06, 0x1A, 0x80]
      })
    #expect(bytes.indices.dropLast(1).contains { bytes[$0] == 0xC0 && bytes[$0 + 1] == 21 })
    for bad in [["--tempo", "0"], ["--program", "128"], ["--tempo", "fast"]] {
      let refused = ToolRun(["midi", "-", "-o", output.path] + bad, input: "X:1\nK:C\nC|\n")
      #expect(refused.exitCode == .usage, "\(bad)")
      #expect(refused.errors.contains(bad[0]))
    }
  }

  @Test func accompanimentOptionAddsBassAndChords() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("t.mid")
    let input = "X:1\nM:2/4\nL:1/4\nK:C\n\"C\"E G|\n"
    #expect(ToolRun(["midi", "-", "-o", output.path], input: input).exitCode == .success)
    #expect(try noteKeys(output) == [64, 67])
    #expect(ToolRun(["midi", "-", "-o", output.path, "--accompaniment"], input: input).exitCode == .success)
    // The melody, the bass C2 on the first beat, the chord C E G from C3 on the second (as
    // abc2midi voices them), each on its own channel.
    let bytes = Array(try Data(contentsOf: output))
    var keys: [UInt8] = []
    for index in bytes.indices.dropLast(2) where bytes[index] & 0xF0 == 0x90 && bytes[index + 2] > 0 {
      if bytes[index + 1] < 128 { keys.append(bytes[index + 1]) }
    }
    #expect(keys.sorted() == [36, 48, 52, 55, 64, 67])
  }

  @Test func severalTunesNeedAChoiceOrADirectory() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("out.mid")
    let refused = ToolRun(["midi", "-", "-o", file.path], input: twoTunes)
    #expect(refused.exitCode == .usage)
    #expect(refused.errors.contains("--tune"))
    #expect(!FileManager.default.fileExists(atPath: file.path))

    let chosen = ToolRun(["midi", "-", "-o", file.path, "--tune", "7"], input: twoTunes)
    #expect(chosen.exitCode == .success)
    #expect(try noteKeys(file) == [67, 69, 71])

    let directory = folder.appendingPathComponent("all/")
    let all = ToolRun(["midi", "-", "-o", directory.path + "/"], input: twoTunes)
    #expect(all.exitCode == .success)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == ["1.mid", "7.mid"])
    #expect(try noteKeys(directory.appendingPathComponent("1.mid")) == [60, 62])
  }

  @Test func usageErrors() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("x.mid").path
    let cases: [([String], String)] = [
      (["midi", "-o", file], "input"),
      (["midi", "-"], "-o OUT.mid"),
      (["midi", "-", "-o", folder.appendingPathComponent("x.pdf").path], ".mid"),
      (["midi", "-", "-o", file, "--tune", "one"], "--tune"),
      (["midi", "-", "-o", file, "--tune", "9"], "no tune X:9"),
      (["midi", "-", "-o", file, "--transpose", "99"], "--transpose"),
      (["render", "-", "-o", file + ".pdf", "--transpose", "x"], "--transpose"),
      (["check", "-", "--transpose", "1.5"], "--transpose"),
    ]
    for (arguments, message) in cases {
      let run = ToolRun(arguments, input: twoTunes)
      #expect(run.exitCode == .usage, "\(arguments)")
      #expect(run.errors.contains(message), "\(arguments): \(run.errors)")
    }
  }

  @Test func helpAndCheckWithTranspose() {
    let help = ToolRun(["midi", "--help"])
    #expect(help.exitCode == .success)
    #expect(help.output.hasPrefix("USAGE: abcpress midi"))
    #expect(ToolRun(["--help"]).output.contains("midi"))
    #expect(ToolRun(["render", "--help"]).output.contains("--transpose"))
    let check = ToolRun(["check", "-", "--transpose", "+3"], input: simpleTune)
    #expect(check.exitCode == .success)
  }

  @Test func unwritableOutputFails() throws {
    let run = ToolRun(["midi", "-", "-o", "/nonexistent-dir/x.mid"], input: simpleTune)
    #expect(run.exitCode == .failure)
    #expect(run.errors.contains("cannot write"))
  }
}
