import ScoreModel

/// ABC tunes to Standard MIDI Files.
///
/// - `Playback/`: `PerformanceBuilder` turns a `Tune` into a `Performance` (repeats,
///   endings and parts unfolded, ties merged, grace notes placed, tempo map), with
///   `RepeatUnfolder`, `PartOrder`, `EndingLabel` and `VoicePerformer` doing the steps.
/// - `File/`: `MIDIFileWriter` writes a `Performance` as a format 1 SMF.
public enum MIDIExport {
  /// The MIDI file bytes of one tune.
  public static func midiFile(
    for tune: Tune, options: PlaybackOptions = PlaybackOptions(), ticksPerQuarter: Int = 480
  ) -> [UInt8] {
    export(tune, options: options, ticksPerQuarter: ticksPerQuarter).bytes
  }

  /// The MIDI file bytes of one tune and the warnings about what was cut to stay within
  /// `Limits` (their file is left for the caller to fill in).
  public static func export(
    _ tune: Tune, options: PlaybackOptions = PlaybackOptions(), ticksPerQuarter: Int = 480
  ) -> (bytes: [UInt8], warnings: [Diagnostic]) {
    let performance = PerformanceBuilder(options: options).build(tune)
    return (MIDIFileWriter(ticksPerQuarter: ticksPerQuarter).data(for: performance), performance.warnings)
  }
}
