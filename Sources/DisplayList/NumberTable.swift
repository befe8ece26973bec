/// The digits of every whole number below 1000 and of every two decimal places, four
/// bytes an entry, for `ByteText`'s numbers.
///
/// Entry `n` (0…999) holds the digits of `n` from its first byte and, in its last byte,
/// how many there are: `12` is `"1", "2", _, 2`. Entry `fractions + f` (f = 0…99) holds
/// the places `.ff` without a trailing zero and their length with the point: `.25` is 3,
/// `.5` (f = 50) is 2, none (f = 0) is 0. A writer stores the four bytes at once (it has
/// room past the number) and moves on by the count: no branch for the digit count, no
/// division per digit.
@usableFromInline enum NumberTable {
  /// Where the places' entries start.
  @usableFromInline static let fractions = 1000

  /// The 1,100 entries, made once and kept for the process (never written after).
  @usableFromInline nonisolated(unsafe) static let entries: UnsafePointer<UInt32> = {
    let table = UnsafeMutablePointer<UInt32>.allocate(capacity: fractions + 100)
    let zero = UInt32(UInt8(ascii: "0"))
    for whole in 0..<fractions {
      let digits =
        whole < 10
        ? [whole] : whole < 100 ? [whole / 10, whole % 10] : [whole / 100, whole / 10 % 10, whole % 10]
      var entry = UInt32(digits.count) << 24
      for (index, digit) in digits.enumerated() { entry |= (zero + UInt32(digit)) << (8 * index) }
      table[whole] = entry
    }
    for fraction in 0..<100 {
      let point = UInt32(UInt8(ascii: "."))
      let tens = zero + UInt32(fraction / 10)
      let ones = zero + UInt32(fraction % 10)
      table[fractions + fraction] =
        fraction == 0
        ? 0 : fraction % 10 == 0 ? 2 << 24 | tens << 8 | point : 3 << 24 | ones << 16 | tens << 8 | point
    }
    return UnsafePointer(table)
  }()
}
