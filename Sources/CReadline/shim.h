// GNU readline for Swift, loaded with dlopen when the shell first needs it, so that a start that
// runs one command never maps libreadline and libtinfo (the loader's work for them was ~0.25 ms
// of every start). Only readline's types come from its headers: each function is reached
// through dlsym, and each mutable C global (which Swift 6 cannot touch directly, as they are
// not concurrency-safe) through a small static inline function.
#ifndef POWERQUOTES_CREADLINE_SHIM_H
#define POWERQUOTES_CREADLINE_SHIM_H

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <readline/readline.h>
#include <readline/history.h>

typedef char *(*pq_completion_generator)(const char *text, int state);
typedef char **(*pq_attempted_completion)(const char *text, int start, int end);
typedef void (*pq_line_handler)(char *line);

/// readline's library, loaded on the first call; NULL when it cannot be.
static inline void *pq_rl_library(void) {
  static void *library;
  if (!library) library = dlopen("libreadline.so.8", RTLD_NOW | RTLD_GLOBAL);
  return library;
}

/// Whether readline can be used: its library loads.
static inline int pq_rl_available(void) { return pq_rl_library() != NULL; }

/// The address of readline's `name`, once pq_rl_available() said yes.
static inline void *pq_rl_symbol(const char *name) { return dlsym(pq_rl_library(), name); }

#define PQ_RL_CALL(name, ...) ((__typeof__(&name))pq_rl_symbol(#name))(__VA_ARGS__)
#define PQ_RL_VARIABLE(type, name) (*(type *)pq_rl_symbol(#name))

static inline void pq_rl_set_readline_name(const char *name) {
  PQ_RL_VARIABLE(const char *, rl_readline_name) = name;
}
static inline void pq_rl_set_catch_signals(int value) {
  PQ_RL_VARIABLE(int, rl_catch_signals) = value;
}
static inline void pq_rl_set_attempted_completion(pq_attempted_completion function) {
  PQ_RL_VARIABLE(rl_completion_func_t *, rl_attempted_completion_function) = function;
}
static inline void pq_rl_set_attempted_completion_over(int value) {
  PQ_RL_VARIABLE(int, rl_attempted_completion_over) = value;
}
static inline void pq_rl_set_completer_quote_characters(const char *characters) {
  PQ_RL_VARIABLE(const char *, rl_completer_quote_characters) = characters;
}
static inline int pq_rl_completion_quote_character(void) {
  return PQ_RL_VARIABLE(int, rl_completion_quote_character);
}
static inline void pq_rl_set_completion_suppress_quote(int value) {
  PQ_RL_VARIABLE(int, rl_completion_suppress_quote) = value;
}
typedef void (*pq_display_matches)(char **matches, int count, int max_length);
static inline void pq_rl_set_completion_display_matches_hook(pq_display_matches hook) {
  PQ_RL_VARIABLE(rl_compdisp_func_t *, rl_completion_display_matches_hook) = hook;
}
static inline void pq_rl_display_match_list(char **matches, int count, int max_length) {
  PQ_RL_CALL(rl_display_match_list, matches, count, max_length);
}
static inline void pq_rl_forced_update_display(void) { PQ_RL_CALL(rl_forced_update_display); }
static inline const char *pq_rl_line_buffer(void) { return PQ_RL_VARIABLE(char *, rl_line_buffer); }
static inline char **pq_rl_completion_matches(const char *text, pq_completion_generator gen) {
  return PQ_RL_CALL(rl_completion_matches, text, gen);
}
static inline void pq_rl_callback_install(const char *prompt, pq_line_handler handler) {
  PQ_RL_CALL(rl_callback_handler_install, prompt, handler);
}
static inline void pq_rl_callback_remove(void) { PQ_RL_CALL(rl_callback_handler_remove); }
static inline void pq_rl_callback_read_char(void) { PQ_RL_CALL(rl_callback_read_char); }
static inline void pq_rl_callback_sigcleanup(void) { PQ_RL_CALL(rl_callback_sigcleanup); }
static inline void pq_rl_free_line_state(void) { PQ_RL_CALL(rl_free_line_state); }
static inline void pq_rl_replace_line(const char *text, int clear_undo) {
  PQ_RL_CALL(rl_replace_line, text, clear_undo);
}
static inline int pq_history_length(void) { return PQ_RL_VARIABLE(int, history_length); }
static inline int pq_history_base(void) { return PQ_RL_VARIABLE(int, history_base); }
static inline void pq_stifle_history(int max) { PQ_RL_CALL(stifle_history, max); }
static inline int pq_read_history(const char *path) { return PQ_RL_CALL(read_history, path); }
static inline int pq_write_history(const char *path) { return PQ_RL_CALL(write_history, path); }
static inline int pq_history_truncate_file(const char *path, int lines) {
  return PQ_RL_CALL(history_truncate_file, path, lines);
}
static inline HIST_ENTRY *pq_history_get(int offset) { return PQ_RL_CALL(history_get, offset); }
static inline void pq_add_history(const char *line) { PQ_RL_CALL(add_history, line); }

#endif
