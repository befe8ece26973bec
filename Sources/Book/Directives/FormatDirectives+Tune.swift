import Layout
import ScoreModel

extension FormatDirectives {
  /// Directives that, written between a tune's music lines, change only the lines after
  /// them (abcm2ps): the margins, the staff width and the music's size.
  static let lineMargins: Set<String> = ["leftmargin", "rightmargin", "staffwidth", "scale"]
  /// Directives abcm2ps applies from where they stand that ABCPress applies to the whole
  /// tune (said, not done silently): the page's own size and orientation.
  static let wholeTuneOnly: Set<String> = ["pagewidth", "landscape"]

  /// Applies a tune's own directives: those in its header (or before its first music
  /// line) to the whole tune; a margin directive between music lines to the score lines
  /// after it (`options.marginChanges`), its page kept usable like any geometry change.
  public mutating func apply(tune: Tune) {
    let musicStart = Self.musicStartLine(of: tune)
    var whole: [Directive] = []
    var later: [Directive] = []
    for directive in tune.directives {
      let isLater = musicStart.map { directive.range.start.line > $0 } ?? false
      if isLater && Self.lineMargins.contains(directive.name.lowercased()) {
        later.append(directive)
      } else {
        whole.append(directive)
        if isLater && Self.wholeTuneOnly.contains(directive.name.lowercased()) {
          warn("%%\(directive.name) inside the music applies to the whole tune", directive)
        }
      }
    }
    apply(whole)
    guard !later.isEmpty else { return }
    let (setup, options) = (self.setup, self.options)
    var changes: [LayoutOptions.MarginChange] = []
    for directive in later {
      apply(directive)
      changes.append(
        LayoutOptions.MarginChange(
          sourceLine: directive.range.start.line, left: self.setup.marginLeft, right: self.setup.marginRight,
          scale: self.setup.staffSpace / setup.staffSpace))
    }
    // The tune keeps its own setup; the changes hold for the lines after them.
    self.setup = setup
    self.options = options
    self.options.marginChanges = changes
  }

  /// The first source line holding music (any voice's first element), nil for none.
  static func musicStartLine(of tune: Tune) -> Int? {
    tune.voices.compactMap { $0.elements.first?.range.start.line }.min()
  }
}
