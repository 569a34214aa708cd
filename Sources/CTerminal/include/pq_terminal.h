// The full-screen app's terminal: ncursesw, loaded with dlopen when the app starts, so that no
// other start maps libncursesw and libtinfo. Needs no headers to build (the few curses
// functions and constants used are declared in pq_terminal.c), and libncursesw.so.6 to run.
#ifndef POWERQUOTES_PQ_TERMINAL_H
#define POWERQUOTES_PQ_TERMINAL_H

#include <stdint.h>

/// Keys that are not text, as pq_term_read_key reports them (above any Unicode scalar).
enum {
  PQ_KEY_NONE = -1,
  PQ_KEY_UP = 0x110001,
  PQ_KEY_DOWN,
  PQ_KEY_LEFT,
  PQ_KEY_RIGHT,
  PQ_KEY_PAGE_UP,
  PQ_KEY_PAGE_DOWN,
  PQ_KEY_HOME,
  PQ_KEY_END,
  PQ_KEY_BACKSPACE,
  PQ_KEY_ENTER,
  PQ_KEY_BACK_TAB,
  PQ_KEY_DELETE,
  PQ_KEY_RESIZE,
  PQ_KEY_WHEEL_UP,
  PQ_KEY_WHEEL_DOWN,
  PQ_KEY_SIGNAL,
};

/// Attribute bits of pq_term_put (combined with a colour pair).
enum {
  PQ_ATTR_BOLD = 1,
  PQ_ATTR_REVERSE = 2,
  PQ_ATTR_DIM = 4,
  PQ_ATTR_ITALIC = 8,
  PQ_ATTR_UNDERLINE = 16,
};

/// Loads libncursesw; 0 and a reason in pq_term_error() when it cannot.
int pq_term_load(void);
/// Why the last call failed.
const char *pq_term_error(void);
/// Takes the terminal: alternate screen, raw keys, no echo, hidden cursor, keypad, mouse wheel;
/// SIGTERM and SIGHUP end the key wait (pq_term_read_key reports PQ_KEY_SIGNAL). 0 on failure.
int pq_term_start(void);
/// How many colours the terminal has (0 when it has none), once started.
int pq_term_colors(void);
/// Defines colour pair `pair` (1...) as `foreground` on `background` (-1: the terminal's own).
void pq_term_define_pair(int pair, int foreground, int background);
/// The screen's size.
void pq_term_size(int *rows, int *columns);
/// Clears the screen buffer for a new frame.
void pq_term_erase(void);
/// Writes UTF-8 `text` (`length` bytes) at `row`, `column` with `attributes` and colour `pair`.
void pq_term_put(int row, int column, const char *text, int length, int attributes, int pair);
/// Shows the frame written since pq_term_erase.
void pq_term_show(void);
/// The next key: a Unicode scalar, a PQ_KEY_ value, or PQ_KEY_NONE when `timeout_ms` passed
/// (-1 waits for ever).
int32_t pq_term_read_key(int timeout_ms);
/// Gives the terminal back for a while (an editor), as it was before pq_term_start.
void pq_term_suspend(void);
/// Takes it again after pq_term_suspend, and redraws.
void pq_term_resume(void);
/// Gives the terminal back for good. Safe to call twice, and from a signal's path.
void pq_term_end(void);
/// The signal that ended the key wait (SIGTERM, SIGHUP), or 0.
int pq_term_pending_signal(void);

#endif
