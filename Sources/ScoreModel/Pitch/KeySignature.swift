/// A mode of a key (ABC `K:` accepts the church modes as well as major and minor).
public enum Mode: String, Sendable, CaseIterable {
  case major, minor, ionian, dorian, phrygian, lydian, mixolydian, aeolian, locrian

  /// Offset in fifths from the major key on the same tonic.
  public var fifthsOffset: Int {
    switch self {
    case .major, .ionian: 0
    case .minor, .aeolian: -3
    case .dorian: -2
    case .phrygian: -4
    case .lydian: 1
    case .mixolydian: -1
    case .locrian: -5
    }
  }
}

/// A key signature: its tonic, mode, and the accidentals written at the start of a staff.
public struct KeySignature: Hashable, Sendable {
  /// The tonic step and alteration, or nil for `K:none`.
  public var tonic: Step?
  public var tonicAlter: Int
  public var mode: Mode
  /// Sharps (positive) or flats (negative) of the standard signature.
  public var fifths: Int
  /// Extra or replacing accidentals (`K:D =c ^g`, `K:Dphr ^f`), applied after `fifths`.
  public var explicitAccidentals: [Step: Accidental]
  /// `exp`: only `explicitAccidentals` are written.
  public var isExplicitOnly: Bool

  public init(
    tonic: Step?, tonicAlter: Int = 0, mode: Mode = .major, fifths: Int,
    explicitAccidentals: [Step: Accidental] = [:], isExplicitOnly: Bool = false
  ) {
    self.tonic = tonic
    self.tonicAlter = tonicAlter
    self.mode = mode
    self.fifths = fifths
    self.explicitAccidentals = explicitAccidentals
    self.isExplicitOnly = isExplicitOnly
  }

  public static let cMajor = KeySignature(tonic: .c, fifths: 0)
  public static let none = KeySignature(tonic: nil, fifths: 0)

  /// Order in which sharps are added: F C G D A E B.
  public static let sharpOrder: [Step] = [.f, .c, .g, .d, .a, .e, .b]
  /// Order in which flats are added: B E A D G C F.
  public static let flatOrder: [Step] = [.b, .e, .a, .d, .g, .c, .f]

  /// The accidentals as written on the staff, in order.
  public var writtenAccidentals: [(step: Step, accidental: Accidental)] {
    // Labelled as returned (an unlabelled array was cast at run time on return).
    var result: [(step: Step, accidental: Accidental)] = []
    if !isExplicitOnly {
      if fifths > 0 {
        result = Self.sharpOrder.prefix(min(fifths, 7)).map { ($0, .sharp) }
      } else if fifths < 0 {
        result = Self.flatOrder.prefix(min(-fifths, 7)).map { ($0, .flat) }
      }
    }
    for step in Step.allCases where !explicitAccidentals.isEmpty {
      guard let acc = explicitAccidentals[step] else { continue }
      if let index = result.firstIndex(where: { $0.0 == step }) {
        if acc == .natural { result.remove(at: index) } else { result[index].1 = acc }
      } else if acc != .natural {
        result.append((step, acc))
      }
    }
    return result
  }

  /// The alteration the key gives to a step (before any bar accidentals).
  public func alter(for step: Step) -> Int {
    if explicitAccidentals.isEmpty && !isExplicitOnly {
      // A standard signature: the step is altered when it is among the first |fifths|.
      if fifths > 0, let index = Self.sharpOrder.firstIndex(of: step) { return index < fifths ? 1 : 0 }
      if fifths < 0, let index = Self.flatOrder.firstIndex(of: step) { return index < -fifths ? -1 : 0 }
      return 0
    }
    return writtenAccidentals.first(where: { $0.step == step })?.accidental.alter ?? 0
  }

  /// How many accidentals the signature writes.
  public var writtenAccidentalCount: Int {
    if explicitAccidentals.isEmpty && !isExplicitOnly { return min(abs(fifths), 7) }
    return writtenAccidentals.count
  }
}
