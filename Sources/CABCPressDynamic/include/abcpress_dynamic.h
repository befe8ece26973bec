#ifndef ABCPRESS_DYNAMIC_H
#define ABCPRESS_DYNAMIC_H

#include <stddef.h>

/// Opens the first of `names` (shared-library file names, best first) that loads, with
/// dlopen (RTLD_NOW | RTLD_LOCAL); NULL when none does, with `*error` saying why (the
/// loader's words). For libraries only some commands need (FluidSynth, libmicrohttpd).
void *abcpress_open_library(const char *const *names, size_t count, const char **error);

/// The address of `symbol` in `library`; `*complete` is cleared when it is missing.
void *abcpress_library_symbol(void *library, const char *symbol, int *complete);

#endif
