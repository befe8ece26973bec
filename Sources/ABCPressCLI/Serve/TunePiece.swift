/// The text the editor engraves, plays or exports for the tune under the cursor: the file
/// header (the lines before the first tune), a blank line, the tune — and how its lines
/// map back to the document's.
struct TunePiece {
  let text: String
  /// Document line = piece line + `lineShift`.
  let lineShift: Int
  let tuneStart: Int

  init(text document: String, tune: DocumentAnalysis.TuneEntry, analysis: DocumentAnalysis) {
    let lines = document.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    let headerEnd = min(analysis.tunes.first?.startLine ?? 1, lines.count + 1) - 1
    let header = lines[0..<headerEnd].joined(separator: "\n")
    let body = lines[(tune.startLine - 1)..<min(tune.endLine, lines.count)].joined(separator: "\n")
    text = headerEnd > 0 ? header + "\n\n" + body : body
    lineShift = tune.startLine - (headerEnd > 0 ? headerEnd + 2 : 1)
    tuneStart = tune.startLine
  }
}
