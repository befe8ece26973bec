#ifndef ABCPRESS_HTTP_H
#define ABCPRESS_HTTP_H

#include <stddef.h>

/// A request as ABCPress's server sees it once its headers have passed the checks (the
/// Host header, the session token for /api/, the body's announced size): its body
/// gathered whole, up to the server's limit.
typedef struct {
  const char *method;
  const char *url;
  /// `?name=` (a file of a served folder) and `?format=`, NULL when absent.
  const char *query_name;
  const char *query_format;
  const unsigned char *body;
  size_t body_length;
} abcpress_http_request;

/// The handler's answer. `body` is malloc'd by the handler and freed by the server; or,
/// with `file_descriptor` >= 0, the body is that open file's first `file_size` bytes,
/// streamed and closed by the server. The strings are malloc'd and freed by the server.
typedef struct {
  unsigned int status;
  char *content_type;
  char *disposition;
  unsigned char *body;
  size_t body_length;
  int file_descriptor;
  size_t file_size;
} abcpress_http_response;

typedef void (*abcpress_http_handler)(
    void *context, const abcpress_http_request *request, abcpress_http_response *response);

/// How the server guards itself.
typedef struct {
  /// The most connections at once, and the most still sending their headers (or idle
  /// between requests): beyond it the oldest of those are dropped.
  unsigned int connections;
  unsigned int pending;
  /// Seconds a connection may take to send a request's headers (from its start, or the
  /// end of its previous request), and seconds of silence after which any is dropped.
  double header_deadline;
  unsigned int idle_timeout;
  /// The largest request body.
  size_t max_body;
  /// Connections per client address (0: no limit; loopback clients all share one).
  unsigned int per_address;
} abcpress_http_limits;

typedef struct abcpress_http_server abcpress_http_server;

/// Starts a server on `address` (IPv4) and `port` (0: any free port), a thread per
/// connection; every request for /api/ must carry `token` (header `X-ABCPress-Token` or
/// `?token=`) and every request a Host header naming this machine by address or as
/// localhost; both are checked before any body is read. NULL when it cannot listen (or
/// libmicrohttpd cannot be loaded: `abcpress_http_load_error`).
abcpress_http_server *abcpress_http_start(
    const char *address, unsigned short port, const char *token, abcpress_http_limits limits,
    abcpress_http_handler handler, void *context);

/// The port the server listens on.
unsigned short abcpress_http_port(const abcpress_http_server *server);

/// Connections dropped so far for taking too long over their headers or for crowding.
unsigned long abcpress_http_dropped(abcpress_http_server *server);

/// Whether a Host header names this server: an IPv4 or IPv6 address, or localhost, with
/// `port` (or no port, for 80).
int abcpress_http_host_is_ours(const char *host, unsigned short port);

/// Stops listening, waits for the connection threads, frees the server.
void abcpress_http_stop(abcpress_http_server *server);

/// NULL when libmicrohttpd could be loaded (it is opened when the first server starts),
/// else why not.
const char *abcpress_http_load_error(void);

#endif
