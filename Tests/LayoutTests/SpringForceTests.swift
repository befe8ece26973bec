import Foundation
import Testing

@testable import Layout

/// The force that fills a line: the least force whose springs reach the target, as
/// halving the bracket finds it, on lines that stretch, squeeze and meet their rods.
@Suite struct SpringForceTests {
  /// The sum the spacer fills a line with, in the spacer's order.
  func total(_ springs: [Spring], _ force: Double) -> Double {
    springs.reduce(0) { $0 + $1.length(force: force) }
  }

  /// Sixty halvings of [0, high], as the spacer solved it before.
  func halving(_ springs: [Spring], target: Double) -> Double {
    var high = 1.0
    while total(springs, high) < target && high < 1e6 { high *= 2 }
    var low = 0.0
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if total(springs, middle) < target { low = middle } else { high = middle }
    }
    return high
  }

  @Test func matchesHalvingOnRandomLines() throws {
    let spacer = HorizontalSpacer(font: try LayoutFixture.font())
    var generator = SystemRandomNumberGenerator()
    var checked = 0
    for _ in 0..<2000 {
      let count = Int.random(in: 1...40, using: &generator)
      let springs = (0..<count).map { _ in
        let ideal = Double.random(in: 0.5...8, using: &generator)
        return Spring(
          ideal: ideal, minimum: ideal * Double.random(in: 0.3...1.4, using: &generator),
          isStretchable: Double.random(in: 0...1, using: &generator) < 0.85)
      }
      let natural = total(springs, 1)
      let target = natural * Double.random(in: 0.5...3, using: &generator)
      let force = spacer.solveForce(springs, target: target)
      #expect(force == halving(springs, target: target), "\(springs) \(target)")
      if total(springs, 0) < target && total(springs, force) >= target {
        // The least such force: one unit less falls short.
        #expect(total(springs, force.nextDown) < target)
        checked += 1
      }
    }
    #expect(checked > 1000)
  }

  @Test func linesThatCannotStretchOrSqueeze() throws {
    let spacer = HorizontalSpacer(font: try LayoutFixture.font())
    let fixed = [Spring(ideal: 3, minimum: 2, isStretchable: false)]
    // Nothing stretches: the force runs to the bracket's end, as halving leaves it.
    #expect(spacer.solveForce(fixed, target: 10) == halving(fixed, target: 10))
    // Rods alone already reach the target: the smallest force halving reaches.
    let rods = [Spring(ideal: 3, minimum: 2.5, isStretchable: true)]
    #expect(spacer.solveForce(rods, target: 1) == halving(rods, target: 1))
    #expect(spacer.solveForce(rods, target: 1) < 1e-15)
  }
}
