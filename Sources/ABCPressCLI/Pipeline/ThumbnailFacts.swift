import Foundation

/// What a thumbnail shows and its size: a line of `thumbs --manifest`, kept with a cached
/// image so a hit can name its file and list it without parsing the tune.
struct ThumbnailFacts: Sendable, Equatable {
  var number: Int
  var title: String
  var key: String
  var meter: String
  /// The image's size in pixels (an SVG's width and height attributes).
  var width: Int
  var height: Int

  /// One line per fact, as the cache keeps them.
  var record: String {
    [String(number), title, key, meter, String(width), String(height)]
      .map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n") + "\n"
  }

  init(number: Int, title: String, key: String, meter: String, width: Int, height: Int) {
    (self.number, self.title, self.key, self.meter, self.width, self.height) = (
      number, title, key, meter, width, height
    )
  }

  init?(record: String) {
    let lines = record.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count >= 6, let number = Int(lines[0]), let width = Int(lines[4]), let height = Int(lines[5])
    else { return nil }
    self.init(number: number, title: lines[1], key: lines[2], meter: lines[3], width: width, height: height)
  }

  /// The manifest entry of the file `name` (JSON object text).
  func json(file name: String, source: String) -> String {
    func quoted(_ text: String) -> String {
      var out = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
      }
      return out + "\""
    }
    return "{\"file\": \(quoted(name)), \"number\": \(number), \"title\": \(quoted(title)), "
      + "\"key\": \(quoted(key)), \"meter\": \(quoted(meter)), \"width\": \(width), \"height\": \(height), "
      + "\"source\": \(quoted(source))}"
  }
}
