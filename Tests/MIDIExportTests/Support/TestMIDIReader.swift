/// A small Standard MIDI File reader for the tests: header, chunks, delta times, events.
struct TestMIDIFile {
  struct Event: Equatable {
    var tick: Int
    var bytes: [UInt8]
  }

  var format = 0
  var division = 0
  var tracks: [[Event]] = []
  /// Raw delta times per track, in file order.
  var deltas: [[Int]] = []

  init?(_ data: [UInt8]) {
    guard data.count >= 14, Array(data[0..<4]) == Array("MThd".utf8) else { return nil }
    format = Int(data[8]) << 8 | Int(data[9])
    let count = Int(data[10]) << 8 | Int(data[11])
    division = Int(data[12]) << 8 | Int(data[13])
    var position = 14
    for _ in 0..<count {
      guard position + 8 <= data.count, Array(data[position..<position + 4]) == Array("MTrk".utf8) else {
        return nil
      }
      let length = data[position + 4..<position + 8].reduce(0) { $0 << 8 | Int($1) }
      let end = position + 8 + length
      position += 8
      var events: [Event] = []
      var trackDeltas: [Int] = []
      var tick = 0
      while position < end {
        let delta = Self.variableLength(data, &position)
        trackDeltas.append(delta)
        tick += delta
        let status = data[position]
        var length: Int
        if status == 0xFF {
          var lengthPosition = position + 2
          let metaLength = Self.variableLength(data, &lengthPosition)
          length = lengthPosition - position + metaLength
        } else if status & 0xF0 == 0xC0 || status & 0xF0 == 0xD0 {
          length = 2
        } else {
          length = 3
        }
        events.append(Event(tick: tick, bytes: Array(data[position..<position + length])))
        position += length
      }
      tracks.append(events)
      deltas.append(trackDeltas)
    }
  }

  static func variableLength(_ data: [UInt8], _ position: inout Int) -> Int {
    var value = 0
    while true {
      let byte = data[position]
      position += 1
      value = value << 7 | Int(byte & 0x7F)
      if byte < 0x80 { return value }
    }
  }

  /// Notes of a track as (on tick, off tick, key).
  func notes(track: Int) -> [(on: Int, off: Int, key: Int)] {
    var held: [Int: Int] = [:]
    var result: [(on: Int, off: Int, key: Int)] = []
    for event in tracks[track] where event.bytes.count == 3 {
      let kind = event.bytes[0] & 0xF0
      let key = Int(event.bytes[1])
      if kind == 0x90 && event.bytes[2] > 0 {
        held[key] = event.tick
      } else if kind == 0x80 || kind == 0x90, let on = held.removeValue(forKey: key) {
        result.append((on, event.tick, key))
      }
    }
    return result.sorted { ($0.on, $0.key) < ($1.on, $1.key) }
  }
}
