/// SMuFL `engravingDefaults`: line thicknesses and spacings in staff spaces.
///
/// Values missing from a font's metadata fall back to the Bravura figures the SMuFL
/// specification uses as its example.
public struct EngravingDefaults: Hashable, Sendable {
  /// The values by SMuFL name; the named properties below are read from them once.
  public var values: [String: Double] = [:] {
    didSet { resolve() }
  }

  public init(values: [String: Double] = [:]) {
    self.values = values
    resolve()
  }

  private mutating func resolve() {
    staffLineThickness = self["staffLineThickness"]
    stemThickness = self["stemThickness"]
    beamThickness = self["beamThickness"]
    beamSpacing = self["beamSpacing"]
    legerLineThickness = self["legerLineThickness"]
    legerLineExtension = self["legerLineExtension"]
    thinBarlineThickness = self["thinBarlineThickness"]
    thickBarlineThickness = self["thickBarlineThickness"]
    barlineSeparation = self["barlineSeparation"]
    repeatBarlineDotSeparation = self["repeatBarlineDotSeparation"]
    repeatEndingLineThickness = self["repeatEndingLineThickness"]
    tupletBracketThickness = self["tupletBracketThickness"]
    hairpinThickness = self["hairpinThickness"]
    lyricLineThickness = self["lyricLineThickness"]
  }

  static let fallback: [String: Double] = [
    "staffLineThickness": 0.13, "stemThickness": 0.12, "beamThickness": 0.5,
    "beamSpacing": 0.25, "legerLineThickness": 0.16, "legerLineExtension": 0.4,
    "thinBarlineThickness": 0.16, "thickBarlineThickness": 0.5, "barlineSeparation": 0.4,
    "repeatBarlineDotSeparation": 0.16, "slurEndpointThickness": 0.1,
    "slurMidpointThickness": 0.22, "tieEndpointThickness": 0.1, "tieMidpointThickness": 0.22,
    "tupletBracketThickness": 0.16, "hairpinThickness": 0.16, "repeatEndingLineThickness": 0.16,
    "lyricLineThickness": 0.16,
  ]

  public subscript(_ key: String) -> Double {
    values[key] ?? Self.fallback[key] ?? 0.1
  }

  public private(set) var staffLineThickness = 0.0
  public private(set) var stemThickness = 0.0
  public private(set) var beamThickness = 0.0
  public private(set) var beamSpacing = 0.0
  public private(set) var legerLineThickness = 0.0
  public private(set) var legerLineExtension = 0.0
  public private(set) var thinBarlineThickness = 0.0
  public private(set) var thickBarlineThickness = 0.0
  public private(set) var barlineSeparation = 0.0
  public private(set) var repeatBarlineDotSeparation = 0.0
  public private(set) var repeatEndingLineThickness = 0.0
  public private(set) var tupletBracketThickness = 0.0
  public private(set) var hairpinThickness = 0.0
  public private(set) var lyricLineThickness = 0.0
}
