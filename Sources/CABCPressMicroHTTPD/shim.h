#include <arpa/inet.h>
#include <microhttpd.h>
#include <stdlib.h>
#include <string.h>

/// A request as ABCPress's server sees it: its body gathered whole (up to a limit).
typedef struct {
  const char *method;
  const char *url;
  /// `?token=` and the `X-ABCPress-Token` header (NULL when absent).
  const char *query_token;
  const char *header_token;
  /// `?name=` (a file of a served folder), NULL when absent.
  const char *query_name;
  const char *query_format;
  const unsigned char *body;
  size_t body_length;
  /// The body was larger than the server's limit (and was dropped).
  int body_too_large;
} abcpress_http_request;

/// The handler's answer; `body` and the strings are malloc'd by the handler and freed by the shim.
typedef struct {
  unsigned int status;
  char *content_type;
  char *disposition;
  unsigned char *body;
  size_t body_length;
} abcpress_http_response;

typedef void (*abcpress_http_handler)(
    void *context, const abcpress_http_request *request, abcpress_http_response *response);

typedef struct {
  abcpress_http_handler handler;
  void *context;
  size_t max_body;
} abcpress_http_server;

typedef struct {
  unsigned char *data;
  size_t length;
  size_t capacity;
  int too_large;
} abcpress_http_upload;

static enum MHD_Result abcpress_http_access(
    void *cls, struct MHD_Connection *connection, const char *url, const char *method,
    const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls) {
  (void)version;
  abcpress_http_server *server = cls;
  abcpress_http_upload *upload = *con_cls;
  if (upload == NULL) {
    upload = calloc(1, sizeof *upload);
    if (upload == NULL) return MHD_NO;
    *con_cls = upload;
    return MHD_YES;
  }
  if (*upload_data_size > 0) {
    if (!upload->too_large) {
      if (upload->length + *upload_data_size > server->max_body) {
        upload->too_large = 1;
        free(upload->data);
        upload->data = NULL;
        upload->length = upload->capacity = 0;
      } else {
        if (upload->length + *upload_data_size > upload->capacity) {
          size_t capacity = (upload->length + *upload_data_size) * 2;
          unsigned char *grown = realloc(upload->data, capacity);
          if (grown == NULL) return MHD_NO;
          upload->data = grown;
          upload->capacity = capacity;
        }
        memcpy(upload->data + upload->length, upload_data, *upload_data_size);
        upload->length += *upload_data_size;
      }
    }
    *upload_data_size = 0;
    return MHD_YES;
  }
  abcpress_http_request request = {
      method, url,
      MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "token"),
      MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "X-ABCPress-Token"),
      MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "name"),
      MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "format"),
      upload->data, upload->length, upload->too_large};
  abcpress_http_response response = {500, NULL, NULL, NULL, 0};
  server->handler(server->context, &request, &response);
  struct MHD_Response *reply = MHD_create_response_from_buffer(
      response.body_length, response.body, MHD_RESPMEM_MUST_COPY);
  free(response.body);
  if (reply == NULL) {
    free(response.content_type);
    free(response.disposition);
    return MHD_NO;
  }
  MHD_add_response_header(
      reply, "Content-Type", response.content_type != NULL ? response.content_type : "text/plain; charset=utf-8");
  MHD_add_response_header(reply, "Cache-Control", "no-store");
  MHD_add_response_header(reply, "X-Content-Type-Options", "nosniff");
  MHD_add_response_header(reply, "Referrer-Policy", "no-referrer");
  if (response.disposition != NULL) MHD_add_response_header(reply, "Content-Disposition", response.disposition);
  free(response.content_type);
  free(response.disposition);
  enum MHD_Result result = MHD_queue_response(connection, response.status, reply);
  MHD_destroy_response(reply);
  return result;
}

static void abcpress_http_completed(
    void *cls, struct MHD_Connection *connection, void **con_cls, enum MHD_RequestTerminationCode code) {
  (void)cls;
  (void)connection;
  (void)code;
  abcpress_http_upload *upload = *con_cls;
  if (upload != NULL) {
    free(upload->data);
    free(upload);
    *con_cls = NULL;
  }
}

/// Starts a server on `address` (an IPv4 address) and `port` (0: any free port), a thread
/// per connection, at most `connections` at once, each dropped after `timeout` idle
/// seconds; NULL when it cannot listen. MHD_start_daemon is variadic, which Swift does not import.
static inline struct MHD_Daemon *abcpress_http_start(
    const char *address, unsigned short port, abcpress_http_server *server, unsigned int connections,
    unsigned int timeout) {
  static struct sockaddr_in socket_address;
  memset(&socket_address, 0, sizeof socket_address);
  socket_address.sin_family = AF_INET;
  socket_address.sin_port = htons(port);
  if (inet_pton(AF_INET, address, &socket_address.sin_addr) != 1) return NULL;
  return MHD_start_daemon(
      MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL, port, NULL, NULL,
      abcpress_http_access, server, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&socket_address,
      MHD_OPTION_NOTIFY_COMPLETED, abcpress_http_completed, NULL, MHD_OPTION_CONNECTION_LIMIT, connections,
      MHD_OPTION_CONNECTION_TIMEOUT, timeout, MHD_OPTION_END);
}

/// The port a started server listens on.
static inline unsigned short abcpress_http_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}
