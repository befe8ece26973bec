import Foundation

/// A file format the renderer writes.
public enum OutputFormat: String, Sendable, CaseIterable {
  case pdf, png, svg

  /// The format for a file extension such as `pdf` or `PNG`; nil if unknown.
  public init?(pathExtension: String) {
    self.init(rawValue: pathExtension.lowercased())
  }

  /// Whether every page goes into one file (PDF) or one file per page (PNG, SVG).
  public var isMultiPage: Bool { self == .pdf }

  /// The destination of each of `pageCount` pages written per page to `url`: exactly `url`
  /// for one page, else `stem-1.ext`, `stem-2.ext`, … beside it.
  public static func pageURLs(for url: URL, pageCount: Int) -> [URL] {
    guard pageCount > 1 else { return [url] }
    let ext = url.pathExtension
    let stem = url.deletingPathExtension().lastPathComponent
    let directory = url.deletingLastPathComponent()
    return (1...pageCount).map { number in
      let name = ext.isEmpty ? "\(stem)-\(number)" : "\(stem)-\(number).\(ext)"
      return directory.appendingPathComponent(name)
    }
  }
}
