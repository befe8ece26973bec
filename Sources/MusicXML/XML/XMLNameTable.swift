/// The element and attribute names of an XML document, each once, found by their bytes.
/// (A class: reading it through the tree must not copy its arrays.)
///
/// Open addressing over an FNV-1a hash of the UTF-8 bytes: a name from expat is looked up
/// as the C string it arrives as (a String is made only for a name not seen before), and
/// the readers' lookups by literal name skip the standard library's seeded hashing, which
/// was a tenth of reading a song.
final class XMLNameTable {
  private(set) var names: [String] = []
  /// Name index + 1 per slot (0: empty); the count is a power of two, at most half full.
  private var slots = [Int32](repeating: 0, count: 64)
  private var hashes: [UInt64] = []
  /// Every name's bytes one after another; name i spans `ends[i - 1]..<ends[i]`.
  private var spellings: [UInt8] = []
  private var ends: [Int] = []

  /// The index of `name`, nil when the document has no such name.
  func index(of name: String) -> Int32? {
    var name = name
    return name.withUTF8 {
      find(UnsafeRawBufferPointer($0), hash: Self.hash(UnsafeRawBufferPointer($0))).found
    }
  }

  /// Lookups by a name written in the program, remembered by the address of its text
  /// (direct-mapped; a slot holds the address, 0 for none, and the index, -1 for absent).
  /// The readers ask for the same few dozen names hundreds of thousands of times a song.
  /// The address is mixed by a multiply into 256 slots: 64 slots taken from a few of its
  /// bits held the names apart or not as the linker happened to place them (one build's
  /// import ran 1 % more instructions in collisions).
  private var literalKeys = [UInt](repeating: 0, count: 256)
  private var literalIDs = [Int32](repeating: -1, count: 256)
  private var literalsCached = false

  /// The index of a name written in the program, nil when the document has no such name.
  func index(of name: StaticString) -> Int32? {
    guard name.hasPointerRepresentation else { return index(of: "\(name)") }
    let key = UInt(bitPattern: name.utf8Start)
    let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56)
    if literalKeys[slot] == key {
      let id = literalIDs[slot]
      return id < 0 ? nil : id
    }
    let bytes = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    let id = find(bytes, hash: Self.hash(bytes)).found
    literalKeys[slot] = key
    literalIDs[slot] = id ?? -1
    literalsCached = true
    return id
  }

  /// The index of the name spelt by `bytes`, added when new.
  func intern(_ bytes: UnsafeRawBufferPointer) -> Int32 {
    let hash = Self.hash(bytes)
    let (found, slot) = find(bytes, hash: hash)
    if let found { return found }
    let id = Int32(names.count)
    // A name remembered as absent may be this one.
    if literalsCached {
      for slot in literalKeys.indices { literalKeys[slot] = 0 }
      literalsCached = false
    }
    names.append(String(decoding: bytes, as: UTF8.self))
    hashes.append(hash)
    spellings.append(contentsOf: bytes)
    ends.append(spellings.count)
    slots[slot] = id + 1
    if names.count * 2 > slots.count { grow() }
    return id
  }

  /// The name's index if present, and the slot it is in or would go to.
  private func find(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> (found: Int32?, slot: Int) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return (nil, slot) }
      let id = Int(entry - 1)
      if hashes[id] == hash && spelt(id, as: bytes) { return (Int32(id), slot) }
      slot = (slot + 1) & mask
    }
  }

  private func grow() {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (id, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(id + 1)
    }
  }

  private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// Whether name `id` is spelt by `bytes`.
  private func spelt(_ id: Int, as bytes: UnsafeRawBufferPointer) -> Bool {
    let start = id == 0 ? 0 : ends[id - 1]
    guard ends[id] - start == bytes.count else { return false }
    return spellings.withUnsafeBufferPointer { stored in
      for offset in 0..<bytes.count where stored[start + offset] != bytes[offset] { return false }
      return true
    }
  }
}
