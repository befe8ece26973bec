// libdeflate: whole-buffer DEFLATE for PDF streams (zlib stays for PNG rows, which are
// compressed as they are made).
#include <libdeflate.h>
