import Foundation
import Render
import Testing

/// The hand-made UTC calendar against Foundation's, across centuries, leap days and
/// negatives (from 15 October 1582, where Foundation's calendar stops being Julian).
@Suite struct CivilDateTests {
  static let times: [Double] = [
    0, -1, 59, 86_399, 86_400, 951_782_400, 951_868_799.5, 1_709_164_800, 1_796_083_199, 4_107_542_400,
    -2_208_988_800, -12_219_292_800, 253_402_300_799,
  ]

  @Test(arguments: times)
  func agreesWithFoundation(unixTime: Double) {
    let date = CivilDate(unixTime: unixTime)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second],
      from: Date(timeIntervalSince1970: unixTime.rounded(.down)))
    #expect(
      [date.year, date.month, date.day, date.hour, date.minute, date.second]
        == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map { $0 ?? -1 })
  }

  @Test func textsAsBooksAndPDFsPrintThem() {
    let date = CivilDate(unixTime: 1_796_083_199)  // 30 November 2026, 23:59:59 UTC
    #expect(date.longText == "30 November 2026")
    #expect(date.compactText == "20261130235959")
    #expect(CivilDate(unixTime: 951_782_400).longText == "29 February 2000")
  }
}
