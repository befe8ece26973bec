import DisplayList

/// A running header or footer: left, centre and right parts for odd and even pages.
///
/// Parts hold placeholders expanded per page (see `PagePlaceholders`): `{title}`,
/// `{page}`, `{pages}`, `{book}`, `{section}`, `{date}`, `{composer}`, and abcm2ps's
/// `$T $P $N $D $d $F`.
public struct RunningHead: Hashable, Sendable {
  /// Left, centre, right on odd (right-hand) pages.
  public var odd: [String]
  /// Left, centre, right on even pages; nil repeats `odd` (a template giving any `even-*`
  /// part sets all three, those not given empty).
  public var even: [String]?
  public var font: FontSpec
  /// Leave page 1 of the body (and front matter) without it.
  public var skipFirstPage: Bool
  /// A thin rule between the running head and the music.
  public var rule: Bool

  public init(
    odd: [String], even: [String]? = nil, font: FontSpec = FontSpec(family: "TeX Gyre Schola", size: 9),
    skipFirstPage: Bool = false, rule: Bool = false
  ) {
    self.odd = odd
    self.even = even
    self.font = font
    self.skipFirstPage = skipFirstPage
    self.rule = rule
  }

  /// The three parts for a page (0-based physical index).
  public func parts(pageIndex: Int) -> [String] {
    let parts = (pageIndex % 2 == 1 ? even : nil) ?? odd
    return (0..<3).map { $0 < parts.count ? parts[$0] : "" }
  }

  /// Parses abcm2ps's `left<TAB>centre<TAB>right` form (one part means centred).
  public static func tabSeparated(_ text: String, font: FontSpec) -> RunningHead {
    var body = text
    var skipFirst = false
    if body.hasPrefix("-") {
      skipFirst = true
      body.removeFirst()
    }
    let unescaped = body.replacingOccurrences(of: "\\t", with: "\t")
    var parts = unescaped.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    if parts.count == 1 { parts = ["", parts[0], ""] }
    return RunningHead(odd: parts, font: font, skipFirstPage: skipFirst)
  }
}
