import ScoreModel

/// Writes a `Performance` as a Standard MIDI File, format 1.
///
/// Method: track 0 holds the tune title, time and key signatures and the tempo map;
/// each performance track becomes one MIDI track (its name, a program change to its
/// instrument, its notes) on its own channel (1, 2, … skipping the drum channel 10). Exact
/// whole-note times become ticks only here: `tick = round(time × 4 × division)`, and a
/// note's length is the difference of its rounded ends, so rounding never accumulates.
/// The track's `transpose` (from `V:… transpose=`) is added to every key.
///
/// Example: a crotchet C4 at the start, division 480 → `00 90 3C 69`, `83 60 80 3C 00`.
///
/// Known limits: no lyrics, dynamics or controller events; more than 15 voices share
/// channels.
public struct MIDIFileWriter: Sendable {
  /// Ticks per quarter note (abc2midi uses 480 too).
  public var ticksPerQuarter: Int

  public init(ticksPerQuarter: Int = 480) {
    self.ticksPerQuarter = max(1, min(ticksPerQuarter, 0x7FFF))
  }

  /// The bytes of the file.
  public func data(for performance: Performance) -> [UInt8] {
    let endTick = tick(performance.length)
    var chunks = [tempoTrack(performance, endTick: endTick)]
    for (index, track) in performance.tracks.enumerated() {
      chunks.append(
        noteTrack(
          track, channel: track.channel.map(UInt8.init) ?? Self.channel(forTrack: index), endTick: endTick))
    }
    let header =
      Array("MThd".utf8) + TrackEncoder.bigEndian(6, bytes: 4) + TrackEncoder.bigEndian(1, bytes: 2)
      + TrackEncoder.bigEndian(chunks.count, bytes: 2) + TrackEncoder.bigEndian(ticksPerQuarter, bytes: 2)
    return header + chunks.flatMap { $0 }
  }

  /// Ticks from the start for an exact time in whole notes, rounded to the nearest.
  public func tick(_ time: Rational) -> Int {
    let scaled = time * Rational(4 * ticksPerQuarter)
    let twice = 2 * scaled.numerator + scaled.denominator
    let divisor = 2 * scaled.denominator
    return twice >= 0 ? twice / divisor : -((-twice + divisor - 1) / divisor)
  }

  /// MIDI channel (0-based) of the n-th voice track: 0…8, then 10…15, skipping drums.
  static func channel(forTrack index: Int) -> UInt8 {
    let channel = index < 9 ? index : 10 + (index - 9) % 6
    return UInt8(channel)
  }

  private func tempoTrack(_ performance: Performance, endTick: Int) -> [UInt8] {
    var encoder = TrackEncoder()
    if !performance.title.isEmpty {
      encoder.addMeta(tick: 0, type: 0x03, Array(performance.title.utf8.prefix(255)))
    }
    for point in performance.meters {
      if let bytes = Self.timeSignature(point.meter) {
        encoder.addMeta(tick: tick(point.onset), type: 0x58, bytes)
      }
    }
    let key = performance.key
    if key.tonic != nil {
      let fifths = Int8(max(-7, min(7, key.fifths)))
      let minor: UInt8 = key.mode == .minor || key.mode == .aeolian ? 1 : 0
      encoder.addMeta(tick: 0, type: 0x59, [UInt8(bitPattern: fifths), minor])
    }
    for point in performance.tempos {
      let micro = max(1, min(point.microsecondsPerQuarter, 0xFF_FFFF))
      encoder.addMeta(tick: tick(point.onset), type: 0x51, TrackEncoder.bigEndian(micro, bytes: 3))
    }
    return encoder.chunk(endTick: endTick)
  }

  private func noteTrack(_ track: PerformanceTrack, channel: UInt8, endTick: Int) -> [UInt8] {
    var encoder = TrackEncoder()
    let name = track.name ?? track.voiceID
    if !name.isEmpty { encoder.addMeta(tick: 0, type: 0x03, Array(name.utf8.prefix(255))) }
    encoder.add(tick: 0, .control, [0xC0 | channel, UInt8(clamping: max(0, min(127, track.program)))])
    for note in track.notes {
      let key = note.key + track.transpose
      guard (0...127).contains(key) else { continue }
      let start = tick(note.onset)
      let end = tick(note.end)
      guard end > start else { continue }
      let velocity = UInt8(max(1, min(note.velocity, 127)))
      encoder.add(tick: start, .noteOn, [0x90 | channel, UInt8(key), velocity])
      encoder.add(tick: end, .noteOff, [0x80 | channel, UInt8(key), 0])
    }
    return encoder.chunk(endTick: endTick)
  }

  /// The bytes of a Time Signature meta event, nil for free meter.
  static func timeSignature(_ meter: Meter) -> [UInt8]? {
    let (numerator, denominator): (Int, Int)
    switch meter {
    case .none: return nil
    case .common: (numerator, denominator) = (4, 4)
    case .cut: (numerator, denominator) = (2, 2)
    case .fraction(let numerators, let lower): (numerator, denominator) = (numerators.reduce(0, +), lower)
    case .numeral(let count): (numerator, denominator) = (count, 2)
    }
    guard numerator > 0, numerator < 256, denominator > 0, denominator & (denominator - 1) == 0 else {
      return nil
    }
    let power = denominator.trailingZeroBitCount
    return [UInt8(numerator), UInt8(power), 24, 8]
  }
}
