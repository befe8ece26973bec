// Shared libraries opened when first needed (see abcpress_dynamic.h).
#include "abcpress_dynamic.h"

#include <dlfcn.h>

void *abcpress_open_library(const char *const *names, size_t count, const char **error) {
  void *library = NULL;
  for (size_t i = 0; i < count && library == NULL; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    *error = reason != NULL ? reason : "the library cannot be opened";
  }
  return library;
}

void *abcpress_library_symbol(void *library, const char *symbol, int *complete) {
  void *address = dlsym(library, symbol);
  if (address == NULL) *complete = 0;
  return address;
}
