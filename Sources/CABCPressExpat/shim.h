// Debian's libexpat is built with DTD support (its expat_config.h defines XML_DTD); the
// billion-laughs protection it brings is declared only under this macro.
#ifndef XML_DTD
#define XML_DTD 1
#endif
#include <expat.h>
