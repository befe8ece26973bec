/// Where `w:` and `s:` lines of one voice align.
///
/// A block is the music written since the last `w:`/`s:` line; each `w:` line under
/// it is the next verse, each `s:` line the next symbol line. `+:` continues the line
/// before it from where it stopped.
struct LyricState {
  /// Element index where the current block starts.
  var blockStart = 0
  /// True after a `w:`/`s:` line: the next music line starts a new block.
  var blockClosed = false
  var nextVerse = 0
  /// Where the last `w:` (or `s:`) line stopped, for `+:`.
  var resume: Resume?
  /// The last `w:` or `s:` line ended with `\`: the next one goes on with it, as `+:` does.
  var continues = false

  /// A place to resume aligning: the verse, the next element to look at, and the
  /// element holding the last syllable (for a `_` at the start of the continuation).
  struct Resume {
    var isSymbolLine: Bool
    var verse: Int
    var cursor: Int
    var lastSyllable: Int?
  }

  /// Called at the start of a music line with the voice's element count.
  mutating func musicLineStarts(at count: Int) {
    guard blockClosed else { return }
    blockStart = count
    blockClosed = false
    nextVerse = 0
    resume = nil
  }
}
