import ABCParser
import MusicXML
import ScoreModel
import Testing

/// `.mxl` archives built to hurt: one member listed many times, names listed twice,
/// members claiming gigabytes, wrong checksums. Only the container and the score are ever
/// inflated, within `Limits.mxlInflatedSize`.
@Suite struct MXLHostileTests {
  /// A stored (uncompressed) member, or a central-directory entry pointing at one.
  struct Member {
    var name: String
    var data: [UInt8]
    var method = 0
    var crc: UInt32?
    var size: Int?
  }

  static let score = Array(
    """
    <?xml version="1.0"?><score-partwise version="4.0"><part-list><score-part id="P1"/></part-list>
    <part id="P1"><measure number="1"><note><pitch><step>G</step><octave>4</octave></pitch><duration>4</duration><type>whole</type></note></measure></part></score-partwise>
    """.utf8)

  static let container = Array(
    """
    <?xml version="1.0"?><container><rootfiles><rootfile full-path="score.xml"/></rootfiles></container>
    """.utf8)

  /// A ZIP archive of `members`; `listings` adds central entries that point at member
  /// `index`'s bytes under another name (or the same one).
  static func archive(_ members: [Member], listings: [(index: Int, name: String)] = []) -> [UInt8] {
    var out: [UInt8] = []
    var central: [UInt8] = []
    var offsets: [Int] = []
    func u16(_ bytes: inout [UInt8], _ value: Int) {
      bytes += [UInt8(value & 0xff), UInt8(value >> 8 & 0xff)]
    }
    func u32(_ bytes: inout [UInt8], _ value: Int) {
      for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(value >> shift & 0xff)) }
    }
    func common(_ bytes: inout [UInt8], _ member: Member, name: [UInt8]) {
      u16(&bytes, 20)
      u16(&bytes, 0)
      u16(&bytes, member.method)
      u16(&bytes, 0)
      u16(&bytes, 0x21)
      u32(&bytes, Int(member.crc ?? crc32(member.data)))
      u32(&bytes, member.data.count)
      u32(&bytes, member.size ?? member.data.count)
      u16(&bytes, name.count)
      u16(&bytes, 0)
    }
    for member in members {
      offsets.append(out.count)
      u32(&out, 0x0403_4b50)
      common(&out, member, name: Array(member.name.utf8))
      out += Array(member.name.utf8) + member.data
    }
    let entries = members.indices.map { ($0, members[$0].name) } + listings
    for (index, name) in entries {
      let bytes = Array(name.utf8)
      u32(&central, 0x0201_4b50)
      u16(&central, 20)
      common(&central, members[index], name: bytes)
      u16(&central, 0)
      u16(&central, 0)
      u16(&central, 0)
      u32(&central, 0)
      u32(&central, offsets[index])
      central += bytes
    }
    let directoryOffset = out.count
    out += central
    u32(&out, 0x0605_4b50)
    u16(&out, 0)
    u16(&out, 0)
    u16(&out, entries.count)
    u16(&out, entries.count)
    u32(&out, central.count)
    u32(&out, directoryOffset)
    u16(&out, 0)
    return out
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  static let good = [
    Member(name: "META-INF/container.xml", data: container), Member(name: "score.xml", data: score),
  ]

  static func refusal(_ bytes: [UInt8]) throws -> String {
    let error = try #require(throws: MusicXMLImporter.ImportError.self) { try MusicXMLImporter.read(bytes) }
    return error.description
  }

  @Test func aWellFormedArchiveReadsAndItsOtherMembersAreNeverInflated() throws {
    #expect(try MusicXMLImporter.read(Self.archive(Self.good)).tune.voices.count == 1)
    // A damaged member nobody needs (garbage that does not inflate) changes nothing.
    let junk = Member(name: "junk.bin", data: [0xFF, 0xFE, 0xFD, 0x00, 0x13], method: 8, size: 10_000)
    #expect(try MusicXMLImporter.read(Self.archive(Self.good + [junk])).tune.voices.count == 1)
  }

  @Test func oneMemberListedManyTimesIsRefused() throws {
    let listings = (0..<60).map { (index: 1, name: "copy\($0).xml") }
    let reason = try Self.refusal(Self.archive(Self.good, listings: listings))
    #expect(reason.contains("share their bytes"), "\(reason)")
  }

  @Test func aNameListedTwiceIsRefused() throws {
    let listings = (0..<200).map { _ in (index: 1, name: "score.xml") }
    let reason = try Self.refusal(Self.archive(Self.good, listings: listings))
    #expect(reason.contains("lists 'score.xml' twice"), "\(reason)")
  }

  @Test func membersClaimingMoreThanTheCapAreRefusedBeforeInflating() throws {
    var members = Self.good
    members[1].size = Limits.mxlInflatedSize + 1
    members[1].method = 8
    let reason = try Self.refusal(Self.archive(members))
    #expect(reason.contains("more than \(Limits.mxlInflatedSize >> 20) MB"), "\(reason)")
  }

  @Test func aWrongChecksumIsRefused() throws {
    var members = Self.good
    members[1].crc = Self.crc32(Self.score) ^ 1
    let reason = try Self.refusal(Self.archive(members))
    #expect(reason.contains("CRC-32"), "\(reason)")
  }

  @Test func tooManyEntriesAreRefused() throws {
    let members = (0...Limits.mxlEntries).map {
      Member(name: "m\($0)", data: [UInt8(truncatingIfNeeded: $0)])
    }
    let reason = try Self.refusal(Self.archive(members))
    #expect(reason.contains("more than \(Limits.mxlEntries) entries"), "\(reason)")
  }

  @Test func truncatedArchivesAreRefused() throws {
    let bytes = Self.archive(Self.good)
    for length in [4, 30, bytes.count / 2, bytes.count - 1] {
      #expect(throws: MusicXMLImporter.ImportError.self) {
        try MusicXMLImporter.read(Array(bytes.prefix(length)))
      }
    }
  }
}
