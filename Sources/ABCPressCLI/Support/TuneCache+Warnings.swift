import ScoreModel

/*
 TuneCache+Warnings — a tune's warnings kept with its stored output, so a tune that has
 some (a bar that does not fill the meter, a decoration that is not drawn) is still read
 from the cache and its warnings still printed, at its current lines.

 Method. `<key>.warnings` holds one warning a line: severity, start line and column, end
 line and column, then the message (`\` and line breaks escaped). Lines count from the
 tune's first line, so a tune that moves in its file (a tune added above it) prints them
 where they now are. It is written before the record it goes with, so a record found is a
 record whose warnings were kept (the layout record's last byte says whether there are any,
 so a tune without warnings does not look for the file); a tune with an error, or with a warning about another
 file (an included format file), is not stored at all and is engraved again each run.

     W\t3\t5\t3\t9\tbar 2 has 2 quarters; 3/4 needs 3

 Limits. A warnings record that is lost or damaged on its own reads as no warnings; a line
 whose numbers are not counts up to 2^24 is skipped.
 */

extension TuneCache {
  /// Whether a tune with these diagnostics may be stored: no error, and every warning about
  /// the tune's own file.
  static func mayStore(_ diagnostics: [Diagnostic], file: String?) -> Bool {
    diagnostics.allSatisfy { $0.severity != .error && $0.file == file }
  }

  /// Stores a tune's warnings under `key` (nothing when it has none), lines counted from
  /// `firstLine`; call before writing the record they go with.
  func writeWarnings(_ diagnostics: [Diagnostic], key: String, firstLine: Int) {
    guard !diagnostics.isEmpty else { return }
    let lines = diagnostics.map { Self.recordLine($0, firstLine: firstLine) }
    write(Array(lines.joined(separator: "\n").utf8), key: key, pathExtension: "warnings")
  }

  /// One warning's line in a `.warnings` record.
  static func recordLine(_ diagnostic: Diagnostic, firstLine: Int) -> String {
    let range = diagnostic.range
    let fields = [
      diagnostic.severity == .warning ? "W" : "N", String(range.start.line - firstLine),
      String(range.start.column), String(range.end.line - firstLine), String(range.end.column),
    ]
    // Most messages have neither a backslash nor a line break: kept as they are (Foundation's
    // replacing cost more than the rest of storing the tune).
    let plain = !diagnostic.message.utf8.contains { $0 == UInt8(ascii: "\\") || $0 == 10 }
    let message =
      plain
      ? diagnostic.message
      : diagnostic.message.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\n", with: "\\n")
    return (fields + [message]).joined(separator: "\t")
  }

  /// The warnings stored under `key`, at lines counted from `firstLine` in `file`; none when
  /// there are none (or the record cannot be read).
  func readWarnings(key: String, firstLine: Int, file: String?) -> [Diagnostic] {
    guard let bytes = read(key, pathExtension: "warnings") else { return [] }
    return Self.warnings(decoding: bytes, firstLine: firstLine, file: file)
  }

  /// The warnings of a `<key>.warnings` record's bytes; lines that do not read are skipped.
  /// (Split as bytes, each field made text only when needed: a warm run of a book read these
  /// character by character for a tenth of its time.)
  static func warnings(decoding bytes: [UInt8], firstLine: Int, file: String?) -> [Diagnostic] {
    bytes.split(separator: 10).compactMap { line in
      let fields = line.split(separator: 9, maxSplits: 5, omittingEmptySubsequences: false)
      guard fields.count == 6, fields[0].count == 1,
        let severity = fields[0].first == UInt8(ascii: "W")
          ? Severity.warning : fields[0].first == UInt8(ascii: "N") ? .note : nil,
        let startLine = number(fields[1]), let startColumn = number(fields[2]),
        let endLine = number(fields[3]), let endColumn = number(fields[4])
      else { return nil }
      let text = String(decoding: fields[5], as: UTF8.self)
      var message = text
      if fields[5].contains(UInt8(ascii: "\\")) {
        message = ""
        var escaped = false
        for character in text {
          if escaped {
            message.append(character == "n" ? "\n" : character)
            escaped = false
          } else if character == "\\" {
            escaped = true
          } else {
            message.append(character)
          }
        }
      }
      let range = SourceRange(
        start: SourceLocation(line: startLine + firstLine, column: startColumn),
        end: SourceLocation(line: endLine + firstLine, column: endColumn))
      return Diagnostic(severity, message, at: range, file: file)
    }
  }

  /// A field's count, when it reads as one from 0 to 2^24.
  private static func number(_ field: ArraySlice<UInt8>) -> Int? {
    guard let value = Int(String(decoding: field, as: UTF8.self)), (0...(1 << 24)).contains(value) else {
      return nil
    }
    return value
  }
}
