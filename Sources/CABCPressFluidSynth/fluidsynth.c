// FluidSynth opened with dlopen on first use (see abcpress_fluidsynth.h for why).
#include "abcpress_fluidsynth.h"

#include <pthread.h>

#include "abcpress_dynamic.h"

// Debian's libfluidsynth3, then the development link.
static const char *const library_names[] = {"libfluidsynth.so.3", "libfluidsynth.so"};

// Each function's address in the library, resolved once, all together.
static struct {
  __typeof__(&fluid_set_log_function) set_log_function;
  __typeof__(&new_fluid_settings) new_settings;
  __typeof__(&delete_fluid_settings) delete_settings;
  __typeof__(&fluid_settings_setstr) settings_setstr;
  __typeof__(&fluid_settings_setint) settings_setint;
  __typeof__(&fluid_settings_setnum) settings_setnum;
  __typeof__(&fluid_settings_getint) settings_getint;
  __typeof__(&new_fluid_synth) new_synth;
  __typeof__(&delete_fluid_synth) delete_synth;
  __typeof__(&fluid_synth_sfload) synth_sfload;
  __typeof__(&new_fluid_player) new_player;
  __typeof__(&delete_fluid_player) delete_player;
  __typeof__(&fluid_player_add_mem) player_add_mem;
  __typeof__(&fluid_player_play) player_play;
  __typeof__(&fluid_player_stop) player_stop;
  __typeof__(&fluid_player_get_status) player_get_status;
  __typeof__(&fluid_player_get_total_ticks) player_get_total_ticks;
  __typeof__(&fluid_player_get_current_tick) player_get_current_tick;
  __typeof__(&new_fluid_file_renderer) new_file_renderer;
  __typeof__(&delete_fluid_file_renderer) delete_file_renderer;
  __typeof__(&fluid_file_renderer_process_block) file_renderer_process_block;
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *load_error = "FluidSynth was not loaded";
static int loaded = 0;

static void load(void) {
  void *library =
      abcpress_open_library(library_names, sizeof library_names / sizeof library_names[0], &load_error);
  if (!library) return;
  int complete = 1;
#define RESOLVE(field, name) api.field = (__typeof__(api.field))abcpress_library_symbol(library, #name, &complete)
  RESOLVE(set_log_function, fluid_set_log_function);
  RESOLVE(new_settings, new_fluid_settings);
  RESOLVE(delete_settings, delete_fluid_settings);
  RESOLVE(settings_setstr, fluid_settings_setstr);
  RESOLVE(settings_setint, fluid_settings_setint);
  RESOLVE(settings_setnum, fluid_settings_setnum);
  RESOLVE(settings_getint, fluid_settings_getint);
  RESOLVE(new_synth, new_fluid_synth);
  RESOLVE(delete_synth, delete_fluid_synth);
  RESOLVE(synth_sfload, fluid_synth_sfload);
  RESOLVE(new_player, new_fluid_player);
  RESOLVE(delete_player, delete_fluid_player);
  RESOLVE(player_add_mem, fluid_player_add_mem);
  RESOLVE(player_play, fluid_player_play);
  RESOLVE(player_stop, fluid_player_stop);
  RESOLVE(player_get_status, fluid_player_get_status);
  RESOLVE(player_get_total_ticks, fluid_player_get_total_ticks);
  RESOLVE(player_get_current_tick, fluid_player_get_current_tick);
  RESOLVE(new_file_renderer, new_fluid_file_renderer);
  RESOLVE(delete_file_renderer, delete_fluid_file_renderer);
  RESOLVE(file_renderer_process_block, fluid_file_renderer_process_block);
#undef RESOLVE
  if (!complete) {
    load_error = "the FluidSynth library found lacks a function ABCPress uses (FluidSynth 2 is needed)";
    return;
  }
  loaded = 1;
  load_error = NULL;
}

static int ready(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *abcpress_fluidsynth_error(void) {
  ready();
  return load_error;
}

fluid_log_function_t abcpress_fluid_set_log_function(int level, fluid_log_function_t fun, void *data) {
  return ready() ? api.set_log_function(level, fun, data) : NULL;
}
fluid_settings_t *abcpress_new_fluid_settings(void) { return ready() ? api.new_settings() : NULL; }
void abcpress_delete_fluid_settings(fluid_settings_t *settings) {
  if (ready()) api.delete_settings(settings);
}
int abcpress_fluid_settings_setstr(fluid_settings_t *settings, const char *name, const char *str) {
  return ready() ? api.settings_setstr(settings, name, str) : FLUID_FAILED;
}
int abcpress_fluid_settings_setint(fluid_settings_t *settings, const char *name, int val) {
  return ready() ? api.settings_setint(settings, name, val) : FLUID_FAILED;
}
int abcpress_fluid_settings_setnum(fluid_settings_t *settings, const char *name, double val) {
  return ready() ? api.settings_setnum(settings, name, val) : FLUID_FAILED;
}
int abcpress_fluid_settings_getint(fluid_settings_t *settings, const char *name, int *val) {
  return ready() ? api.settings_getint(settings, name, val) : FLUID_FAILED;
}
fluid_synth_t *abcpress_new_fluid_synth(fluid_settings_t *settings) {
  return ready() ? api.new_synth(settings) : NULL;
}
void abcpress_delete_fluid_synth(fluid_synth_t *synth) {
  if (ready()) api.delete_synth(synth);
}
int abcpress_fluid_synth_sfload(fluid_synth_t *synth, const char *filename, int reset_presets) {
  return ready() ? api.synth_sfload(synth, filename, reset_presets) : FLUID_FAILED;
}
fluid_player_t *abcpress_new_fluid_player(fluid_synth_t *synth) { return ready() ? api.new_player(synth) : NULL; }
void abcpress_delete_fluid_player(fluid_player_t *player) {
  if (ready()) api.delete_player(player);
}
int abcpress_fluid_player_add_mem(fluid_player_t *player, const void *buffer, size_t len) {
  return ready() ? api.player_add_mem(player, buffer, len) : FLUID_FAILED;
}
int abcpress_fluid_player_play(fluid_player_t *player) { return ready() ? api.player_play(player) : FLUID_FAILED; }
int abcpress_fluid_player_stop(fluid_player_t *player) { return ready() ? api.player_stop(player) : FLUID_FAILED; }
int abcpress_fluid_player_get_status(fluid_player_t *player) {
  return ready() ? api.player_get_status(player) : FLUID_PLAYER_DONE;
}
int abcpress_fluid_player_get_total_ticks(fluid_player_t *player) {
  return ready() ? api.player_get_total_ticks(player) : 0;
}
int abcpress_fluid_player_get_current_tick(fluid_player_t *player) {
  return ready() ? api.player_get_current_tick(player) : 0;
}
fluid_file_renderer_t *abcpress_new_fluid_file_renderer(fluid_synth_t *synth) {
  return ready() ? api.new_file_renderer(synth) : NULL;
}
void abcpress_delete_fluid_file_renderer(fluid_file_renderer_t *renderer) {
  if (ready()) api.delete_file_renderer(renderer);
}
int abcpress_fluid_file_renderer_process_block(fluid_file_renderer_t *renderer) {
  return ready() ? api.file_renderer_process_block(renderer) : FLUID_FAILED;
}
