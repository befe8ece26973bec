import ScoreModel

/// Writes tunes as MusicXML 4.0 partwise documents, and as compressed `.mxl` archives.
///
/// The document carries every voice (parts from `PartPlan`), measures cut at the bar
/// lines (`MeasureSlicer`), key, meter and clef changes, tuplets, grace notes, ties,
/// slurs, beams grouped as ABCPress engraves them, decorations (`MusicXMLMark`), chord
/// symbols as `<harmony>`, lyrics, repeats, endings and `P:` parts, titles and credits.
/// The output depends only on the tune: no dates or random identifiers.
public enum MusicXMLExporter {
  /// The MusicXML text of `tune`.
  public static func document(for tune: Tune) -> String {
    var writer = PartwiseWriter(tune: tune)
    writer.write()
    return writer.xml.text
  }

  /// A compressed MusicXML archive (`.mxl`) holding the document of `tune`.
  public static func archive(for tune: Tune, name: String = "score.musicxml") -> [UInt8] {
    MXLContainer.archive(document: Array(document(for: tune).utf8), name: name)
  }
}
