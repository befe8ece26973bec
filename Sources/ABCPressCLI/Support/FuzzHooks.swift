import CABCPressHTTP
import Foundation
import Render

/// Entry points for the fuzz targets (Sources/ABCPressFuzz): the editor's request handling,
/// the language server's messages and the cache's records, reached without a socket, a
/// terminal or a command line. Nothing else uses them.
public enum FuzzHooks {
  /// An editor service over `folder` and the request it handles.
  public final class EditorSession: @unchecked Sendable {
    private let service: EditorService

    public init(folder: URL, fonts: URL) {
      service = EditorService(folder: folder, file: nil, token: "fuzz", fonts: fonts)
    }

    /// Handles one request; its status and the size of its body.
    public func handle(method: String, path: String, name: String?, format: String?, body: [UInt8]) -> (
      UInt32, Int
    ) {
      let answer = service.handle(
        HTTPRequest(method: method, path: path, name: name, format: format, body: body))
      if let file = answer.file { close(file.descriptor) }
      return (answer.status, answer.body.count)
    }
  }

  /// Whether the HTTP layer takes `host` as naming this server on `port`.
  public static func hostIsOurs(_ host: String, port: UInt16) -> Bool {
    abcpress_http_host_is_ours(host, port) != 0
  }

  /// A language server whose answers go nowhere.
  public final class LanguageSession: @unchecked Sendable {
    private let server: LanguageServer

    public init() {
      let output = open("/dev/null", O_WRONLY | O_CLOEXEC)
      server = LanguageServer(transport: LSPTransport(input: -1, output: output), executable: "/bin/false")
    }

    /// Handles the messages as one batch; whether the session ended.
    public func process(_ messages: [[UInt8]]) -> Bool { server.process(messages) != nil }

    /// Nil when every open document's analysis matches a fresh reading; else how not.
    public func inconsistency() -> String? { server.inconsistency() }
  }

  /// A cache folder, opened once, and the records written to it.
  public final class CacheSession: @unchecked Sendable {
    private let path: String
    private let folder: CacheFolder?

    public init(path: String) {
      self.path = path
      if case .success(let folder) = CacheFolder.open(path) { self.folder = folder } else { folder = nil }
      mkdir(path + "/ab", 0o700)
    }

    /// What the folder makes of a record written there as `bytes` by someone without its
    /// key (nil: refused, as it must be), and of `bytes` it seals itself.
    public func records(_ bytes: [UInt8]) -> (forged: [UInt8]?, sealed: [UInt8]?) {
      guard let folder else { return (nil, nil) }
      let name = "ab0123.layout"
      let descriptor = open(path + "/ab/" + name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
      if descriptor >= 0 {
        bytes.withUnsafeBytes { _ = Descriptor.writeAll(descriptor, $0) }
        close(descriptor)
      }
      let forged = folder.read(name, shard: "ab")
      folder.write(bytes, name: name, shard: "ab")
      return (forged, folder.read(name, shard: "ab"))
    }
  }

  /// The warnings a `.warnings` record holds, read from `bytes` (its lines that read).
  public static func cachedWarnings(_ bytes: [UInt8]) -> [String] {
    TuneCache.warnings(decoding: bytes, firstLine: Int.max >> 8, file: nil).map(\.description)
  }

  /// The facts a thumbnail's `.name` record holds, read from `text` (nil when malformed).
  public static func thumbnailFacts(_ text: String) -> String? {
    ThumbnailFacts(record: text).map(\.record)
  }
}
