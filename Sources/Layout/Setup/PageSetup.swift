import DisplayList

/// Page geometry and type styles the layout engine works to (sizes in points).
///
/// The staff space is the unit of all engraving geometry; everything else here is
/// page furniture. A later page-template stage fills this from a template file.
public struct PageSetup: Hashable, Sendable {
  public var width: Double
  public var height: Double
  public var marginTop: Double
  public var marginBottom: Double
  public var marginLeft: Double
  public var marginRight: Double
  /// The distance between two staff lines, in points.
  public var staffSpace: Double
  public var titleFont: FontSpec
  public var subtitleFont: FontSpec
  public var composerFont: FontSpec
  public var infoFont: FontSpec
  public var tempoFont: FontSpec
  /// Labels of first and second endings.
  public var voltaFont: FontSpec
  /// Vertical space between consecutive tunes, in points.
  public var tuneGap: Double
  /// Minimum clear space between staff systems, in staff spaces.
  public var systemGap: Double

  public init(
    width: Double, height: Double, margin: Double = 42.5, staffSpace: Double = 5.0,
    textFamily: String = "TeX Gyre Schola"
  ) {
    self.width = width
    self.height = height
    self.marginTop = margin
    self.marginBottom = margin
    self.marginLeft = margin
    self.marginRight = margin
    self.staffSpace = staffSpace
    self.titleFont = FontSpec(family: textFamily, size: 18, isBold: true)
    self.subtitleFont = FontSpec(family: textFamily, size: 13)
    self.composerFont = FontSpec(family: textFamily, size: 10.5, isItalic: true)
    self.infoFont = FontSpec(family: textFamily, size: 10)
    self.tempoFont = FontSpec(family: textFamily, size: 10, isBold: true)
    self.voltaFont = FontSpec(family: textFamily, size: 9)
    self.tuneGap = 28
    self.systemGap = 4
  }

  /// ISO A4 portrait, 210 × 297 mm.
  public static let a4 = PageSetup(width: 595.28, height: 841.89)
  /// US Letter portrait, 8.5 × 11 in.
  public static let letter = PageSetup(width: 612, height: 792)

  /// The width available to music, in points.
  public var contentWidth: Double { width - marginLeft - marginRight }
  /// The height available to music, in points.
  public var contentHeight: Double { height - marginTop - marginBottom }
}
