import ScoreModel

/// The formatting directives of a tune that change how its music is set, read from the
/// file header's and the tune's `%%` lines (the tune's win).
public struct TuneFormat: Hashable, Sendable {
  /// `%%measurenb N` / `%%barnumbers N`: nil = no bar numbers, 0 = at each line start,
  /// N = every N bars.
  public var measureNumberInterval: Int?
  /// `%%stretchlast F`.
  public var stretchLast: Double?
  /// `%%linebreak <none>` or `%%continueall`: choose breaks optimally.
  public var ignoresSourceBreaks = false
  /// `%%graceslurs` (abcm2ps, on by default): a small slur from grace notes to their note.
  public var graceSlurs = true
  /// The tune's unit note length (`L:`): the beat of a bare `Q:120`.
  public var unitNoteLength = Rational(1, 8)

  public init() {}

  public init(directives: [Directive]) {
    self.init()
    for directive in directives {
      let argument = directive.arguments.trimmingCharacters()
      switch directive.name.lowercased() {
      case "measurenb", "barnumbers":
        if let value = Int(argument) {
          measureNumberInterval = value < 0 ? nil : min(value, Limits.barCount.upperBound)
        }
      case "stretchlast":
        if let value = Double(argument) {
          // Out-of-range values were reported by Book's FormatDirectives; here they only must not reach layout.
          if value.isFinite { stretchLast = min(max(value, 0), 1.01) }
        } else if ["1", "true", "yes"].contains(argument.lowercased()) {
          stretchLast = 0
        } else if ["0", "false", "no"].contains(argument.lowercased()) {
          stretchLast = 1.01
        }
      case "linebreak":
        ignoresSourceBreaks = argument.lowercased().contains("<none>")
      case "graceslurs":
        graceSlurs = !["0", "false", "no", "off"].contains(argument.lowercased())
      case "continueall":
        ignoresSourceBreaks = argument.isEmpty || ["1", "true", "yes"].contains(argument.lowercased())
      default:
        break
      }
    }
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  func trimmingCharacters() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
