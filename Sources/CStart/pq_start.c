#include "pq_start.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pq_http.h"
// Random's names, generated from its declarations (see the header).
#include "random_names.h"

static int index_of(const char *word, const char *const *names, size_t count) {
  for (size_t i = 0; i < count; i++)
    if (strcmp(word, names[i]) == 0) return (int)i;
  return -1;
}

// A service's name as `SourceChoice` spells it: 0 offline, 1 dummyjson, 2 zenquotes, -1 other.
static int service(const char *name, size_t length, bool any_case) {
  static const char *const names[] = {"offline", "dummyjson", "zenquotes"};
  for (int i = 0; i < 3; i++) {
    if (strlen(names[i]) != length) continue;
    if (any_case ? strncasecmp(name, names[i], length) == 0 : strncmp(name, names[i], length) == 0)
      return i;
  }
  return -1;
}

// `Int(argument:)` of digits, with one `+` at most before them.
static bool is_id(const char *value) {
  if (*value == '+') value++;
  if (*value < '0' || *value > '9') return false;
  for (; *value; value++)
    if (*value < '0' || *value > '9') return false;
  return true;
}

int pq_random_line_asks_server(int count, const char *const *words, const char *source) {
  if (count < 1 || strcmp(words[0], "random") != 0) return 0;
  bool flags[pq_random_flag_count] = {false};
  const char *values[pq_random_option_count] = {NULL};
  for (int i = 1; i < count; i++) {
    int flag = index_of(words[i], pq_random_flag_names, pq_random_flag_count);
    if (flag >= 0) {
      if (flags[flag]) return 0;
      flags[flag] = true;
      continue;
    }
    int option = index_of(words[i], pq_random_option_names, pq_random_option_count);
    if (option < 0 || values[option] != NULL || i + 1 == count) return 0;
    const char *value = words[++i];
    if (value[0] == '\0' || value[0] == '-') return 0;
    values[option] = value;
  }
  if (flags[pq_random_flag_favorites]) return 0;
  const char *id = values[pq_random_option_id];
  if (id != NULL) return is_id(id);
  if (flags[pq_random_flag_offline]) return 0;
  const char *source_option = values[pq_random_option_source];
  int chosen;
  if (source_option != NULL) {
    chosen = service(source_option, strlen(source_option), false);
  } else {
    // `SourceChoice.resolveDefault`: trimmed, any case; unset or blank is DummyJSON.
    const char *start = source ? source : "";
    const char *end = start + strlen(start);
    while (*start == ' ' || *start == '\t') start++;
    while (end > start && (end[-1] == ' ' || end[-1] == '\t')) end--;
    chosen = end == start ? 1 : service(start, (size_t)(end - start), true);
  }
  if (chosen < 0) return 0;
  return chosen != 0 || flags[pq_random_flag_online];
}

// Loading libcurl is what a `random` that asks a server waits for longest (~4 ms: ~30
// libraries mapped and relocated). Started here, on a thread of its own, it begins right after
// the dynamic loader's work, ~0.6-0.9 ms earlier than Swift's main could start it, while the
// Swift runtime, Foundation and the command get ready on the main thread. glibc passes the
// program's arguments and environment to an executable's constructors.
__attribute__((constructor)) static void preload_for_command_line(int argc, char **argv,
                                                                   char **envp) {
  (void)envp;
  if (argc < 2 || argv == NULL) return;
  if (pq_random_line_asks_server(argc - 1, (const char *const *)argv + 1,
                                 getenv("POWERQUOTES_SOURCE")))
    pq_http_preload();
}
