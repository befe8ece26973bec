import ABCParser
import ScoreModel

/*
 DocumentAnalysis — a document's tunes and problems, kept between edits, each edit paid for
 in proportion to what it touched.

 Method. The document is cut into chunks: the file header (the lines before the first
 tune), then one chunk per tune — its `X:` line to the line before the next tune's `X:`
 (the tune, the empty line after it and any free text). A tune's `X:` line is a place the
 book reader can start from, given the state after the header (`TunebookReader.
 Resumption`), and read exactly as a reader of the whole document would. Each chunk keeps
 its tune's problems under a hash of its lines (`check`'s own checks: parser, format
 directives, undrawn notation, bar lengths) and the reader's own problems, all with line
 numbers relative to the chunk's start, so a chunk moved by lines added above it needs no
 change but its start. An edit of lines a…b:
 - in the header (or a document without tunes): everything is read again (the header's
   settings reach every tune), tunes whose lines did not change keeping their problems;
 - else: the chunks holding a…b are read again from the first one's `X:` line — further
   while a `%%begin…` block the edit opened is still open — and replace the old ones; the
   later chunks move by the lines added or removed. Only tunes whose lines changed are
   checked again.
 The warning for a tune closed by the next `X:` rather than an empty line is kept as a
 flag on the chunk before it, since that chunk may be read again alone.

     keystroke in tune 40,000 of 135,000 → 1 chunk (≈ 30 lines) read, 1 tune checked,
                                            95,000 chunk starts moved

 Limits. `abc-include` lines are followed per reading (an include repeated in two tunes is
 read for each when one of them is edited, where `check` reads it once); `abc-charset` is
 not obeyed (an editor's text is Unicode already). Publishing lists every problem again:
 the language server caps each message (`LanguageServer.diagnosticsPerMessage`).
 */

/// The tunes of an open document and its diagnostics, re-checked tune by tune.
final class DocumentAnalysis {
  /// One tune of the document: the lines it spans (1-based) and what symbols show of it.
  struct TuneEntry: Equatable {
    var startLine: Int
    var endLine: Int
    var referenceNumber: Int?
    var firstTitle: String?
  }

  /// A run of lines read as one unit (see the file's comment).
  private struct Chunk {
    var start: Int
    var count: Int
    /// The tune's last line, relative to `start` (its first is 0).
    var tuneEnd: Int
    var referenceNumber: Int?
    var firstTitle: String?
    var key: String
    /// The tune's problems (kept under `key`) and the reader's, lines relative to `start`.
    var tuneProblems: [Diagnostic]
    var readerProblems: [Diagnostic] = []
    /// The tune was still open at the chunk's end (the next tune's `X:` closes it).
    var endsInTune = false
    var end: Int { start + count - 1 }
  }

  /// The file header's problems (absolute lines).
  private var headerProblems: [Diagnostic] = []
  /// A hash of the file header's fields and directives, for `collect`.
  private var headerDigest = ""
  private var chunks: [Chunk] = []
  /// The chunks' problems and unended tunes (`contribution`), kept up to date as chunks are
  /// replaced: a keystroke asks for `problemCount`, and counting a long book's chunks each
  /// time made a keystroke in it dearer than in a short one.
  private var chunkProblems = 0
  /// The reader's state after the header; nil when the document has no `X:` tune.
  private var resumption: TunebookReader.Resumption?
  private var path: String?
  /// Lines read and tunes checked by the last analysis or update (what an edit cost).
  private(set) var linesRead = 0
  private(set) var parsedCount = 0

  // MARK: Reading

  /// Analyses the whole text (the editor page sends it whole); unchanged tunes keep their
  /// problems.
  func analyse(_ text: String, path: String?) {
    analyse(TextLines(text), path: path)
  }

  /// Analyses every line of `lines`; tunes whose lines are unchanged keep their problems.
  func analyse(_ lines: some DocumentLines, path: String?) {
    var known = Self.problemsByKey(chunks[...])
    self.path = path
    linesRead = 0
    parsedCount = 0
    var reader = TunebookReader(file: path, includeResolver: resolver(), honoursCharset: false)
    var found: [Chunk] = []
    var loose: [Diagnostic] = []
    var from = 1
    while from <= lines.lineCount {
      let to = min(lines.lineCount, from + 4095)
      lines.bytes(from...to).withUnsafeBytes { reader.feed($0) }
      linesRead += to - from + 1
      collect(reader.takeEvents(), into: &found, loose: &loose, known: &known)
      from = to + 1
    }
    reader.finish()
    collect(reader.takeEvents(), into: &found, loose: &loose, known: &known)
    let resumable = !found.isEmpty && !found.contains { $0.key.isEmpty }
    resumption = resumable ? reader.resumption : nil
    chunks = resumable ? found : []
    chunkProblems = chunks.reduce(0) { $0 + Self.contribution($1) }
    Self.close(&chunks, upTo: lines.lineCount)
    headerProblems = []
    if !resumable {
      // A fragment (music without X:) or no tune: everything belongs to the header.
      headerProblems = found.flatMap { chunk in chunk.tuneProblems.map { shifted($0, by: chunk.start) } }
    }
    distribute(loose)
  }

  /// Updates the analysis for an edit that replaced lines `change.first…change.oldLast` by
  /// `change.first…change.newLast` of `lines` (the document after the edit).
  func update(_ lines: some DocumentLines, change: EditorDocument.LineChange) {
    guard let resumption, let first = chunks.first, change.first >= first.start else {
      return analyse(lines, path: path)
    }
    linesRead = 0
    parsedCount = 0
    let delta = change.newLast - change.oldLast
    var firstIndex = chunkIndex(containing: change.first)
    let lastKnown = chunkIndex(containing: change.oldLast)
    while true {
      var lastIndex = lastKnown
      let start = chunks[firstIndex].start
      var end = chunks[lastIndex].end + delta
      var reader = TunebookReader(
        resuming: resumption, firstLine: start, file: path, includeResolver: resolver(), honoursCharset: false
      )
      var from = start
      while true {
        if from <= end {
          lines.bytes(from...end).withUnsafeBytes { reader.feed($0) }
          linesRead += end - from + 1
          from = end + 1
        }
        // A `%%begin…` block the edit left open runs on into the chunks after.
        guard reader.isInTextBlock, lastIndex + 1 < chunks.count else { break }
        lastIndex += 1
        end = chunks[lastIndex].end + delta
      }
      let endsInTune = reader.isInTune && lastIndex + 1 < chunks.count
      reader.finish()
      var found: [Chunk] = []
      var loose: [Diagnostic] = []
      var known = Self.problemsByKey(chunks[firstIndex...lastIndex])
      collect(reader.takeEvents(), into: &found, loose: &loose, known: &known)
      guard let head = found.first, head.start == start else {
        // The first line is no longer an X: line: its lines now follow the tune before.
        guard firstIndex > 0 else { return analyse(lines, path: path) }
        firstIndex -= 1
        continue
      }
      Self.close(&found, upTo: end)
      found[found.count - 1].endsInTune = endsInTune
      for index in (lastIndex + 1)..<chunks.count { chunks[index].start += delta }
      chunkProblems -= chunks[firstIndex...lastIndex].reduce(0) { $0 + Self.contribution($1) }
      chunkProblems += found.reduce(0) { $0 + Self.contribution($1) }
      chunks.replaceSubrange(firstIndex...lastIndex, with: found)
      distribute(loose)
      return
    }
  }

  /// The problems of the tunes in `chunks` by the hash of their lines.
  private static func problemsByKey(_ chunks: ArraySlice<Chunk>) -> [String: [Diagnostic]] {
    var known: [String: [Diagnostic]] = [:]
    for chunk in chunks { known[chunk.key] = chunk.tuneProblems }
    return known
  }

  /// Turns the reader's events into chunks: a tune opens one (its problems from `known`
  /// when its lines are unchanged); the reader's other problems are kept for `distribute`.
  private func collect(
    _ events: [TunebookEvent], into found: inout [Chunk], loose: inout [Diagnostic],
    known: inout [String: [Diagnostic]]
  ) {
    for event in events {
      switch event {
      case .header(let header):
        // A tune's problems depend on the header's settings too (its meter, its key):
        // under another header none of them is known.
        let digest = TuneCache.hash(TuneStream.headerText(header))
        if digest != headerDigest {
          known = [:]
          headerDigest = digest
        }
      case .tune(let source):
        // A fragment is no X: tune: the document cannot be read from its start (key "").
        let key = source.isFragment ? "" : Self.key(source)
        var problems = known[key]
        if problems == nil {
          problems = CheckCommand.diagnostics(for: source, checksBars: true).map {
            shifted($0, by: -source.startLine)
          }
          parsedCount += 1
        }
        found.append(
          Chunk(
            start: source.startLine, count: source.endLine - source.startLine + 1,
            tuneEnd: source.endLine - source.startLine, referenceNumber: source.referenceNumber,
            firstTitle: source.firstTitle, key: key, tuneProblems: problems ?? []))
      case .diagnostics(let more):
        // A tune closed by an X: line: the warning is the flag of the chunk before.
        for problem in more {
          if problem.message == TunebookReader.unendedTuneMessage {
            if !found.isEmpty { found[found.count - 1].endsInTune = true }
          } else {
            loose.append(problem)
          }
        }
      case .outside: break
      }
    }
  }

  /// Makes each chunk run to the next one's start, the last to line `last`.
  private static func close(_ found: inout [Chunk], upTo last: Int) {
    for index in found.indices {
      let next = index + 1 < found.count ? found[index + 1].start : last + 1
      found[index].count = max(next - found[index].start, found[index].tuneEnd + 1)
    }
  }

  /// Files the reader's problems (absolute lines) under the chunks that hold their lines.
  private func distribute(_ problems: [Diagnostic]) {
    for problem in problems {
      let line = problem.range.start.line
      if let first = chunks.first, line >= first.start {
        let index = chunkIndex(containing: line)
        chunks[index].readerProblems.append(shifted(problem, by: -chunks[index].start))
        chunkProblems += 1
      } else {
        headerProblems.append(problem)
      }
    }
  }

  /// The include rules for the document's path, made once per path (each reading gets a
  /// resolver of its own, with its own byte budget).
  private var policy: (path: String, rules: IncludePolicy)?

  private func resolver() -> ABCParser.IncludeResolver? {
    guard let path else { return nil }
    if policy?.path != path { policy = (path, IncludePolicy(input: path)) }
    return policy?.rules.resolver()
  }

  /// The chunk whose lines hold `line` (the last chunk for a line past the end, the first
  /// for one before it).
  private func chunkIndex(containing line: Int) -> Int {
    var low = 0
    var high = chunks.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if chunks[middle].start <= line { low = middle } else { high = middle - 1 }
    }
    return low
  }

  // MARK: Results

  /// A chunk's problems, lines absolute, in order (with the warning for an X: that closes
  /// the tune before).
  private func problems(ofChunk index: Int) -> [Diagnostic] {
    let chunk = chunks[index]
    var all: [Diagnostic] = []
    if index > 0, chunks[index - 1].endsInTune {
      all.append(
        Diagnostic(
          .warning, TunebookReader.unendedTuneMessage,
          at: SourceRange(SourceLocation(line: chunk.start, column: 1)), file: path))
    }
    all += (chunk.tuneProblems + chunk.readerProblems).map { shifted($0, by: chunk.start) }
    return all.sorted(by: Self.inOrder)
  }

  private static func inOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
    (a.range.start.line, a.range.start.column) < (b.range.start.line, b.range.start.column)
  }

  /// Every problem, lines absolute, in document order.
  var diagnostics: [Diagnostic] {
    headerProblems.sorted(by: Self.inOrder) + chunks.indices.flatMap(problems(ofChunk:))
  }

  /// How many problems the document has.
  var problemCount: Int {
    // An unended tune is reported at the next chunk's X:; the last chunk has none.
    headerProblems.count + chunkProblems - (chunks.last?.endsInTune == true ? 1 : 0)
  }

  /// A chunk's share of `problemCount`: its problems, and one for an unended tune.
  private static func contribution(_ chunk: Chunk) -> Int {
    chunk.tuneProblems.count + chunk.readerProblems.count + (chunk.endsInTune ? 1 : 0)
  }

  /// At most `limit` problems, those of the tunes nearest `line` (and the header's), in
  /// document order: what a message can carry of a document with tens of thousands.
  func diagnostics(near line: Int, limit: Int) -> [Diagnostic] {
    var chosen = Array(headerProblems.sorted(by: Self.inOrder).prefix(limit))
    guard !chunks.isEmpty, chosen.count < limit else { return chosen }
    let centre = chunkIndex(containing: line)
    var below = centre
    var above = centre + 1
    var picked: [Int: [Diagnostic]] = [:]
    var count = chosen.count
    while count < limit && (below >= 0 || above < chunks.count) {
      for index in [below, above] where index >= 0 && index < chunks.count && count < limit {
        let found = problems(ofChunk: index)
        let taken = Array(found.prefix(limit - count))
        picked[index] = taken
        count += taken.count
      }
      below -= 1
      above += 1
    }
    for index in picked.keys.sorted() { chosen += picked[index] ?? [] }
    return chosen
  }

  /// The tunes, in order.
  var tunes: [TuneEntry] { chunks.map(entry) }

  /// The first tune's first line (nil without tunes).
  var firstTuneLine: Int? { chunks.first?.start }

  /// The tune whose lines hold `line` (1-based).
  func tune(atLine line: Int) -> TuneEntry? {
    guard let first = chunks.first, line >= first.start else { return nil }
    let chunk = chunks[chunkIndex(containing: line)]
    guard line <= chunk.start + chunk.tuneEnd else { return nil }
    return entry(chunk)
  }

  /// The last tune that starts at or before `line`.
  func tune(before line: Int) -> TuneEntry? {
    guard let first = chunks.first, line >= first.start else { return nil }
    return entry(chunks[chunkIndex(containing: line)])
  }

  private func entry(_ chunk: Chunk) -> TuneEntry {
    TuneEntry(
      startLine: chunk.start, endLine: chunk.start + chunk.tuneEnd, referenceNumber: chunk.referenceNumber,
      firstTitle: chunk.firstTitle)
  }

  /// The tune's source, read again from `lines` (a tune is re-read rather than kept, so
  /// moved tunes cost nothing).
  func source(of tune: TuneEntry, in lines: some DocumentLines) -> TuneSource? {
    guard let resumption, tune.endLine <= lines.lineCount else { return nil }
    var reader = TunebookReader(
      resuming: resumption, firstLine: tune.startLine, file: path, includeResolver: resolver(),
      honoursCharset: false)
    lines.bytes(tune.startLine...tune.endLine).withUnsafeBytes { reader.feed($0) }
    reader.finish()
    for event in reader.takeEvents() { if case .tune(let source) = event { return source } }
    return nil
  }

  /// A tune's key: a 128-bit hash of its lines (no copy of its text is made or kept).
  static func key(_ source: TuneSource) -> String {
    var hasher = TuneCache.KeyHasher()
    hasher.add(lines: source)
    return hasher.hex
  }

  /// A problem of the document moved by `lines` (one in an included file stays as it is).
  private func shifted(_ diagnostic: Diagnostic, by lines: Int) -> Diagnostic {
    guard lines != 0, diagnostic.file == path else { return diagnostic }
    var moved = diagnostic
    moved.range.start.line += lines
    moved.range.end.line += lines
    return moved
  }
}
