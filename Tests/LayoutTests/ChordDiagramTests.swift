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
}
