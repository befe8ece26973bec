// libmicrohttpd opened with dlopen when the server starts (see mhd_api.h for why).
#define ABCPRESS_MHD_KEEP_NAMES
#include "mhd_api.h"

#include <pthread.h>

#include "abcpress_dynamic.h"
#include "abcpress_http.h"

struct abcpress_mhd_api abcpress_mhd;

// Debian's libmicrohttpd12, then the development link.
static const char *const library_names[] = {"libmicrohttpd.so.12", "libmicrohttpd.so"};
static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *load_error = "libmicrohttpd was not loaded";
static int loaded = 0;

static void load(void) {
  void *library =
      abcpress_open_library(library_names, sizeof library_names / sizeof library_names[0], &load_error);
  if (!library) return;
  int complete = 1;
#define RESOLVE(field, name) \
  abcpress_mhd.field = (__typeof__(abcpress_mhd.field))abcpress_library_symbol(library, #name, &complete)
  RESOLVE(start_daemon, MHD_start_daemon);
  RESOLVE(stop_daemon, MHD_stop_daemon);
  RESOLVE(get_daemon_info, MHD_get_daemon_info);
  RESOLVE(get_connection_info, MHD_get_connection_info);
  RESOLVE(lookup_connection_value, MHD_lookup_connection_value);
  RESOLVE(create_response_from_buffer, MHD_create_response_from_buffer);
  RESOLVE(create_response_from_fd, MHD_create_response_from_fd);
  RESOLVE(add_response_header, MHD_add_response_header);
  RESOLVE(queue_response, MHD_queue_response);
  RESOLVE(destroy_response, MHD_destroy_response);
#undef RESOLVE
  if (!complete) {
    load_error = "the libmicrohttpd found lacks a function ABCPress uses";
    return;
  }
  loaded = 1;
  load_error = NULL;
}

int abcpress_mhd_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *abcpress_http_load_error(void) {
  pthread_once(&once, load);
  return load_error;
}
