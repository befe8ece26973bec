import Foundation
import Render
import Testing

/// Output format detection and per-page file naming.
@Suite struct OutputFormatTests {
  @Test func formatFromExtension() {
    #expect(OutputFormat(pathExtension: "pdf") == .pdf)
    #expect(OutputFormat(pathExtension: "PNG") == .png)
    #expect(OutputFormat(pathExtension: "svg") == .svg)
    #expect(OutputFormat(pathExtension: "jpg") == nil)
  }

  @Test func pageFileNames() {
    let url = URL(fileURLWithPath: "/tmp/out/tune.png")
    #expect(OutputFormat.pageURLs(for: url, pageCount: 1) == [url])
    #expect(
      OutputFormat.pageURLs(for: url, pageCount: 3).map(\.path) == [
        "/tmp/out/tune-1.png", "/tmp/out/tune-2.png", "/tmp/out/tune-3.png",
      ])
  }
}
