// GNU readline for Swift. Swift 6 cannot touch readline's mutable C globals directly (they are
// not concurrency-safe), so each one used is reached through a small static inline function.
#ifndef POWERQUOTES_CREADLINE_SHIM_H
#define POWERQUOTES_CREADLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <readline/readline.h>
#include <readline/history.h>

typedef char *(*pq_completion_generator)(const char *text, int state);
typedef char **(*pq_attempted_completion)(const char *text, int start, int end);
typedef void (*pq_line_handler)(char *line);

static inline void pq_rl_set_readline_name(const char *name) { rl_readline_name = name; }
static inline void pq_rl_set_catch_signals(int value) { rl_catch_signals = value; }
static inline void pq_rl_set_attempted_completion(pq_attempted_completion function) {
  rl_attempted_completion_function = function;
}
static inline void pq_rl_set_attempted_completion_over(int value) {
  rl_attempted_completion_over = value;
}
static inline void pq_rl_set_completer_quote_characters(const char *characters) {
  rl_completer_quote_characters = characters;
}
static inline const char *pq_rl_line_buffer(void) { return rl_line_buffer; }
static inline char **pq_rl_completion_matches(const char *text, pq_completion_generator gen) {
  return rl_completion_matches(text, gen);
}
static inline void pq_rl_callback_install(const char *prompt, pq_line_handler handler) {
  rl_callback_handler_install(prompt, handler);
}
static inline int pq_history_length(void) { return history_length; }
static inline int pq_history_base(void) { return history_base; }

#endif
