import ABCParser
import ScoreModel
import Testing

@Suite struct AccidentalTests {
  private func alters(_ body: String, key: String) -> [Int] {
    Parse.notes(body, header: "L:1/8\nK:\(key)").flatMap { $0.heads.map(\.soundingAlter) }
  }

  @Test func keySignatureApplies() {
    #expect(alters("F C G B E", key: "D") == [1, 1, 0, 0, 0])
    #expect(alters("B E A D", key: "Bb") == [-1, -1, 0, 0])
    #expect(alters("F c f' F,", key: "G") == [1, 0, 1, 1])
  }

  @Test func barAccidentalsLastToTheBarLine() {
    #expect(alters("^C C c | C", key: "C") == [1, 1, 0, 0])
    #expect(alters("=F F ^F F | F", key: "D") == [0, 0, 1, 1, 1])
    #expect(alters("_B B [B_e] e", key: "C") == [-1, -1, -1, -1, -1])
  }

  @Test func explicitKeyAccidentals() {
    #expect(alters("F G C", key: "D =c ^g") == [1, 1, 0])
  }

  @Test func keyChangeResetsAccidentals() {
    #expect(alters("^C [K:C] C F [K:G] F", key: "C") == [1, 0, 0, 1])
  }

  @Test func writtenAccidentalIsKept() {
    let heads = Parse.notes("^F F", header: "L:1/8\nK:G").map(\.heads[0])
    #expect(heads.map(\.accidental) == [.sharp, nil])
    #expect(heads.map(\.soundingAlter) == [1, 1])
  }
}
