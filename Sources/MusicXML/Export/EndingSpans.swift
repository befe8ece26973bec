import ScoreModel

/// Where the endings of a voice start and stop, by measure.
///
/// An ending (`|1`, `:|2`, `[1,3`) starts at the measure after its bar and runs until a
/// `:|`, a double or thick bar, a `|:` or the next ending, or the end of the music, as
/// `RepeatUnfolder` plays it. One closed by `:|` stops with a hook; the others are
/// discontinued (open at the right), as editors print a last ending.
struct EndingSpans {
  var starts: [Int: String] = [:]
  var stops: [Int: (label: String, type: String)] = [:]

  init(_ slices: [MeasureSlice]) {
    var open: (label: String, start: Int)?
    for (index, slice) in slices.enumerated() {
      if let label = slice.opening?.ending {
        if let current = open { stops[index - 1] = (current.label, "discontinue") }
        open = (label, index)
        starts[index] = label
      } else if slice.opening?.repeatsStart == true, let current = open {
        stops[index - 1] = (current.label, "discontinue")
        open = nil
      }
      guard let current = open, let closing = slice.closing else { continue }
      if closing.repeatsEnd {
        stops[index] = (current.label, "stop")
        open = nil
      } else if closing.style == .double || closing.style == .thinThick || closing.style == .thickThin {
        stops[index] = (current.label, "discontinue")
        open = nil
      }
    }
    if let current = open, !slices.isEmpty { stops[slices.count - 1] = (current.label, "discontinue") }
  }

  /// The `number` attribute for a label: `1`, `1, 2`, `1, 2, 3` for `1-3`.
  static func numbers(_ label: String) -> String {
    var passes: [Int] = []
    for item in label.split(separator: ",") {
      let bounds = item.split(separator: "-").compactMap { Int($0.filter { $0 != " " && $0 != "\t" }) }
      if bounds.count == 2, bounds[0] <= bounds[1], bounds[1] - bounds[0] < 16 {
        passes += Array(bounds[0]...bounds[1])
      } else if let only = bounds.first {
        passes.append(only)
      }
    }
    let valid = passes.filter { $0 > 0 }
    return valid.isEmpty ? "1" : valid.map(String.init).joined(separator: ", ")
  }
}
