/// The text the editor engraves, plays or exports for the tune under the cursor: the file
/// header (the lines before the first tune), a blank line, the tune — and how its lines
/// map back to the document's.
struct TunePiece {
  let text: String
  /// Document line = piece line + `lineShift`.
  let lineShift: Int
  let tuneStart: Int
  /// The piece's lines of the file header (the same lines in the document), before the
  /// blank line and the tune.
  let headerLines: Int
  /// The tune's lines.
  let tuneLineCount: Int

  /// The piece's line where the tune starts.
  var tuneStartInPiece: Int { tuneStart - lineShift }

  init(text document: String, tune: DocumentAnalysis.TuneEntry, analysis: DocumentAnalysis) {
    // Only the lines wanted are cut out (by their UTF-8 offsets): the rest is not copied.
    let utf8 = document.utf8
    var starts: [String.Index] = [utf8.startIndex]
    let lastWanted = max(tune.endLine, analysis.firstTuneLine ?? 1)
    var index = utf8.startIndex
    while starts.count <= lastWanted, let newline = utf8[index...].firstIndex(of: 0x0A) {
      index = utf8.index(after: newline)
      starts.append(index)
    }
    func lines(_ range: Range<Int>) -> String {
      guard range.lowerBound < starts.count, !range.isEmpty else { return "" }
      let end =
        range.upperBound < starts.count ? utf8.index(before: starts[range.upperBound]) : document.endIndex
      let start = starts[range.lowerBound]
      return String(document[start..<max(start, end)]).replacingOccurrences(of: "\r\n", with: "\n")
    }
    let headerEnd = max(0, (analysis.firstTuneLine ?? 1) - 1)
    let header = lines(0..<headerEnd)
    let body = lines((tune.startLine - 1)..<tune.endLine)
    text = headerEnd > 0 ? header + "\n\n" + body : body
    lineShift = tune.startLine - (headerEnd > 0 ? headerEnd + 2 : 1)
    tuneStart = tune.startLine
    headerLines = headerEnd
    tuneLineCount = max(1, tune.endLine - tune.startLine + 1)
  }
}
