import ScoreModel

extension ABCParser {
  /// The tokens of `text` as the parser reads it, in source order: each field, comment,
  /// directive and free-text line, and in the music each construct named by the reader
  /// that took it (notes, chords, bar lines, decorations …). An editor colours the text
  /// with them, so its colours are ABCPress's own reading, not a second grammar. Included
  /// files are not read.
  public static func syntaxTokens(_ text: String) -> [SyntaxToken] {
    let recorder = SyntaxRecorder()
    var reader = TunebookReader(file: nil, includeResolver: nil)
    var utf8 = text
    utf8.withUTF8 { reader.feed(UnsafeRawBufferPointer($0)) }
    reader.finish()
    for event in reader.takeEvents() {
      switch event {
      case .tune(let source): _ = source.parse(recording: recorder)
      case .outside(let outside):
        let line = SourceLine(number: outside.line, scalars: Array(outside.text.unicodeScalars))
        recorder.recordLine(line, as: LineKind.classify(line), outsideTunes: true)
      case .header, .diagnostics: break
      }
    }
    // The reader keeps only the `%` of a comment line inside a tune (or drops it): the
    // comment is read from the text.
    var line = 0
    for scalars in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
      line += 1
      guard scalars.first == "%" || scalars.first == " " || scalars.first == "\t" else { continue }
      let source = SourceLine(number: line, scalars: Array(scalars.prefix { $0 != "\r" }))
      let kind = LineKind.classify(source)
      if kind == .comment || kind == .directive { recorder.recordLine(source, as: kind) }
    }
    return recorder.sorted()
  }
}
