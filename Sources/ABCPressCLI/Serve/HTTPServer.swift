import CABCPressMicroHTTPD
import Foundation

/// An HTTP request of the editor's server, its body read whole.
struct HTTPRequest {
  var method: String
  var path: String
  var token: String?
  var name: String?
  var format: String?
  var body: [UInt8]
  var bodyTooLarge: Bool
}

/// An HTTP response.
struct HTTPResponse {
  var status: UInt32
  var contentType: String
  var body: [UInt8]
  /// `attachment; filename="…"` for downloads.
  var disposition: String?

  init(status: UInt32 = 200, contentType: String, body: [UInt8], disposition: String? = nil) {
    self.status = status
    self.contentType = contentType
    self.body = body
    self.disposition = disposition
  }

  static func text(_ status: UInt32, _ message: String) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
  }

  static func json(_ object: Any, status: UInt32 = 200) -> HTTPResponse {
    // (Keys unsorted: sorting compares them through ICU, a tenth of a large answer's time.)
    let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)
    return HTTPResponse(status: status, contentType: "application/json", body: [UInt8](data))
  }
}

/// libmicrohttpd serving on one address, a thread per connection (so a client that hangs
/// holds only its own thread until the idle timeout drops it), with a limit on connections
/// and on request bodies; every request goes to `handle`.
final class HTTPServer: @unchecked Sendable {
  private let handler: (HTTPRequest) -> HTTPResponse
  private var server = abcpress_http_server()
  private var daemon: OpaquePointer?
  private var retained: Unmanaged<HTTPServer>?

  /// The largest request body accepted (a big tune book).
  static let maxBody = 16 << 20

  init(handler: @escaping (HTTPRequest) -> HTTPResponse) {
    self.handler = handler
  }

  deinit { stop() }

  /// Listens on `address:port` (port 0: any free one); the port, or nil when it cannot.
  func start(address: String, port: UInt16, connections: UInt32 = 64, timeout: UInt32 = 30) -> UInt16? {
    let context = Unmanaged.passRetained(self)
    retained = context
    server.context = context.toOpaque()
    server.max_body = Self.maxBody
    server.handler = { context, request, response in
      guard let context, let request, let response else { return }
      let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
      server.respond(request.pointee, into: response)
    }
    daemon = withUnsafeMutablePointer(to: &server) { pointer in
      abcpress_http_start(address, port, pointer, connections, timeout)
    }
    guard let daemon else {
      stop()
      return nil
    }
    return abcpress_http_port(daemon)
  }

  /// Stops listening and waits for the connection threads.
  func stop() {
    if let daemon { MHD_stop_daemon(daemon) }
    daemon = nil
    retained?.release()
    retained = nil
  }

  private func respond(
    _ raw: abcpress_http_request, into response: UnsafeMutablePointer<abcpress_http_response>
  ) {
    func string(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
    let body = raw.body.map { Array(UnsafeBufferPointer(start: $0, count: raw.body_length)) } ?? []
    let request = HTTPRequest(
      method: string(raw.method) ?? "GET", path: string(raw.url) ?? "/",
      token: string(raw.header_token) ?? string(raw.query_token), name: string(raw.query_name),
      format: string(raw.query_format), body: body, bodyTooLarge: raw.body_too_large != 0)
    let answer = handler(request)
    let bytes = malloc(max(1, answer.body.count))?.assumingMemoryBound(to: UInt8.self)
    if let bytes, !answer.body.isEmpty {
      answer.body.withUnsafeBufferPointer { bytes.update(from: $0.baseAddress!, count: $0.count) }
    }
    response.pointee.status = answer.status
    response.pointee.body = bytes
    response.pointee.body_length = bytes == nil ? 0 : answer.body.count
    response.pointee.content_type = strdup(answer.contentType)
    response.pointee.disposition = answer.disposition.flatMap { strdup($0) }
  }
}
