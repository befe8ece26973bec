// libmicrohttpd opened with dlopen when the server starts (see mhd_api.h for why).
#include <dlfcn.h>
#include <microhttpd.h>
#include <pthread.h>

#include "abcpress_http.h"

// The struct and loader of mhd_api.h, declared here without its renaming macros (which
// would rename the declarations this file takes the types from).
struct abcpress_mhd_api {
  __typeof__(&MHD_start_daemon) start_daemon;
  __typeof__(&MHD_stop_daemon) stop_daemon;
  __typeof__(&MHD_get_daemon_info) get_daemon_info;
  __typeof__(&MHD_get_connection_info) get_connection_info;
  __typeof__(&MHD_lookup_connection_value) lookup_connection_value;
  __typeof__(&MHD_create_response_from_buffer) create_response_from_buffer;
  __typeof__(&MHD_create_response_from_fd) create_response_from_fd;
  __typeof__(&MHD_add_response_header) add_response_header;
  __typeof__(&MHD_queue_response) queue_response;
  __typeof__(&MHD_destroy_response) destroy_response;
};

struct abcpress_mhd_api abcpress_mhd;
int abcpress_mhd_load(void);

// Debian's libmicrohttpd12, then the development link.
static const char *const library_names[] = {"libmicrohttpd.so.12", "libmicrohttpd.so"};
static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *load_error = "libmicrohttpd was not loaded";
static int loaded = 0;

static void load(void) {
  void *library = NULL;
  for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && !library; i++) {
    library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
  }
  if (!library) {
    const char *reason = dlerror();
    load_error = reason ? reason : "libmicrohttpd.so.12 cannot be opened";
    return;
  }
  int complete = 1;
#define RESOLVE(field, name)                                                      \
  abcpress_mhd.field = (__typeof__(abcpress_mhd.field))dlsym(library, #name); \
  complete = complete && abcpress_mhd.field != NULL
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
