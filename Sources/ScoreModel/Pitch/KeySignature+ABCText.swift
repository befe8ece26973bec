extension KeySignature {
  /// The key as a `K:` field writes it: `G`, `Em`, `ADor`, `D exp ^f ^c`, `none`.
  public var abcText: String {
    var text: String
    if let tonic {
      text = String(tonic.letter) + (tonicAlter > 0 ? "#" : tonicAlter < 0 ? "b" : "")
      switch mode {
      case .major: break
      case .minor: text += "m"
      default:
        let name = mode.rawValue.prefix(3)
        text += name.prefix(1).uppercased() + name.dropFirst().lowercased()
      }
    } else {
      text = isExplicitOnly ? "C" : "none"
    }
    if !explicitAccidentals.isEmpty {
      if isExplicitOnly { text += " exp" }
      for step in Step.allCases {
        guard let accidental = explicitAccidentals[step] else { continue }
        let sign = (Accidental(rawValue: max(-2, min(2, accidental.alter))) ?? .natural).abcText
        text += " " + sign + String(step.letter).lowercased()
      }
    }
    return text
  }
}
