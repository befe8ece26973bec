#if canImport(Glibc)
  import Glibc
#endif

/// The engraver's glyph names (`SMuFLGlyph`) found by their UTF-8 bytes: an open-addressed
/// table of FNV-1a hashes, each slot holding a case's ordinal, its name compared byte for
/// byte on a hit.
///
/// A font's metadata names some 900 glyphs, of which the engraver draws a sixth: each name
/// was made into a string and hashed with SipHash to learn that most are not wanted.
struct EngravedNames: Sendable {
  static let shared = EngravedNames()

  /// Each case's name as bytes, by ordinal.
  private let names: [[UInt8]]
  /// Ordinal + 1 per slot (0 for empty); the slot count is a power of two, at least four
  /// times the names'.
  private let slots: [UInt16]
  private let mask: Int

  private init() {
    names = SMuFLGlyph.allCases.map { Array($0.rawValue.utf8) }
    var size = 16
    while size < names.count * 4 { size *= 2 }
    var slots = [UInt16](repeating: 0, count: size)
    for (ordinal, name) in names.enumerated() {
      var slot = Int(truncatingIfNeeded: Self.hash(name[...])) & (size - 1)
      while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
      slots[slot] = UInt16(ordinal + 1)
    }
    self.slots = slots
    mask = size - 1
  }

  /// The ordinal of the case named by `bytes`, nil when none is.
  func ordinal(of bytes: ArraySlice<UInt8>) -> Int? {
    var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
    while true {
      let entry = Int(slots[slot])
      guard entry != 0 else { return nil }
      let name = names[entry - 1]
      if name.count == bytes.count,
        name.withUnsafeBufferPointer({ stored in
          bytes.withUnsafeBufferPointer { memcmp(stored.baseAddress!, $0.baseAddress!, stored.count) == 0 }
        })
      {
        return entry - 1
      }
      slot = (slot + 1) & mask
    }
  }

  /// FNV-1a over the bytes (64 bits).
  static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
