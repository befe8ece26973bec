import CABCPressZlib

/// A cache record sealed with zlib's CRC-32 of its bytes and its length, so a record torn
/// by an interrupted write, or damaged on disk, reads as missing. Records are written in
/// place (not renamed into place), which this check makes safe.
enum CheckedRecord {
  static func seal(_ bytes: [UInt8]) -> [UInt8] {
    var header = UInt64(checksum(bytes[...])) | UInt64(UInt32(truncatingIfNeeded: bytes.count)) << 32
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 8)
    for _ in 0..<8 {
      out.append(UInt8(truncatingIfNeeded: header))
      header >>= 8
    }
    return out + bytes
  }

  /// The record's bytes, or nil when its length or checksum does not match.
  static func open(_ sealed: [UInt8]) -> [UInt8]? {
    guard sealed.count > 8 else { return nil }
    var header: UInt64 = 0
    for index in (0..<8).reversed() { header = header << 8 | UInt64(sealed[index]) }
    let body = sealed[8...]
    guard header >> 32 == UInt64(UInt32(truncatingIfNeeded: body.count)),
      UInt64(checksum(body)) == header & 0xFFFF_FFFF
    else { return nil }
    return Array(body)
  }

  private static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(crc32_z(0, $0.baseAddress, $0.count)) }
  }
}
