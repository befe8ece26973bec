import ScoreModel

/// Numbers read from the file, checked before they are used: a value that is not a
/// finite number in its documented range (`Limits.xml…`) is a warning at its element,
/// naming the part and measure, and is not used.
///
///     <divisions>nan</divisions>  →  warning: part 'P1', measure 1: <divisions> 'nan' is
///                                    not a whole number from 1 to 1048576; ignored
extension PartReader {
  /// The element's text as a number in `range`, or nil (with a warning when it is there
  /// but is not such a number; an empty element, as MuseScore writes for a tempo given in
  /// words, is read as absent).
  mutating func number(_ element: XMLTree.Element?, in range: ClosedRange<Double>, _ what: String)
    -> Double?
  {
    guard let element else { return nil }
    let text = element.trimmedText
    guard !text.isEmpty else { return nil }
    guard let value = Double(text), value.isFinite, range.contains(value) else {
      warn(
        "\(what) '\(Diagnostic.excerpt(text))' is not a number from \(Self.shown(range.lowerBound)) to \(Self.shown(range.upperBound)); ignored",
        at: element)
      return nil
    }
    return value
  }

  /// The element's text as a whole number in `range` (a decimal point is allowed, and
  /// rounded), or nil with a warning.
  mutating func integer(_ element: XMLTree.Element?, in range: ClosedRange<Int>, _ what: String) -> Int? {
    guard let element else { return nil }
    let text = element.trimmedText
    guard !text.isEmpty else { return nil }
    guard let value = Double(text), value.isFinite, Double(range.lowerBound) <= value.rounded(),
      value.rounded() <= Double(range.upperBound)
    else {
      warn(
        "\(what) '\(Diagnostic.excerpt(text))' is not a whole number from \(range.lowerBound) to \(range.upperBound); ignored",
        at: element)
      return nil
    }
    return Int(value.rounded())
  }

  /// A `<duration>` (of a note, `<forward>` or `<backup>`) as a length in whole notes, scaled
  /// in a measure of a local meter (`LocalMeters`); nil
  /// when absent, or (with a warning) when negative, not finite or longer than
  /// `Limits.xmlWholeNotesPerDuration` whole notes.
  mutating func duration(of element: XMLTree.Element) -> Rational? {
    rawDuration(of: element).map { scale == Rational(1, 1) ? $0 : $0 * scale }
  }

  /// A note's `<duration>` as `duration(of:)`, except that in a measure of a local meter a
  /// value already in real time is kept: MuseScore writes the rests it fills a voice with
  /// that way (a quarter rest of 80 divisions where the quarter is 120 and the scale 2/3), so
  /// a duration that is its `<type>`'s (without a time modification) times the scale is not
  /// scaled again.
  mutating func noteDuration(of element: XMLTree.Element) -> Rational? {
    guard scale != Rational(1, 1), let raw = rawDuration(of: element), !element.has("time-modification"),
      let notated = Self.writtenLength(element), notated != raw, notated * scale == raw
    else { return duration(of: element) }
    return raw
  }

  /// A `<duration>` as written, not scaled for a local meter.
  mutating func rawDuration(of element: XMLTree.Element) -> Rational? {
    let most = max(divisions, 1) * 4 * Limits.xmlWholeNotesPerDuration
    guard let count = integer(element.first("duration"), in: 0...most, "<duration>") else { return nil }
    return Rational(count, max(divisions, 1) * 4)
  }

  /// Records a warning at `element`, with the part and measure, once per place and text.
  mutating func warn(_ message: String, at element: XMLTree.Element) {
    let text =
      "part '\(Diagnostic.excerpt(partID))', measure \(Diagnostic.excerpt(measureNumber)): \(message)"
    let key = "\(element.line):\(element.column):\(text)"
    guard warnings.count < Limits.diagnosticsPerFile, warned.insert(key).inserted else { return }
    warnings.append(
      Diagnostic(
        .warning, text, at: SourceRange(SourceLocation(line: element.line, column: element.column))))
  }

  private static func shown(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

extension String {
  /// The text without spaces, tabs and line ends around it.
  var trimmingSpaces: String { XMLTree.Element.trimmed(self) }
}
