/// Writes an SFNT (TrueType/OpenType) file from its tables: the table directory with
/// checksums, then each table padded to four bytes.
enum SFNTBuilder {
  static func build(_ tables: [(tag: UInt32, data: [UInt8])]) -> [UInt8] {
    let sorted = tables.sorted { $0.tag < $1.tag }
    let cff = UInt32(0x4346_4620)  // 'CFF '
    var out: [UInt8] = []
    func u32(_ value: UInt32) {
      out += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    func u16(_ value: Int) { out += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    u32(sorted.contains { $0.tag == cff } ? 0x4F54_544F : 0x0001_0000)
    var power = 1
    var log = 0
    while power * 2 <= sorted.count {
      power *= 2
      log += 1
    }
    u16(sorted.count)
    u16(power * 16)
    u16(log)
    u16(sorted.count * 16 - power * 16)
    var offset = 12 + 16 * sorted.count
    for table in sorted {
      u32(table.tag)
      u32(checksum(table.data))
      u32(UInt32(offset))
      u32(UInt32(table.data.count))
      offset += (table.data.count + 3) & ~3
    }
    for table in sorted {
      out += table.data
      out += [UInt8](repeating: 0, count: ((table.data.count + 3) & ~3) - table.data.count)
    }
    return out
  }

  /// The SFNT table checksum: the sum of the big-endian 32-bit words, zero-padded.
  static func checksum(_ data: [UInt8]) -> UInt32 {
    var sum: UInt32 = 0
    var index = 0
    while index < data.count {
      var word: UInt32 = 0
      for byte in 0..<4 {
        word = word << 8 | UInt32(index + byte < data.count ? data[index + byte] : 0)
      }
      sum = sum &+ word
      index += 4
    }
    return sum
  }
}
