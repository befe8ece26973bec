/// A fast, seeded 64-bit hash of a text's UTF-8 bytes, for the keys of the text caches
/// that a run looks up tens of thousands of times (a text and its font).
///
/// Eight bytes a step, each step a 64×64→128-bit multiply folded to 64 bits (the mixing
/// of wyhash), from a seed drawn once per process: `Hasher` then only finalizes one word
/// instead of hashing every byte with SipHash, about a fifth of the cost for a title.
/// The seed keeps collisions from being chosen in advance (as `Hasher`'s own seed does).
public enum TextHash {
  @usableFromInline static let seed = UInt64.random(in: .min ... .max) | 1

  @inlinable @inline(__always)
  static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
  }

  /// The hash of `text`'s bytes.
  public static func of(_ text: String) -> UInt64 {
    var text = text
    return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
  }

  /// The hash of `bytes`.
  public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var state = seed ^ UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
    guard let base = bytes.baseAddress else { return mix(state, 0xA076_1D64_78BD_642F) }
    var offset = 0
    let count = bytes.count
    while offset &+ 8 <= count {
      let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      state = mix(state ^ word, 0xA076_1D64_78BD_642F)
      offset &+= 8
    }
    if offset < count {
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while offset < count {
        tail |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << shift
        shift &+= 8
        offset &+= 1
      }
      state = mix(state ^ tail, 0xE703_7ED1_A0B4_28DB)
    }
    return mix(state, 0x8EBC_6AF0_9C88_C6E3)
  }
}
