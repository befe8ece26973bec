/// SMuFL `engravingDefaults`: line thicknesses and spacings in staff spaces.
///
/// Values missing from a font's metadata fall back to the Bravura figures the SMuFL
/// specification uses as its example.
public struct EngravingDefaults: Hashable, Sendable {
  public var values: [String: Double] = [:]

  public init(values: [String: Double] = [:]) {
    self.values = values
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

  public var staffLineThickness: Double { self["staffLineThickness"] }
  public var stemThickness: Double { self["stemThickness"] }
  public var beamThickness: Double { self["beamThickness"] }
  public var beamSpacing: Double { self["beamSpacing"] }
  public var legerLineThickness: Double { self["legerLineThickness"] }
  public var legerLineExtension: Double { self["legerLineExtension"] }
  public var thinBarlineThickness: Double { self["thinBarlineThickness"] }
  public var thickBarlineThickness: Double { self["thickBarlineThickness"] }
  public var barlineSeparation: Double { self["barlineSeparation"] }
  public var repeatBarlineDotSeparation: Double { self["repeatBarlineDotSeparation"] }
  public var repeatEndingLineThickness: Double { self["repeatEndingLineThickness"] }
}
