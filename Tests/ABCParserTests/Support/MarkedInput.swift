import ScoreModel

/// An ABC input with `1️⃣`…`9️⃣` markers removed, remembering where each marker was.
///
/// A marker stands just before the character a diagnostic should point at, so
/// `"K:C\n1️⃣Q"` expects a diagnostic at line 2, column 1.
struct MarkedInput {
  /// The input without markers.
  let text: String
  /// Marker number → location of the scalar after it.
  let markers: [Int: SourceLocation]

  init(_ marked: String) {
    let scalars = Array(marked.unicodeScalars)
    var output = String.UnicodeScalarView()
    var markers: [Int: SourceLocation] = [:]
    var line = 1
    var column = 1
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if index + 2 < scalars.count, scalar.value >= 0x31, scalar.value <= 0x39,
        scalars[index + 1].value == 0xFE0F, scalars[index + 2].value == 0x20E3
      {
        markers[Int(scalar.value - 0x30)] = SourceLocation(line: line, column: column)
        index += 3
        continue
      }
      output.append(scalar)
      if scalar == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
      index += 1
    }
    self.text = String(output)
    self.markers = markers
  }

  /// The location of marker `number` (line 0 if the marker is missing, so tests fail).
  subscript(_ number: Int) -> SourceLocation {
    markers[number] ?? SourceLocation(line: 0, column: 0)
  }
}
