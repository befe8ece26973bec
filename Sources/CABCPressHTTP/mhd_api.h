#ifndef ABCPRESS_MHD_API_H
#define ABCPRESS_MHD_API_H

/*
 libmicrohttpd, loaded when the server starts. Only `abcpress serve` needs it, and linking
 it would load GnuTLS and its ten libraries at the start of every run. http.c calls the
 MHD_ functions by their names; the names below make those calls go through the addresses
 `abcpress_mhd_load` found with dlopen and dlsym. The types are libmicrohttpd's own.
 */

#include <microhttpd.h>

/// The functions http.c uses, as found in the library.
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

extern struct abcpress_mhd_api abcpress_mhd;

/// Opens the library once; 1 when every function was found.
int abcpress_mhd_load(void);

// mhd_api.c, which takes the types from libmicrohttpd's own declarations, keeps the names.
#ifndef ABCPRESS_MHD_KEEP_NAMES
#define MHD_start_daemon (abcpress_mhd.start_daemon)
#define MHD_stop_daemon (abcpress_mhd.stop_daemon)
#define MHD_get_daemon_info (abcpress_mhd.get_daemon_info)
#define MHD_get_connection_info (abcpress_mhd.get_connection_info)
#define MHD_lookup_connection_value (abcpress_mhd.lookup_connection_value)
#define MHD_create_response_from_buffer (abcpress_mhd.create_response_from_buffer)
#define MHD_create_response_from_fd (abcpress_mhd.create_response_from_fd)
#define MHD_add_response_header (abcpress_mhd.add_response_header)
#define MHD_queue_response (abcpress_mhd.queue_response)
#define MHD_destroy_response (abcpress_mhd.destroy_response)
#endif

#endif
