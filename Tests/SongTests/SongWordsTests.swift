import DisplayList
import Foundation
import Layout
import MusicXML
import ScoreModel
import Testing

/// MusicXML words, lyrics and slurs read as the song's file means them: lines of words kept
/// apart and within the page, padded syllables trimmed, a slur numbered across voices
/// ended where it ends.
@Suite struct SongWordsTests {
  /// A one-part score whose first measure holds `body`.
  static func score(_ body: String) -> String {
    """
    <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Voice</part-name></score-part>\
    </part-list><part id="P1"><measure number="1"><attributes><divisions>1</divisions>\
    <time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>\
    \(body)</measure></part></score-partwise>
    """
  }

  static func note(_ step: String, voice: Int = 1, _ inside: String = "") -> String {
    """
    <note><pitch><step>\(step)</step><octave>5</octave></pitch><duration>1</duration><voice>\(voice)</voice>\
    <type>quarter</type>\(inside)</note>
    """
  }

  static func texts(_ list: DisplayList, _ role: Role) -> [(text: String, box: Rect)] {
    SongFixture.items(list, role).compactMap {
      if case .text(let text) = $0.shape { (text.text, $0.box) } else { nil }
    }
  }

  @Test func wordsEndingInALineBreakStartTheNextWordsOnANewLine() throws {
    let direction = """
      <direction placement="above"><direction-type><words font-weight="bold">REFRAIN
      </words><words>Valse lente</words></direction-type></direction>
      """
    let xml = Self.score(direction + Self.note("C") + Self.note("D") + Self.note("E") + Self.note("F"))
    let tune = try MusicXMLImporter.tune(from: Array(xml.utf8))
    guard
      case .note(let first) = try #require(
        tune.voices.first?.elements.first { if case .note = $0 { true } else { false } })
    else { return }
    #expect(first.annotations.map(\.text) == ["REFRAIN\nValse lente"])
    let texts = Self.texts(try SongFixture.engraver().engrave([tune]), .annotation)
    let refrain = try #require(texts.first { $0.text == "REFRAIN" })
    let valse = try #require(texts.first { $0.text == "Valse lente" })
    // Two lines, the first above the second, not overlapping (1.2 times the size apart).
    #expect(refrain.box.maxY < valse.box.maxY - 5)
    #expect(abs(refrain.box.minX - valse.box.minX) < 1, "both start at the note")
    // ABC keeps the break as an annotation's `;`.
    #expect(ABCWriter.text(of: tune).contains("\"^REFRAIN;Valse lente\""))
  }

  @Test func wordsLongerThanTheStaffAreBrokenWithinTheMargins() throws {
    let footnote = Array(repeating: "a footnote the editor set as words over the music,", count: 8).joined(
      separator: " ")
    let direction =
      "<direction placement=\"above\"><direction-type><words>\(footnote)</words></direction-type></direction>"
    let xml = Self.score(direction + Self.note("C") + Self.note("D") + Self.note("E") + Self.note("F"))
    let setup = PageSetup.a4
    let list = try SongFixture.engraver(setup: setup).engrave([
      try MusicXMLImporter.tune(from: Array(xml.utf8))
    ])
    let lines = Self.texts(list, .annotation).sorted { $0.box.minY < $1.box.minY }
    #expect(lines.count > 2, "broken into lines")
    #expect(lines.map(\.text).joined(separator: " ") == footnote)
    let right = setup.width - setup.marginRight
    for line in lines {
      #expect(line.box.maxX <= right + 0.5 && line.box.minX >= setup.marginLeft - 0.5, "\(line.text)")
    }
  }

  @Test func paddedSyllablesAreTrimmed() throws {
    let lyric = #"<lyric number="1"><syllabic>single</syllabic><text>1.         </text></lyric>"#
    let xml = Self.score(Self.note("C", lyric) + Self.note("D") + Self.note("E") + Self.note("F"))
    let tune = try MusicXMLImporter.tune(from: Array(xml.utf8))
    guard
      case .note(let first) = try #require(
        tune.voices.first?.elements.first { if case .note = $0 { true } else { false } })
    else { return }
    #expect(first.lyrics.first??.text == "1.")
  }

  @Test func aSlurNumberedAcrossVoicesEndsInTheVoiceItStartedIn() throws {
    // Voice 2 starts slur 2, voice 1 stops it; voice 2 then starts slur 2 again and stops
    // it two notes later. Two short slurs, not one running to the last stop.
    let body =
      Self.note("C") + Self.note("D") + Self.note("E") + Self.note("F")
      + "<backup><duration>4</duration></backup>"
      + Self.note("A", voice: 2, #"<notations><slur type="start" number="2"/></notations>"#)
      + Self.note("G", voice: 2) + Self.note("F", voice: 2) + Self.note("E", voice: 2)
    // Voice 1's stop of slur 2 comes in the second measure, with voice 2's new slur.
    let second = """
      <measure number="2">\(Self.note("C", #"<notations><slur type="stop" number="2"/></notations>"#))\
      \(Self.note("D"))\(Self.note("E"))\(Self.note("F"))<backup><duration>4</duration></backup>\
      \(Self.note("A", voice: 2, #"<notations><slur type="start" number="2"/></notations>"#))\
      \(Self.note("G", voice: 2))\(Self.note("F", voice: 2, #"<notations><slur type="stop" number="2"/></notations>"#))\
      \(Self.note("E", voice: 2))</measure>
      """
    let xml = Self.score(body).replacingOccurrences(
      of: "</measure></part>", with: "</measure>" + second + "</part>")
    let tune = try MusicXMLImporter.tune(from: Array(xml.utf8))
    let lower = try #require(
      tune.voices.first { voice in
        voice.elements.contains {
          if case .note(let n) = $0 { n.heads.first?.pitch.step == .a } else { false }
        }
      })
    let notes = lower.elements.compactMap { if case .note(let n) = $0 { n } else { nil } }
    let starts = notes.enumerated().filter { !$0.element.slurStarts.isEmpty }.map(\.offset)
    let ends = notes.enumerated().filter { !$0.element.slurEnds.isEmpty }.map(\.offset)
    // The first ends at voice 2's last note before voice 1's stop; the second as written.
    #expect(starts == [0, 4])
    #expect(ends == [3, 6])
  }
}
