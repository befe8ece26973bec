import Foundation

/// A UTC calendar date and time from a Unix time, without the locale machinery
/// (DateFormatter loads ICU's locale and time-zone data: milliseconds at every start).
public struct CivilDate: Equatable, Sendable {
  public var year: Int
  public var month: Int
  public var day: Int
  public var hour: Int
  public var minute: Int
  public var second: Int

  /// The UTC date of `seconds` since 1970 (Howard Hinnant's days-to-civil algorithm).
  public init(unixTime seconds: Double) {
    let whole = Int(seconds.rounded(.down))
    let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
    let time = whole - days * 86_400
    hour = time / 3600
    minute = time / 60 % 60
    second = time % 60
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Now, or `SOURCE_DATE_EPOCH` when it is set (reproducible output).
  public static func now() -> CivilDate {
    if case .success(let epoch?) = sourceDateEpoch() { return CivilDate(unixTime: Double(epoch)) }
    return CivilDate(unixTime: Date().timeIntervalSince1970)
  }

  /// The latest moment a PDF date can hold: 9999-12-31 23:59:59 UTC.
  public static let latestEpoch = 253_402_300_799

  /// `SOURCE_DATE_EPOCH` (reproducible-builds.org): nil when it is not set; an error
  /// when it is not a whole number of seconds from 1970 to the year 9999.
  public static func sourceDateEpoch(
    _ environment: (String) -> String? = EnvironmentVariable.value
  ) -> Result<Int?, SourceDateError> {
    guard let text = environment("SOURCE_DATE_EPOCH") else { return .success(nil) }
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let epoch = Int(text),
      epoch <= latestEpoch
    else {
      return .failure(SourceDateError(value: text))
    }
    return .success(epoch)
  }

  /// An unusable `SOURCE_DATE_EPOCH`.
  public struct SourceDateError: Error, CustomStringConvertible {
    public var value: String
    public var description: String {
      "SOURCE_DATE_EPOCH is '\(value)': it must be a whole number of seconds since 1970-01-01 UTC, "
        + "from 0 to \(CivilDate.latestEpoch) (9999-12-31); unset it for the current date"
    }
  }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]

  /// `30 November 2026`, as a book's title page prints it.
  public var longText: String { "\(day) \(Self.monthNames[month - 1]) \(year)" }

  /// `YYYYMMDDHHmmSS`, as a PDF date holds it.
  public var compactText: String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    let yearText = String(year)
    return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + two(month) + two(day)
      + two(hour) + two(minute) + two(second)
  }
}
