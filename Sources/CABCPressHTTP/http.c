/*
 The HTTP layer of `abcpress serve`: libmicrohttpd with the checks a local editor needs
 against other programs on the machine and pages in the browser.

 Method. libmicrohttpd runs a thread per connection. Each connection is tracked from the
 moment it is accepted (MHD_OPTION_NOTIFY_CONNECTION) in a list with a duplicate of its
 socket: while it has not sent a request's headers (just connected, or idle between
 requests) it is "pending", and a watchdog thread shuts down, through the duplicate, any
 connection pending for longer than the header deadline, and the oldest pending ones
 whenever more than `pending` are waiting, sparing those connected in the last half
 second — so connections that trickle their headers a byte at a time cannot fill the
 server, a client that sends its headers at once is never among the oldest, and a burst
 of 40 requests from one page is not cut short. Shutting down a duplicate ends the connection's thread as a
 closed peer would (the duplicate keeps the descriptor number from being reused).
 Once the headers are in, before any body is read: the Host header must name this machine
 by an IP address or as localhost, with the served port (a page on another site that a
 DNS trick points at 127.0.0.1 names its own host); /api/ requests must carry the session
 token; a body announced larger than the limit is refused. Only then is the body read.

     POST /api/save (Host: evil.example)   → 421 before the body
     32 connections trickling headers      → the oldest dropped; others answered at once

 Known limits. Clients on loopback share one address, so the per-address limit applies only
 to servers listening on another address; the pending list is a linked list (it holds at
 most `connections` entries).
 */
#include "abcpress_http.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <malloc.h>
#include "mhd_api.h"
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct tracked_connection {
  struct tracked_connection *previous, *next;
  int socket;
  double since;
  int pending;
} tracked_connection;

struct abcpress_http_server {
  struct MHD_Daemon *daemon;
  abcpress_http_handler handler;
  void *context;
  char *token;
  abcpress_http_limits limits;
  unsigned short port;
  struct sockaddr_in address;
  pthread_mutex_t lock;
  pthread_cond_t wake;
  tracked_connection *first;
  unsigned int pending_count;
  unsigned long dropped;
  pthread_t watchdog;
  int watching;
  int stopping;
};

typedef struct {
  unsigned char *data;
  size_t length;
  size_t capacity;
  int too_large;
} upload;

/// Marks a request answered before its body was read.
static char answered_early;

static double now(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

/// Drops a pending connection (the lock is held).
static void drop(abcpress_http_server *server, tracked_connection *connection) {
  if (connection->pending) {
    connection->pending = 0;
    server->pending_count--;
  }
  shutdown(connection->socket, SHUT_RDWR);
  server->dropped++;
}

/// A connection this new is never dropped for the count: a page that opens many at once
/// (a burst of renders) sends every header within it.
#define PENDING_GRACE 0.5

/// Drops the oldest pending connections while more than the limit wait, sparing those
/// younger than the grace (the watchdog comes back for them); the lock is held.
static void enforce_pending_limit(abcpress_http_server *server) {
  double time = now();
  while (server->pending_count > server->limits.pending) {
    tracked_connection *oldest = NULL;
    for (tracked_connection *c = server->first; c != NULL; c = c->next) {
      if (c->pending && time - c->since >= PENDING_GRACE && (oldest == NULL || c->since < oldest->since)) {
        oldest = c;
      }
    }
    if (oldest == NULL) return;
    drop(server, oldest);
  }
}

static void *watch(void *argument) {
  abcpress_http_server *server = argument;
  pthread_mutex_lock(&server->lock);
  while (!server->stopping) {
    double time = now();
    for (tracked_connection *c = server->first; c != NULL; c = c->next) {
      if (c->pending && time - c->since > server->limits.header_deadline) drop(server, c);
    }
    enforce_pending_limit(server);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 200 * 1000 * 1000;
    if (until.tv_nsec >= 1000 * 1000 * 1000) {
      until.tv_sec += 1;
      until.tv_nsec -= 1000 * 1000 * 1000;
    }
    pthread_cond_timedwait(&server->wake, &server->lock, &until);
  }
  pthread_mutex_unlock(&server->lock);
  return NULL;
}

static void notify_connection(
    void *cls, struct MHD_Connection *connection, void **socket_context, enum MHD_ConnectionNotificationCode code) {
  abcpress_http_server *server = cls;
  if (code == MHD_CONNECTION_NOTIFY_STARTED) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    tracked_connection *tracked = calloc(1, sizeof *tracked);
    if (tracked == NULL || info == NULL) {
      free(tracked);
      *socket_context = NULL;
      return;
    }
    tracked->socket = fcntl(info->connect_fd, F_DUPFD_CLOEXEC, 0);
    tracked->since = now();
    tracked->pending = 1;
    pthread_mutex_lock(&server->lock);
    tracked->next = server->first;
    if (server->first != NULL) server->first->previous = tracked;
    server->first = tracked;
    server->pending_count++;
    enforce_pending_limit(server);
    pthread_mutex_unlock(&server->lock);
    *socket_context = tracked;
  } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
    tracked_connection *tracked = *socket_context;
    if (tracked == NULL) return;
    pthread_mutex_lock(&server->lock);
    if (tracked->previous != NULL) tracked->previous->next = tracked->next;
    else server->first = tracked->next;
    if (tracked->next != NULL) tracked->next->previous = tracked->previous;
    if (tracked->pending) server->pending_count--;
    pthread_mutex_unlock(&server->lock);
    if (tracked->socket >= 0) close(tracked->socket);
    free(tracked);
    *socket_context = NULL;
  }
}

/// The connection's tracking entry.
static tracked_connection *tracked_of(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info == NULL ? NULL : info->socket_context;
}

static void set_pending(abcpress_http_server *server, struct MHD_Connection *connection, int pending) {
  tracked_connection *tracked = tracked_of(connection);
  if (tracked == NULL) return;
  pthread_mutex_lock(&server->lock);
  if (pending && !tracked->pending) {
    tracked->pending = 1;
    tracked->since = now();
    server->pending_count++;
    enforce_pending_limit(server);
  } else if (!pending && tracked->pending) {
    tracked->pending = 0;
    server->pending_count--;
  }
  pthread_mutex_unlock(&server->lock);
}

/// Whether a Host header names this server: an IPv4 or IPv6 address or localhost, with
/// the served port (or none, for port 80).
int abcpress_http_host_is_ours(const char *host, unsigned short port) {
  char name[64];
  const char *rest;
  int family;
  if (host[0] == '[') {
    const char *end = strchr(host, ']');
    if (end == NULL || (size_t)(end - host - 1) >= sizeof name) return 0;
    memcpy(name, host + 1, (size_t)(end - host - 1));
    name[end - host - 1] = 0;
    rest = end + 1;
    family = AF_INET6;
  } else {
    const char *colon = strchr(host, ':');
    size_t length = colon != NULL ? (size_t)(colon - host) : strlen(host);
    if (length >= sizeof name) return 0;
    memcpy(name, host, length);
    name[length] = 0;
    rest = host + length;
    family = AF_INET;
  }
  unsigned long wanted = 80;
  if (*rest == ':') {
    char *end;
    wanted = strtoul(rest + 1, &end, 10);
    if (end == rest + 1 || *end != 0) return 0;
  } else if (*rest != 0) {
    return 0;
  }
  if (wanted != port) return 0;
  unsigned char address[16];
  if (inet_pton(family, name, address) == 1) return 1;
  return family == AF_INET && strcasecmp(name, "localhost") == 0;
}

/// Compares the token in constant time.
static int token_matches(const char *given, const char *token) {
  if (given == NULL) return 0;
  size_t length = strlen(token);
  if (strlen(given) != length) return 0;
  unsigned char difference = 0;
  for (size_t i = 0; i < length; i++) difference |= (unsigned char)given[i] ^ (unsigned char)token[i];
  return difference == 0;
}

static enum MHD_Result answer_text(struct MHD_Connection *connection, unsigned int status, const char *text) {
  struct MHD_Response *reply = MHD_create_response_from_buffer(strlen(text), (void *)text, MHD_RESPMEM_PERSISTENT);
  if (reply == NULL) return MHD_NO;
  MHD_add_response_header(reply, "Content-Type", "text/plain; charset=utf-8");
  MHD_add_response_header(reply, "Cache-Control", "no-store");
  MHD_add_response_header(reply, "Connection", "close");
  enum MHD_Result result = MHD_queue_response(connection, status, reply);
  MHD_destroy_response(reply);
  return result;
}

/// The checks made on a request's headers before its body is read; a refusal is queued.
static enum MHD_Result check_headers(
    abcpress_http_server *server, struct MHD_Connection *connection, const char *url, int *refused) {
  *refused = 1;
  const char *host = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Host");
  if (host != NULL && !abcpress_http_host_is_ours(host, server->port)) {
    return answer_text(
        connection, MHD_HTTP_MISDIRECTED_REQUEST, "the Host header names another server than this editor\n");
  }
  if (strncmp(url, "/api/", 5) == 0) {
    const char *token = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "X-ABCPress-Token");
    if (token == NULL) token = MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "token");
    if (!token_matches(token, server->token)) {
      return answer_text(connection, MHD_HTTP_FORBIDDEN, "wrong or missing session token\n");
    }
  }
  const char *length = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Content-Length");
  if (length != NULL && strtoull(length, NULL, 10) > server->limits.max_body) {
    return answer_text(connection, MHD_HTTP_CONTENT_TOO_LARGE, "the request is larger than the server takes\n");
  }
  *refused = 0;
  return MHD_YES;
}

static enum MHD_Result access_handler(
    void *cls, struct MHD_Connection *connection, const char *url, const char *method, const char *version,
    const char *upload_data, size_t *upload_data_size, void **con_cls) {
  (void)version;
  abcpress_http_server *server = cls;
  if (*con_cls == &answered_early) return MHD_NO;
  upload *body = *con_cls;
  if (body == NULL) {
    set_pending(server, connection, 0);
    int refused;
    enum MHD_Result result = check_headers(server, connection, url, &refused);
    if (refused) {
      *con_cls = &answered_early;
      return result;
    }
    body = calloc(1, sizeof *body);
    if (body == NULL) return MHD_NO;
    *con_cls = body;
    return MHD_YES;
  }
  if (*upload_data_size > 0) {
    if (!body->too_large) {
      if (body->length + *upload_data_size > server->limits.max_body) {
        body->too_large = 1;
        free(body->data);
        body->data = NULL;
        body->length = body->capacity = 0;
      } else {
        if (body->length + *upload_data_size > body->capacity) {
          size_t capacity = (body->length + *upload_data_size) * 2;
          if (capacity > server->limits.max_body) capacity = server->limits.max_body;
          unsigned char *grown = realloc(body->data, capacity);
          if (grown == NULL) return MHD_NO;
          body->data = grown;
          body->capacity = capacity;
        }
        memcpy(body->data + body->length, upload_data, *upload_data_size);
        body->length += *upload_data_size;
      }
    }
    *upload_data_size = 0;
    return MHD_YES;
  }
  if (body->too_large) {
    return answer_text(connection, MHD_HTTP_CONTENT_TOO_LARGE, "the request is larger than the server takes\n");
  }
  abcpress_http_request request = {
      method, url,
      MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "name"),
      MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "format"),
      body->data, body->length};
  abcpress_http_response response = {500, NULL, NULL, NULL, 0, -1, 0};
  server->handler(server->context, &request, &response);
  struct MHD_Response *reply;
  if (response.file_descriptor >= 0) {
    reply = MHD_create_response_from_fd(response.file_size, response.file_descriptor);
    if (reply == NULL) close(response.file_descriptor);
    free(response.body);
  } else if (response.body != NULL) {
    reply = MHD_create_response_from_buffer(response.body_length, response.body, MHD_RESPMEM_MUST_FREE);
    if (reply == NULL) free(response.body);
  } else {
    reply = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
  }
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

static void request_completed(
    void *cls, struct MHD_Connection *connection, void **con_cls, enum MHD_RequestTerminationCode code) {
  (void)code;
  abcpress_http_server *server = cls;
  upload *body = *con_cls;
  if (body != NULL && *con_cls != &answered_early) {
    size_t capacity = body->capacity;
    free(body->data);
    free(body);
    // A large body's pages go back to the system, not only to malloc.
    if (capacity > (1 << 20)) malloc_trim(0);
  }
  *con_cls = NULL;
  // Waiting for the next request: pending again.
  set_pending(server, connection, 1);
}

abcpress_http_server *abcpress_http_start(
    const char *address, unsigned short port, const char *token, abcpress_http_limits limits,
    abcpress_http_handler handler, void *context) {
  if (!abcpress_mhd_load()) return NULL;
  abcpress_http_server *server = calloc(1, sizeof *server);
  if (server == NULL) return NULL;
  server->handler = handler;
  server->context = context;
  server->limits = limits;
  server->token = strdup(token);
  pthread_mutex_init(&server->lock, NULL);
  pthread_cond_init(&server->wake, NULL);
  server->address.sin_family = AF_INET;
  server->address.sin_port = htons(port);
  if (server->token == NULL || inet_pton(AF_INET, address, &server->address.sin_addr) != 1) {
    abcpress_http_stop(server);
    return NULL;
  }
  server->daemon = MHD_start_daemon(
      MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL, port, NULL, NULL,
      access_handler, server, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&server->address,
      MHD_OPTION_NOTIFY_COMPLETED, request_completed, server, MHD_OPTION_NOTIFY_CONNECTION, notify_connection,
      server, MHD_OPTION_CONNECTION_LIMIT, limits.connections, MHD_OPTION_CONNECTION_TIMEOUT,
      limits.idle_timeout, MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.per_address, MHD_OPTION_END);
  if (server->daemon == NULL) {
    abcpress_http_stop(server);
    return NULL;
  }
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
  server->port = info == NULL ? port : info->port;
  server->watching = pthread_create(&server->watchdog, NULL, watch, server) == 0;
  return server;
}

unsigned short abcpress_http_port(const abcpress_http_server *server) { return server->port; }

unsigned long abcpress_http_dropped(abcpress_http_server *server) {
  pthread_mutex_lock(&server->lock);
  unsigned long dropped = server->dropped;
  pthread_mutex_unlock(&server->lock);
  return dropped;
}

void abcpress_http_stop(abcpress_http_server *server) {
  if (server == NULL) return;
  if (server->watching) {
    pthread_mutex_lock(&server->lock);
    server->stopping = 1;
    pthread_cond_signal(&server->wake);
    pthread_mutex_unlock(&server->lock);
    pthread_join(server->watchdog, NULL);
  }
  if (server->daemon != NULL) MHD_stop_daemon(server->daemon);
  pthread_mutex_destroy(&server->lock);
  pthread_cond_destroy(&server->wake);
  free(server->token);
  free(server);
}
