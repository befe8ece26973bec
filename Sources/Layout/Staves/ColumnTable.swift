import ScoreModel

/// Several voices' time columns: each column's stand-in symbol and, per voice, its member.
///
/// Flat, as the layout core keeps its data: the stand-in symbols in one array and the members
/// in one array of 32-bit indices, `voiceCount` a column (-1 where a voice has none), so a
/// column costs no allocation of its own and no second copy of its symbol.
struct ColumnTable {
  /// Each column's stand-in symbol (`ColumnMerger.synthetic`).
  var symbols: [StaffSymbol] = []
  /// Row-major: column `c`'s members are `slots[c * voiceCount ..< (c + 1) * voiceCount]`.
  private var slots: [Int32] = []
  let voiceCount: Int

  init(voiceCount: Int, capacity: Int = 0) {
    self.voiceCount = voiceCount
    symbols.reserveCapacity(capacity)
    slots.reserveCapacity(capacity * voiceCount)
  }

  var count: Int { symbols.count }
  var indices: Range<Int> { symbols.indices }

  /// The index of `voice`'s symbol in `column`, or nil where the voice has none.
  func member(_ column: Int, voice: Int) -> Int? {
    let slot = slots[column * voiceCount + voice]
    return slot < 0 ? nil : Int(slot)
  }

  /// The column's members by voice.
  func members(_ column: Int) -> ColumnMembers {
    ColumnMembers(slots: slots[column * voiceCount..<(column + 1) * voiceCount])
  }

  /// Gives back room reserved for columns that did not come (voices sharing most of their
  /// columns reserve up to their sum): copied to right-sized arrays when more than a third
  /// of the room would stay empty.
  mutating func fitCapacity() {
    guard symbols.capacity > symbols.count + symbols.count / 2 else { return }
    symbols = symbols.withUnsafeBufferPointer { Array($0) }
    slots = slots.withUnsafeBufferPointer { Array($0) }
  }

  /// Adds a column: its stand-in symbol and a member slot per voice (-1 for none).
  mutating func append(_ symbol: consuming StaffSymbol, slots row: [Int32]) {
    precondition(row.count == voiceCount, "one member slot a voice")
    symbols.append(symbol)
    slots.append(contentsOf: row)
  }
}

/// One column's members by voice: each voice's symbol index, nil where it has none.
struct ColumnMembers: RandomAccessCollection {
  fileprivate let slots: ArraySlice<Int32>

  var startIndex: Int { 0 }
  var endIndex: Int { slots.count }

  subscript(voice: Int) -> Int? {
    let slot = slots[slots.startIndex + voice]
    return slot < 0 ? nil : Int(slot)
  }
}
