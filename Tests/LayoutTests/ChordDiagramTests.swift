import DisplayList
import Foundation
import ScoreModel
import Testing

@testable import Layout

/// Fretboard diagrams over chord symbols (`%%diagram`).
@Suite struct ChordDiagramTests {
  /// The dots (filled paths) drawn in the chord symbols' colour.
  func dots(_ list: DisplayList) -> [DisplayItem] {
    list.pages.flatMap(\.items).filter {
      guard $0.role == .chordSymbol, case .path(let path) = $0.shape else { return false }
      return path.strokeWidth == nil
    }
  }

  @Test func eachChordGetsADiagramAboveItsName() throws {
    let abc = "X:1\nL:1/4\nK:C\n\"C\"C E \"Am\"A c|\"C\"E G \"Dm\"F A|\n"
    var setup = PageSetup.a4
    let plain = try LayoutFixture.engrave(abc, setup: setup)
    #expect(dots(plain).isEmpty)
    setup.chordDiagrams = .guitar
    let list = try LayoutFixture.engrave(abc, setup: setup)
    // C x32010 (3 dots), Am x02210 (3), C again (3), Dm xx0231 (3).
    #expect(dots(list).count == 12)
    let items = list.pages.flatMap(\.items)
    let names = items.filter { if case .text = $0.shape { $0.role == .chordSymbol } else { false } }
    let lowestDot = try #require(dots(list).map(\.box.maxY).max())
    // Every diagram stands above every chord name, in one row.
    let highestName = try #require(names.map(\.box.minY).min())
    #expect(lowestDot < highestName)
    let tops = Set(dots(list).map { ($0.box.minY * 10).rounded() })
    #expect(tops.count <= 4)
  }

  @Test func aRepeatedChordIsDrawnOnceAndOwnShapesWin() throws {
    var setup = PageSetup.a4
    setup.chordDiagrams = .ukulele
    let repeated = try LayoutFixture.engrave("X:1\nL:1/4\nK:C\n\"C\"C E \"C\"G c|\n", setup: setup)
    #expect(dots(repeated).count == 1)  // C on ukulele: 0003, once
    setup.chordDefinitions = ["C": try #require(ChordFingering("5433"))]
    let own = try LayoutFixture.engrave("X:1\nL:1/4\nK:C\n\"C\"C E G c|\n", setup: setup)
    #expect(dots(own).count == 4)
    // A shape past the fourth fret names its fret beside the diagram.
    setup.chordDefinitions = ["C": try #require(ChordFingering("9 7 8 7"))]
    let high = try LayoutFixture.engrave("X:1\nL:1/4\nK:C\n\"C\"C E G c|\n", setup: setup)
    let texts = high.pages.flatMap(\.items).compactMap { item -> String? in
      if case .text(let text) = item.shape { text.text } else { nil }
    }
    #expect(texts.contains("7fr"))
  }

  /// Chords on every eighth note: spacing opens so that every diagram is drawn (none
  /// skipped for touching its neighbour) and no two diagrams' boxes meet.
  @Test func closeChordsGetRoomForTheirDiagrams() throws {
    let chords = ["C", "G7", "Am", "Dm", "E7", "F", "G", "A7"]
    var setup = PageSetup.a4
    setup.chordDiagrams = .guitar
    var alone = 0
    for chord in chords {
      alone += dots(try LayoutFixture.engrave("X:1\nL:1/4\nK:C\n\"\(chord)\"C4|\n", setup: setup)).count
    }
    let bar = chords.map { "\"\($0)\"c" }.joined(separator: " ")
    let abc = "X:1\nM:4/4\nL:1/8\nK:C\n\(bar)|\n"
    let list = try LayoutFixture.engrave(abc, setup: setup)
    #expect(dots(list).count == alone)
    // Each diagram's fret lines span its width: one span per chord, none overlapping.
    let frets = list.pages.flatMap(\.items).filter {
      $0.role == .chordSymbol && $0.box.width > 10 && $0.box.height < 3
    }
    var spans: [ClosedRange<Double>] = []
    for fret in frets where !spans.contains(where: { abs($0.lowerBound - fret.box.minX) < 0.5 }) {
      spans.append(fret.box.minX...fret.box.maxX)
    }
    spans.sort { $0.lowerBound < $1.lowerBound }
    #expect(spans.count == chords.count)
    for (left, right) in zip(spans, spans.dropFirst()) { #expect(left.upperBound + 2 < right.lowerBound) }
    let plain = try LayoutFixture.engrave(abc, setup: PageSetup.a4)
    let width = { (list: DisplayList) in
      let heads = list.pages.flatMap(\.items).filter { $0.role == .notehead }.map(\.box.minX)
      return (heads.max() ?? 0) - (heads.min() ?? 0)
    }
    #expect(width(list) > width(plain) * 1.2)
  }
}
