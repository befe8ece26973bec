import Foundation

/// The tune list: `GET /api/tunes` lists the tunes of every served file as it is on disk
/// (`TuneIndex`, kept per file by its size and date, so listing a folder again reads only
/// what changed); the open file's tunes come with each render, from the text being edited.
extension EditorService {
  /// `GET /api/tunes` → `{"files": [{"name": …, "tunes": [[line, X, title, key, meter, rhythm], …]}]}`.
  /// A MusicXML file is one entry, its name (it is read only when opened).
  func tunes() -> HTTPResponse {
    var answer: [[String: Any]] = []
    for name in files() {
      guard let path = path(ofFile: name) else { continue }
      if Self.isImported(name) {
        answer.append(["name": name, "tunes": [[1, "", name, "", "", ""]]])
        continue
      }
      answer.append(["name": name, "tunes": tuneIndex(of: path).map(\.json)])
    }
    return .json(["files": answer])
  }

  /// The tunes of the file at `path`, read again only when its size or date changed.
  private func tuneIndex(of path: String) -> [TuneIndex.Entry] {
    var info = stat()
    guard stat(path, &info) == 0 else { return [] }
    let stamp = "\(info.st_size) \(Self.modified(path))"
    indexLock.lock()
    if let known = indexed[path], known.stamp == stamp {
      indexLock.unlock()
      return known.entries
    }
    indexLock.unlock()
    guard let (text, _) = try? EditorFile.read(path) else { return [] }
    let entries = TuneIndex.entries(text)
    indexLock.lock()
    if indexed.count > 4096 { indexed.removeAll() }
    indexed[path] = (stamp, entries)
    indexLock.unlock()
    return entries
  }
}
