import Foundation
import Testing

@testable import ABCPressCLI

/// The editor's saves change the text and nothing else: mode, owner, hard links, symlinks,
/// encoding and line ends are kept, the backup is made safely, and a full disk or a folder
/// in the backup's place leaves everything as it was.
@Suite struct EditorFileTests {
  func info(_ path: String) -> stat {
    var info = stat()
    #expect(lstat(path, &info) == 0)
    return info
  }

  func contents(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test func modeAndOwnerAreKeptAndTheBackupIsACopy() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.path + "/tune.abc"
    try Data("X:1\nK:C\nC|\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(chmod(path, 0o600) == 0)
    if geteuid() == 0 { #expect(chown(path, 65534, 65534) == 0) }
    _ = try EditorFile.save("X:1\nK:C\nD|\n", to: path)
    #expect(try contents(path) == Array("X:1\nK:C\nD|\n".utf8))
    #expect(info(path).st_mode & 0o7777 == 0o600)
    if geteuid() == 0 {
      #expect(info(path).st_uid == 65534 && info(path).st_gid == 65534)
    }
    #expect(try contents(path + "~") == Array("X:1\nK:C\nC|\n".utf8))
    #expect(info(path + "~").st_mode & S_IFMT == S_IFREG)
    // Nothing else is left in the folder.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["tune.abc", "tune.abc~"])
  }

  @Test func hardLinksStayLinked() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.path + "/tune.abc"
    let other = folder.path + "/other-name.abc"
    try Data("X:1\nK:C\nC|\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(link(path, other) == 0)
    let inode = info(path).st_ino
    _ = try EditorFile.save("X:1\nK:C\nE|\n", to: path)
    #expect(info(path).st_ino == inode && info(path).st_nlink == 2)
    #expect(try contents(other) == Array("X:1\nK:C\nE|\n".utf8))
  }

  @Test func aSymlinkedFileIsSavedToItsTarget() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let real = folder.path + "/elsewhere/real.abc"
    try FileManager.default.createDirectory(
      atPath: folder.path + "/elsewhere", withIntermediateDirectories: true)
    try Data("X:1\nK:C\nC|\n".utf8).write(to: URL(fileURLWithPath: real))
    let link = folder.path + "/tune.abc"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
    _ = try EditorFile.save("X:1\nK:C\nF|\n", to: link)
    #expect(info(link).st_mode & S_IFMT == S_IFLNK)
    #expect(try contents(real) == Array("X:1\nK:C\nF|\n".utf8))
    // The backup is a copy beside the name served, not a second link.
    #expect(info(link + "~").st_mode & S_IFMT == S_IFREG)
    #expect(try contents(link + "~") == Array("X:1\nK:C\nC|\n".utf8))
  }

  @Test func aFolderOrLinkInTheBackupsPlaceIsRefusedNeverDeleted() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.path + "/tune.abc"
    try Data("X:1\nK:C\nC|\n".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.createDirectory(atPath: path + "~", withIntermediateDirectories: true)
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: path + "~/inside.txt"))
    let error = try #require(throws: EditorFile.Failure.self) {
      try EditorFile.save("X:1\nK:C\nG|\n", to: path)
    }
    #expect(error.description.contains("tune.abc~, where the old text is kept, is a folder"), "\(error)")
    #expect(try contents(path + "~/inside.txt") == Array("keep me".utf8))
    #expect(try contents(path) == Array("X:1\nK:C\nC|\n".utf8))
    try FileManager.default.removeItem(atPath: path + "~")
    try FileManager.default.createSymbolicLink(
      atPath: path + "~", withDestinationPath: folder.path + "/victim")
    #expect(throws: EditorFile.Failure.self) { try EditorFile.save("X:1\nK:C\nG|\n", to: path) }
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/victim"))
  }

  @Test func latin1FilesReadAsTheCommandLineReadsThemAndStayLatin1() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.path + "/old.abc"
    // "T:Café" in Latin-1, with CR LF line ends.
    let bytes: [UInt8] = Array("X:1\r\nT:Caf".utf8) + [0xE9] + Array("\r\nK:C\r\nC|\r\n".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let (text, form) = try EditorFile.read(path)
    #expect(text.contains("T:Café"))
    #expect(form == EditorFile.Form(latin1: true, crlf: true))
    // The page gives LF lines; they are written back as the file had them.
    _ = try EditorFile.save("X:1\nT:Café au lait\nK:C\nC|\n", to: path)
    #expect(
      try contents(path) == Array("X:1\r\nT:Caf".utf8) + [0xE9] + Array(" au lait\r\nK:C\r\nC|\r\n".utf8))
    // A character Latin-1 cannot hold: refused (the page asks), the file untouched.
    let before = try contents(path)
    let error = try #require(throws: EditorFile.Failure.self) { try EditorFile.save("X:1\nT:Sŋ\n", to: path) }
    #expect(error.unencodable && error.description.contains("line 2 has 'ŋ'"))
    #expect(try contents(path) == before)
    // Converted when asked.
    _ = try EditorFile.save("X:1\nT:Sŋ\n", to: path, convertToUTF8: true)
    #expect(try contents(path) == Array("X:1\r\nT:Sŋ\r\n".utf8))
  }

  @Test func fifosAndBinariesAreNeverOpened() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(mkfifo(folder.path + "/pipe.abc", 0o600) == 0)
    let error = try #require(throws: EditorFile.Failure.self) {
      try EditorFile.read(folder.path + "/pipe.abc")
    }
    #expect(error.description == "not a regular file")
    try Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0]).write(to: URL(fileURLWithPath: folder.path + "/image.abc"))
    #expect(throws: EditorFile.Failure.self) { try EditorFile.read(folder.path + "/image.abc") }
    // A link to a file outside the folder is not served, so not listed.
    let outside = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: outside) }
    try Data("X:1\nK:C\nC|\n".utf8).write(to: outside.appendingPathComponent("far.abc"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/far.abc", withDestinationPath: outside.path + "/far.abc")
    let service = EditorService(folder: folder, file: nil, token: "t", fonts: folder)
    #expect(service.files() == ["image.abc"])
    #expect(service.path(ofFile: "far.abc") == nil)
  }

  @Test func aFullDiskLeavesTheFileAndItsBackupWhole() throws {
    // A small tmpfs of our own is the full disk (root only; CI runs as root).
    guard geteuid() == 0 else { return }
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mount = folder.path + "/disk"
    try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
    let mounted = Process()
    mounted.executableURL = URL(fileURLWithPath: "/bin/mount")
    mounted.arguments = ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mount]
    try mounted.run()
    mounted.waitUntilExit()
    guard mounted.terminationStatus == 0 else { return }
    defer {
      let unmount = Process()
      unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
      unmount.arguments = [mount]
      try? unmount.run()
      unmount.waitUntilExit()
    }
    let path = mount + "/book.abc"
    let first = "X:1\nK:C\n" + String(repeating: "CDEF|", count: 10_000) + "\n"
    let second = first.replacingOccurrences(of: "CDEF", with: "DEFG")
    try Data(first.utf8).write(to: URL(fileURLWithPath: path))
    _ = try EditorFile.save(second, to: path)  // backup: first
    // Fill the disk.
    let filler = open(mount + "/filler", O_WRONLY | O_CREAT, 0o600)
    let block = [UInt8](repeating: 7, count: 4096)
    while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
    close(filler)
    let third = first.replacingOccurrences(of: "CDEF", with: "EFGA")
    let error = try #require(throws: EditorFile.Failure.self) { try EditorFile.save(third, to: path) }
    #expect(error.description.contains("the disk is full"), "\(error)")
    #expect(try contents(path) == Array(second.utf8))
    #expect(try contents(path + "~") == Array(first.utf8))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: mount).sorted() == [
        "book.abc", "book.abc~", "filler",
      ])
  }
}
