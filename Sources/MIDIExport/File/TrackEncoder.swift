/// Collects the events of one MIDI track and encodes them as an `MTrk` chunk.
///
/// Events are kept with absolute ticks and an order key so that, at one tick, note-offs
/// come before note-ons (a repeated key is released before it is struck again); the
/// chunk stores the gaps as variable-length quantities.
struct TrackEncoder {
  private struct Event {
    var tick: Int
    var order: Int
    var sequence: Int
    var bytes: [UInt8]
  }

  private var events: [Event] = []

  /// Order keys: meta events first, then note-offs, then note-ons.
  enum Order: Int {
    case meta = 0
    case noteOff = 1
    case control = 2
    case noteOn = 3
  }

  mutating func add(tick: Int, _ order: Order, _ bytes: [UInt8]) {
    events.append(Event(tick: max(tick, 0), order: order.rawValue, sequence: events.count, bytes: bytes))
  }

  mutating func addMeta(tick: Int, type: UInt8, _ data: [UInt8]) {
    add(tick: tick, .meta, [0xFF, type] + Self.variableLength(data.count) + data)
  }

  /// The whole `MTrk` chunk, ending with End of Track after the last event (or `endTick`).
  func chunk(endTick: Int) -> [UInt8] {
    let sorted = events.sorted { ($0.tick, $0.order, $0.sequence) < ($1.tick, $1.order, $1.sequence) }
    var body: [UInt8] = []
    var last = 0
    for event in sorted {
      body += Self.variableLength(event.tick - last)
      body += event.bytes
      last = event.tick
    }
    body += Self.variableLength(max(endTick - last, 0)) + [0xFF, 0x2F, 0x00]
    return Array("MTrk".utf8) + Self.bigEndian(body.count, bytes: 4) + body
  }

  /// A MIDI variable-length quantity: 7 bits per byte, high bit set on all but the last.
  static func variableLength(_ value: Int) -> [UInt8] {
    var value = max(value, 0)
    var bytes = [UInt8(value & 0x7F)]
    value >>= 7
    while value > 0 {
      bytes.insert(UInt8(value & 0x7F) | 0x80, at: 0)
      value >>= 7
    }
    return bytes
  }

  static func bigEndian(_ value: Int, bytes count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
