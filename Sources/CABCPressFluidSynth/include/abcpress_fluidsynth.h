#ifndef ABCPRESS_FLUIDSYNTH_H
#define ABCPRESS_FLUIDSYNTH_H

/*
 FluidSynth, loaded when first used. Only `abcpress audio` and the editor's sampled sound
 need it, and linking it would load about sixty libraries (its audio drivers: PulseAudio,
 JACK, SDL, X11 …) at the start of every run: most of a one-tune run's instructions. So
 the library is opened with dlopen on the first call here, and each function below calls
 FluidSynth's of the same name without the `abcpress_` prefix; the types and constants are
 FluidSynth's own (its header). Without the library, `abcpress_fluidsynth_error` says why
 and every function fails as FluidSynth's do (NULL, FLUID_FAILED).
 */

#include <fluidsynth.h>
#include <stddef.h>

/// NULL when FluidSynth could be loaded, else why not (the loader's words).
const char *abcpress_fluidsynth_error(void);

fluid_log_function_t abcpress_fluid_set_log_function(int level, fluid_log_function_t fun, void *data);
fluid_settings_t *abcpress_new_fluid_settings(void);
void abcpress_delete_fluid_settings(fluid_settings_t *settings);
int abcpress_fluid_settings_setstr(fluid_settings_t *settings, const char *name, const char *str);
int abcpress_fluid_settings_setint(fluid_settings_t *settings, const char *name, int val);
int abcpress_fluid_settings_setnum(fluid_settings_t *settings, const char *name, double val);
int abcpress_fluid_settings_getint(fluid_settings_t *settings, const char *name, int *val);
fluid_synth_t *abcpress_new_fluid_synth(fluid_settings_t *settings);
void abcpress_delete_fluid_synth(fluid_synth_t *synth);
int abcpress_fluid_synth_sfload(fluid_synth_t *synth, const char *filename, int reset_presets);
fluid_player_t *abcpress_new_fluid_player(fluid_synth_t *synth);
void abcpress_delete_fluid_player(fluid_player_t *player);
int abcpress_fluid_player_add_mem(fluid_player_t *player, const void *buffer, size_t len);
int abcpress_fluid_player_play(fluid_player_t *player);
int abcpress_fluid_player_stop(fluid_player_t *player);
int abcpress_fluid_player_get_status(fluid_player_t *player);
int abcpress_fluid_player_get_total_ticks(fluid_player_t *player);
int abcpress_fluid_player_get_current_tick(fluid_player_t *player);
fluid_file_renderer_t *abcpress_new_fluid_file_renderer(fluid_synth_t *synth);
void abcpress_delete_fluid_file_renderer(fluid_file_renderer_t *renderer);
int abcpress_fluid_file_renderer_process_block(fluid_file_renderer_t *renderer);

#endif
