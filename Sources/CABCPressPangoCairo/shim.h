#include <pango/pangocairo.h>
#include <pango/pangofc-font.h>
