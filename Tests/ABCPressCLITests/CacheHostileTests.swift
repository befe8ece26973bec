import ABCPressTestSupport
import Foundation
import ScoreModel
import Testing

@testable import ABCPressCLI

/// `--cache DIR` attacked: links planted at records and shard folders, FIFOs, forged and
/// moved records, loose permissions. The cache never writes through a link, never blocks,
/// never copies a record it did not seal into the output, and refuses a folder others
/// could change.
@Suite(.serialized) struct CacheHostileTests {
  static let book = (1...3).map {
    "X:\($0)\nT:Tune \($0)\nK:C\n" + String(repeating: "CDEF GABc|", count: 6) + "\n"
  }
  .joined(separator: "\n")

  static func inode(_ path: String) throws -> UInt64 {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
    return UInt64(info.st_ino)
  }

  struct Bench {
    let folder: URL
    var cache: String { folder.path + "/cache" }

    init() throws {
      setenv("SOURCE_DATE_EPOCH", "1700000000", 1)
      folder = try temporaryDirectory()
    }

    func pdf(_ name: String, cached: Bool = true) throws -> (Data, ToolRun) {
      let path = folder.path + "/" + name + ".pdf"
      let run = ToolRun(
        ["book", "-", "-o", path, "--quiet"] + (cached ? ["--cache", cache] : []),
        input: CacheHostileTests.book)
      #expect(run.exitCode == .success, "\(run.errors)")
      return (try Data(contentsOf: URL(fileURLWithPath: path)), run)
    }

    /// Every record of the cache (`ab/….layout`, `….pdfpage`), as paths.
    func records() -> [String] {
      (FileManager.default.enumerator(atPath: cache)?.allObjects.compactMap { $0 as? String } ?? [])
        .filter { $0.contains("/") }.sorted().map { cache + "/" + $0 }
    }
  }

  @Test func aWarningsRecordReadsOnlyTheLinesItCanAndNeverTraps() throws {
    let good = "W\t2\t5\t2\t9\tbar 2 has 2 quarters; 3/4 needs 3\\nsecond line"
    let record = [
      good, "X\t1\t1\t1\t1\tbad severity", "W\t1\t1", "W\t\(Int.max)\t1\t1\t1\toverflowing line",
      "N\t-1\t1\t1\t1\tnegative line", "W\t1\t1\t1\t1\ttrailing escape \\",
    ].joined(separator: "\n")
    let read = TuneCache.warnings(decoding: Array(record.utf8), firstLine: Int.max - 10, file: "t.abc")
    #expect(read.count == 2)  // the good line and the one ending in a lone escape
    #expect(read.first?.message == "bar 2 has 2 quarters; 3/4 needs 3\nsecond line")
    #expect(read.first?.range.start.line == Int.max - 8 && read.first?.range.start.column == 5)
    #expect(read.first?.severity == .warning && read.first?.file == "t.abc")
    #expect(TuneCache.warnings(decoding: [0xFF, 0x00, 0x09, 0x0A], firstLine: 1, file: nil).isEmpty)
  }

  /// Warnings kept with a tune read back as they were, whatever their messages hold
  /// (backslashes, line breaks, tabs, accents).
  @Test func warningsReadBackAsTheyWereKept() {
    let pieces = ["bar 2", " has ", "\\", "\\n", "\n", "\t", "é♯", "3/4", "\r", "\u{E0A4}"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let kept = (0..<Int.random(in: 1...4, using: &generator)).map { index in
        let message = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
          pieces.randomElement(using: &generator)!
        }.joined()
        let line = 100 + Int.random(in: 0...40, using: &generator)
        return Diagnostic(
          index % 2 == 0 ? .warning : .note, message,
          at: SourceRange(
            start: SourceLocation(line: line, column: Int.random(in: 1...80, using: &generator)),
            end: SourceLocation(line: line + 1, column: 3)), file: "t.abc")
      }
      let record = kept.map { TuneCache.recordLine($0, firstLine: 90) }.joined(separator: "\n")
      let read = TuneCache.warnings(decoding: Array(record.utf8), firstLine: 90, file: "t.abc")
      #expect(read.map(\.description) == kept.map(\.description))
      #expect(read.map(\.message) == kept.map(\.message))
    }
  }

  @Test func aLinkPlantedAtARecordIsNeverWrittenThrough() throws {
    let bench = try Bench()
    defer { try? FileManager.default.removeItem(at: bench.folder) }
    let fresh = try bench.pdf("fresh", cached: false).0
    _ = try bench.pdf("fill")
    let records = bench.records()
    #expect(records.count >= 4)
    // Every record's name is known to whoever reads the folder: replace each by a link to
    // a file of the user's, and by a link to a missing file.
    let victim = bench.folder.appendingPathComponent("victim.txt")
    try Data("precious".utf8).write(to: victim)
    for (index, record) in records.enumerated() {
      try FileManager.default.removeItem(atPath: record)
      let target = index % 2 == 0 ? victim.path : bench.folder.path + "/made-by-the-cache-\(index)"
      try FileManager.default.createSymbolicLink(atPath: record, withDestinationPath: target)
    }
    #expect(try bench.pdf("linked").0 == fresh)
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: bench.folder.path).allSatisfy {
        !$0.hasPrefix("made-by-the-cache")
      })
    // The links were replaced by real records.
    for record in records {
      #expect(
        try FileManager.default.attributesOfItem(atPath: record)[.type] as? FileAttributeType == .typeRegular)
    }
    #expect(try bench.pdf("healed").0 == fresh)
  }

  @Test func aSymlinkedShardFolderIsNotUsed() throws {
    let bench = try Bench()
    defer { try? FileManager.default.removeItem(at: bench.folder) }
    let fresh = try bench.pdf("fresh", cached: false).0
    _ = try bench.pdf("fill")
    let elsewhere = bench.folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let shards = Set(bench.records().map { ($0 as NSString).deletingLastPathComponent })
    for shard in shards {
      try FileManager.default.removeItem(atPath: shard)
      try FileManager.default.createSymbolicLink(atPath: shard, withDestinationPath: elsewhere.path)
    }
    #expect(try bench.pdf("redirected").0 == fresh)
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
  }

  @Test func aFIFOAtARecordNeitherHangsTheRunNorIsRead() throws {
    let bench = try Bench()
    defer { try? FileManager.default.removeItem(at: bench.folder) }
    let fresh = try bench.pdf("fresh", cached: false).0
    _ = try bench.pdf("fill")
    let records = bench.records()
    for record in records {
      try FileManager.default.removeItem(atPath: record)
      #expect(mkfifo(record, 0o600) == 0)
    }
    // (A hang here would stop the test run: the suite's time limit would catch it.)
    #expect(try bench.pdf("fifos").0 == fresh)
    for record in records {
      #expect(
        try FileManager.default.attributesOfItem(atPath: record)[.type] as? FileAttributeType == .typeRegular)
    }
  }

  @Test func forgedDamagedAndMovedRecordsAreRecomputed() throws {
    let bench = try Bench()
    defer { try? FileManager.default.removeItem(at: bench.folder) }
    let fresh = try bench.pdf("fresh", cached: false).0
    _ = try bench.pdf("fill")
    let records = bench.records()
    // Forged: another book's records re-sealed the old way (CRC-32 and length), and
    // records of the right shape with a tag made without the key.
    let other = "X:1\nT:Forged\nK:C\nc8|]\n"
    for (index, record) in records.enumerated() {
      var bytes = [UInt8](repeating: 0, count: CacheFolder.tagSize) + Array(other.utf8)
      if index % 2 == 1 {
        bytes = [0x12, 0x34, 0x56, 0x78, UInt8(other.utf8.count), 0, 0, 0] + Array(other.utf8)
      }
      try Data(bytes).write(to: URL(fileURLWithPath: record))
    }
    let (forged, _) = try bench.pdf("forged")
    #expect(forged == fresh)
    #expect(try !TestTools.run("pdftotext", [bench.folder.path + "/forged.pdf", "-"]).contains("Forged"))
    // One byte changed in each: refused too.
    for record in bench.records() {
      var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: record)))
      bytes[bytes.count / 2] ^= 0x40
      try Data(bytes).write(to: URL(fileURLWithPath: record))
    }
    #expect(try bench.pdf("flipped").0 == fresh)
  }

  @Test func aFolderOthersCanChangeIsRefusedAndTheRunGoesOn() throws {
    let bench = try Bench()
    defer { try? FileManager.default.removeItem(at: bench.folder) }
    let fresh = try bench.pdf("fresh", cached: false).0
    try FileManager.default.createDirectory(atPath: bench.cache, withIntermediateDirectories: true)
    #expect(chmod(bench.cache, 0o777) == 0)
    let (loose, run) = try bench.pdf("loose")
    #expect(loose == fresh)
    #expect(run.errors.contains("warning: the cache folder \(bench.cache) is not used"), "\(run.errors)")
    #expect(run.errors.contains("writable by other users (mode 777"), "\(run.errors)")
    #expect(bench.records().isEmpty)
    // A parent folder others may write to (not sticky, as /tmp is) is refused as well.
    #expect(chmod(bench.cache, 0o700) == 0)
    #expect(chmod(bench.folder.path, 0o777) == 0)
    let (_, parent) = try bench.pdf("parent")
    #expect(
      parent.errors.contains("a folder above the cache, can be changed by other users"), "\(parent.errors)")
    #expect(chmod(bench.folder.path, 0o700) == 0)
    // A key others can read is refused (it would let them forge records).
    _ = try bench.pdf("fill")
    #expect(chmod(bench.cache + "/key", 0o644) == 0)
    let (_, readable) = try bench.pdf("readable-key")
    #expect(readable.errors.contains("key file is not a 32-byte file only its owner can read"))
    // A folder of another user's (as root, the tests can make one).
    if geteuid() == 0 {
      #expect(chmod(bench.cache + "/key", 0o600) == 0)
      #expect(chown(bench.cache, 65534, 65534) == 0)
      let (_, foreign) = try bench.pdf("foreign")
      #expect(foreign.errors.contains("belongs to another user"), "\(foreign.errors)")
    }
  }

  @Test func aCacheFolderThatIsALinkIsFollowedOnlyAsTheUsersOwnFolder() throws {
    // `--cache ~/.cache/abcpress` where that is a link to a folder of the user's is fine:
    // the real folder is checked, and records are reached from it.
    let bench = try Bench()
    defer { try? FileManager.default.removeItem(at: bench.folder) }
    let fresh = try bench.pdf("fresh", cached: false).0
    let real = bench.folder.appendingPathComponent("real-cache")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    #expect(chmod(real.path, 0o700) == 0)
    try FileManager.default.createSymbolicLink(atPath: bench.cache, withDestinationPath: real.path)
    #expect(try bench.pdf("through-link").0 == fresh)
    #expect(try !FileManager.default.contentsOfDirectory(atPath: real.path).isEmpty)
    #expect(try bench.pdf("warm").0 == fresh)
  }
}
