import CABCPressHTTP
import Foundation

/// An HTTP request of the editor's server that passed the server's checks (Host, token,
/// size), its body read whole.
struct HTTPRequest {
  var method: String
  var path: String
  var name: String?
  var format: String?
  var body: [UInt8]
}

/// An HTTP response.
struct HTTPResponse {
  var status: UInt32
  var contentType: String
  var body: [UInt8]
  /// `attachment; filename="…"` for downloads.
  var disposition: String?
  /// A body streamed from an open file instead (the server closes it).
  var file: (descriptor: Int32, size: Int)?

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
    HTTPResponse(status: status, contentType: "application/json", body: JSONWriter.data(object))
  }
}

/// libmicrohttpd serving on one address, a thread per connection (so a client that hangs
/// holds only its own thread), guarded by the C layer (`CABCPressHTTP`): connections that
/// are slow to send their headers are dropped, and the Host header, the session token and
/// a body's announced size are checked before any body is read; every request that passes
/// goes to `handle`.
final class HTTPServer: @unchecked Sendable {
  private let handler: (HTTPRequest) -> HTTPResponse
  private var server: OpaquePointer?
  private var retained: Unmanaged<HTTPServer>?

  /// The largest request body accepted: the JSON of the largest file the editor opens
  /// (`EditorFile.largest`), escapes and all.
  static let maxBody = 24 << 20

  /// How the server guards itself (see `abcpress_http_limits`).
  static let limits = abcpress_http_limits(
    connections: 256, pending: 32, header_deadline: 5, idle_timeout: 30, max_body: maxBody, per_address: 0)

  init(handler: @escaping (HTTPRequest) -> HTTPResponse) {
    self.handler = handler
  }

  deinit { stop() }

  /// Listens on `address:port` (port 0: any free one) with `token` guarding /api/; the port,
  /// or nil when it cannot.
  func start(address: String, port: UInt16, token: String) -> UInt16? {
    let context = Unmanaged.passRetained(self)
    retained = context
    var limits = Self.limits
    // Clients on loopback share one address: a limit per address would let one lock out
    // the others. On another address, one machine may hold a few connections only.
    if !address.hasPrefix("127.") { limits.per_address = 16 }
    server = abcpress_http_start(
      address, port, token, limits,
      { context, request, response in
        guard let context, let request, let response else { return }
        let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        server.respond(request.pointee, into: response)
      }, context.toOpaque())
    guard let server else {
      stop()
      return nil
    }
    return abcpress_http_port(server)
  }

  /// Connections dropped for being slow with their headers or crowding the others.
  var dropped: UInt { server.map { UInt(abcpress_http_dropped($0)) } ?? 0 }

  /// Stops listening and waits for the connection threads.
  func stop() {
    if let server { abcpress_http_stop(server) }
    server = nil
    retained?.release()
    retained = nil
  }

  private func respond(
    _ raw: abcpress_http_request, into response: UnsafeMutablePointer<abcpress_http_response>
  ) {
    func string(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
    let body = raw.body.map { Array(UnsafeBufferPointer(start: $0, count: raw.body_length)) } ?? []
    let request = HTTPRequest(
      method: string(raw.method) ?? "GET", path: string(raw.url) ?? "/", name: string(raw.query_name),
      format: string(raw.query_format), body: body)
    let answer = handler(request)
    response.pointee.status = answer.status
    response.pointee.content_type = strdup(answer.contentType)
    response.pointee.disposition = answer.disposition.flatMap { strdup($0) }
    if let file = answer.file {
      response.pointee.file_descriptor = file.descriptor
      response.pointee.file_size = file.size
      return
    }
    let bytes = malloc(max(1, answer.body.count))?.assumingMemoryBound(to: UInt8.self)
    if let bytes, !answer.body.isEmpty {
      answer.body.withUnsafeBufferPointer { bytes.update(from: $0.baseAddress!, count: $0.count) }
    }
    response.pointee.body = bytes
    response.pointee.body_length = bytes == nil ? 0 : answer.body.count
  }
}
