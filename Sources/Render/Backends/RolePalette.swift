import DisplayList

/// The colours a page is painted with: a background and an ink colour per `Role`.
///
/// Applied at paint time only; the display list itself carries no colour. Themes are
/// palettes with role overrides.
public struct RolePalette: Hashable, Sendable {
  public var background: RGBAColor
  /// The ink of every role without an override.
  public var ink: RGBAColor
  public var overrides: [Role: RGBAColor]

  public init(background: RGBAColor = .white, ink: RGBAColor = .black, overrides: [Role: RGBAColor] = [:]) {
    self.background = background
    self.ink = ink
    self.overrides = overrides
  }

  /// Black ink on white paper.
  public static let standard = RolePalette()

  /// The ink colour of items with this role.
  public func color(for role: Role) -> RGBAColor {
    overrides[role] ?? ink
  }
}
