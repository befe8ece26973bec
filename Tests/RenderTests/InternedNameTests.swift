import Dispatch
import Synchronization
import Testing

@testable import DisplayList

/// Glyph names and font families as numbers (`NameTable`): one number per text, the text
/// read back, the same numbers from many threads at once, and a full table turning names
/// away instead of growing.
@Suite struct InternedNameTests {
  @Test func aTextHasOneNumberAndReadsBack() {
    let table = NameTable(capacity: 64)
    let names = ["noteheadBlack", "accidentalNatural", "", "gClef", "dynamicSforzandoPianissimo", "é♭"]
    let numbers = names.map { table.number($0) }
    #expect(Set(numbers).count == names.count)
    for (name, number) in zip(names, numbers) {
      #expect(table.number(name) == number)
      #expect(table.recent(name) == number)
      #expect(table.text(number) == name)
      #expect(table.withUTF8(number) { Array($0) } == Array(name.utf8))
    }
  }

  @Test func threadsInterningAtOnceAgreeOnEveryNumber() {
    let table = NameTable(capacity: 4096)
    let names = (0..<500).map { "glyph\($0 % 250)-\($0 % 7 == 0 ? "x" : "y")" }
    let found = Mutex([InternedName?](repeating: nil, count: 8 * names.count))
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for (index, name) in names.enumerated().shuffled() {
        let number = table.number(name)
        found.withLock { $0[worker * names.count + index] = number }
      }
    }
    let results = found.withLock { $0.map { $0! } }
    for worker in 0..<8 {
      for (index, name) in names.enumerated() {
        #expect(results[worker * names.count + index] == results[index])
        #expect(table.text(results[index]) == name)
      }
    }
    #expect(Set(results).count == Set(names).count)
  }

  @Test func aFullTableTurnsNamesAway() {
    let table = NameTable(capacity: 3)
    let kept = ["a", "b", "c"].map { table.interned($0) }
    #expect(kept.allSatisfy { $0 != nil })
    #expect(table.interned("d") == nil)
    #expect(table.interned("b") == kept[1])
    #expect(table.number("d") == kept[0])
  }

  @Test func glyphShapesCompareByTheirNames() {
    let origin = Point(x: 1, y: 2)
    let a = GlyphShape(name: "noteheadBlack", codepoint: 0xE0A4, font: "Bravura", origin: origin, size: 20)
    var b = GlyphShape(name: "noteheadHalf", codepoint: 0xE0A4, font: "Bravura", origin: origin, size: 20)
    #expect(a != b)
    b.name = "noteheadBlack"
    #expect(a == b)
    #expect(b.name == "noteheadBlack" && b.font == "Bravura")
    b.font = "Leland"
    #expect(a != b && b.font == "Leland")
    #expect(_isPOD(GlyphShape.self))
  }
}
