// See pq_terminal.h. ncursesw's ABI as Debian 12 ships it (libncursesw.so.6, ncurses 6.4,
// wide-character build with 32-bit chtype and mmask_t): only what the app uses is declared.
#include "pq_terminal.h"

#include <dlfcn.h>
#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

typedef void WINDOW;
typedef void SCREEN;
typedef uint32_t chtype;
typedef uint32_t attr_t;
typedef uint32_t mmask_t;
// curses.h's bool: one byte (a function returning it leaves the rest of the register as it was).
typedef unsigned char NCURSES_BOOL;
typedef struct {
  short id;
  int x, y, z;
  mmask_t bstate;
} MEVENT;

// curses.h's values for ncurses 6 (NCURSES_ATTR_SHIFT 8).
#define CURSES_A_UNDERLINE (1U << 17)
#define CURSES_A_REVERSE (1U << 18)
#define CURSES_A_DIM (1U << 20)
#define CURSES_A_BOLD (1U << 21)
#define CURSES_A_ITALIC (1U << 31)
#define CURSES_OK 0
#define CURSES_ERR (-1)
#define CURSES_KEY_CODE_YES 0400
#define CURSES_KEY_DOWN 0402
#define CURSES_KEY_UP 0403
#define CURSES_KEY_LEFT 0404
#define CURSES_KEY_RIGHT 0405
#define CURSES_KEY_HOME 0406
#define CURSES_KEY_BACKSPACE 0407
#define CURSES_KEY_DC 0512
#define CURSES_KEY_NPAGE 0522
#define CURSES_KEY_PPAGE 0523
#define CURSES_KEY_ENTER 0527
#define CURSES_KEY_BTAB 0541
#define CURSES_KEY_END 0550
#define CURSES_KEY_MOUSE 0631
#define CURSES_KEY_RESIZE 0632
// Mouse masks with NCURSES_MOUSE_VERSION 2 (5 bits a button): button 4 is the wheel up, 5 down.
#define CURSES_BUTTON4_PRESSED (002U << (3 * 5))
#define CURSES_BUTTON5_PRESSED (002U << (4 * 5))

static struct {
  SCREEN *(*newterm)(const char *, FILE *, FILE *);
  int (*endwin)(void);
  NCURSES_BOOL (*isendwin)(void);
  int (*raw)(void);
  int (*noecho)(void);
  int (*nonl)(void);
  int (*keypad)(WINDOW *, int);
  int (*curs_set)(int);
  NCURSES_BOOL (*has_colors)(void);
  int (*start_color)(void);
  int (*use_default_colors)(void);
  int (*init_pair)(short, short, short);
  int (*werase)(WINDOW *);
  int (*wmove)(WINDOW *, int, int);
  int (*waddnstr)(WINDOW *, const char *, int);
  int (*wattr_set)(WINDOW *, attr_t, short, void *);
  int (*wrefresh)(WINDOW *);
  int (*wtimeout)(WINDOW *, int);
  int (*wget_wch)(WINDOW *, wint_t *);
  int (*set_escdelay)(int);
  int (*getmouse)(MEVENT *);
  mmask_t (*mousemask)(mmask_t, mmask_t *);
  int (*mouseinterval)(int);
  int (*def_prog_mode)(void);
  int (*reset_prog_mode)(void);
  int (*clearok)(WINDOW *, int);
  WINDOW **stdscr;
  int *lines;
  int *cols;
  int *colors;
} curses;

static char error_text[512];
static int started;
static volatile sig_atomic_t pending_signal;
static struct sigaction previous_term, previous_hup;

const char *pq_term_error(void) { return error_text; }

int pq_term_load(void) {
  static int loaded;
  if (loaded) return 1;
  void *library = dlopen("libncursesw.so.6", RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(error_text, sizeof error_text, "%s", reason ? reason : "libncursesw.so.6 not found");
    return 0;
  }
#define PQ_LOAD(field, symbol)                                                                 \
  do {                                                                                          \
    *(void **)(&curses.field) = dlsym(library, #symbol);                                        \
    if (curses.field == NULL) {                                                                 \
      snprintf(error_text, sizeof error_text, "libncursesw.so.6 has no %s", #symbol);           \
      return 0;                                                                                 \
    }                                                                                           \
  } while (0)
  PQ_LOAD(newterm, newterm);
  PQ_LOAD(endwin, endwin);
  PQ_LOAD(isendwin, isendwin);
  PQ_LOAD(raw, raw);
  PQ_LOAD(noecho, noecho);
  PQ_LOAD(nonl, nonl);
  PQ_LOAD(keypad, keypad);
  PQ_LOAD(curs_set, curs_set);
  PQ_LOAD(has_colors, has_colors);
  PQ_LOAD(start_color, start_color);
  PQ_LOAD(use_default_colors, use_default_colors);
  PQ_LOAD(init_pair, init_pair);
  PQ_LOAD(werase, werase);
  PQ_LOAD(wmove, wmove);
  PQ_LOAD(waddnstr, waddnstr);
  PQ_LOAD(wattr_set, wattr_set);
  PQ_LOAD(wrefresh, wrefresh);
  PQ_LOAD(wtimeout, wtimeout);
  PQ_LOAD(wget_wch, wget_wch);
  PQ_LOAD(set_escdelay, set_escdelay);
  PQ_LOAD(getmouse, getmouse);
  PQ_LOAD(mousemask, mousemask);
  PQ_LOAD(mouseinterval, mouseinterval);
  PQ_LOAD(def_prog_mode, def_prog_mode);
  PQ_LOAD(reset_prog_mode, reset_prog_mode);
  PQ_LOAD(clearok, clearok);
  PQ_LOAD(stdscr, stdscr);
  PQ_LOAD(lines, LINES);
  PQ_LOAD(cols, COLS);
  PQ_LOAD(colors, COLORS);
#undef PQ_LOAD
  loaded = 1;
  return 1;
}

static void on_signal(int signal) { pending_signal = signal; }

int pq_term_pending_signal(void) { return pending_signal; }

int pq_term_start(void) {
  if (!pq_term_load()) return 0;
  // No SA_RESTART: the signal ends the key wait, and the loop restores the terminal.
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGTERM, &action, &previous_term);
  sigaction(SIGHUP, &action, &previous_hup);
  // ncurses handles SIGWINCH (KEY_RESIZE) only when it finds the default action: a program
  // started with it ignored (the ignoring is inherited across exec) would never redraw.
  signal(SIGWINCH, SIG_DFL);
  // Nor could a program started with them blocked (the mask is inherited too) hear them.
  sigset_t heard;
  sigemptyset(&heard);
  sigaddset(&heard, SIGWINCH);
  sigaddset(&heard, SIGTERM);
  sigaddset(&heard, SIGHUP);
  pthread_sigmask(SIG_UNBLOCK, &heard, NULL);
  // ncursesw writes and reads UTF-8 only in a UTF-8 locale: the user's, else C.UTF-8.
  setlocale(LC_CTYPE, "");
  if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0) setlocale(LC_CTYPE, "C.UTF-8");
  // Esc alone is a key here: wait 25 ms, not a second, for the rest of a sequence.
  curses.set_escdelay(25);
  if (curses.newterm(NULL, stdout, stdin) == NULL) {
    snprintf(error_text, sizeof error_text, "the terminal ($TERM) is not one curses knows");
    sigaction(SIGTERM, &previous_term, NULL);
    sigaction(SIGHUP, &previous_hup, NULL);
    return 0;
  }
  started = 1;
  WINDOW *screen = *curses.stdscr;
  curses.raw();
  curses.noecho();
  curses.nonl();
  curses.keypad(screen, 1);
  curses.curs_set(0);
  curses.mouseinterval(0);
  curses.mousemask(CURSES_BUTTON4_PRESSED | CURSES_BUTTON5_PRESSED, NULL);
  if (curses.has_colors()) {
    curses.start_color();
    curses.use_default_colors();
  }
  return 1;
}

int pq_term_colors(void) {
  if (!started || !curses.has_colors()) return 0;
  return *curses.colors;
}

void pq_term_define_pair(int pair, int foreground, int background) {
  if (started) curses.init_pair((short)pair, (short)foreground, (short)background);
}

void pq_term_size(int *rows, int *columns) {
  *rows = started ? *curses.lines : 0;
  *columns = started ? *curses.cols : 0;
}

void pq_term_erase(void) {
  if (started) curses.werase(*curses.stdscr);
}

void pq_term_put(int row, int column, const char *text, int length, int attributes, int pair) {
  if (!started) return;
  attr_t attr = 0;
  if (attributes & PQ_ATTR_BOLD) attr |= CURSES_A_BOLD;
  if (attributes & PQ_ATTR_REVERSE) attr |= CURSES_A_REVERSE;
  if (attributes & PQ_ATTR_DIM) attr |= CURSES_A_DIM;
  if (attributes & PQ_ATTR_ITALIC) attr |= CURSES_A_ITALIC;
  if (attributes & PQ_ATTR_UNDERLINE) attr |= CURSES_A_UNDERLINE;
  WINDOW *screen = *curses.stdscr;
  curses.wattr_set(screen, attr, (short)pair, NULL);
  curses.wmove(screen, row, column);
  curses.waddnstr(screen, text, length);
  curses.wattr_set(screen, 0, 0, NULL);
}

void pq_term_show(void) {
  if (started) curses.wrefresh(*curses.stdscr);
}

int32_t pq_term_read_key(int timeout_ms) {
  if (!started) return PQ_KEY_SIGNAL;
  if (pending_signal) return PQ_KEY_SIGNAL;
  WINDOW *screen = *curses.stdscr;
  curses.wtimeout(screen, timeout_ms);
  wint_t key = 0;
  int kind = curses.wget_wch(screen, &key);
  if (pending_signal) return PQ_KEY_SIGNAL;
  if (kind == CURSES_ERR) {
    // The wait ran out, or the terminal is gone: a closed terminal window whose hangup did not
    // reach this process as SIGHUP (it is not the terminal's controlling process) reads as
    // no key at once, every time, and the loop would spin. It ends the app as SIGHUP would.
    struct pollfd input = {.fd = fileno(stdin), .events = POLLIN, .revents = 0};
    if (poll(&input, 1, 0) == 1 && (input.revents & (POLLHUP | POLLERR | POLLNVAL))) {
      pending_signal = SIGHUP;
      return PQ_KEY_SIGNAL;
    }
    return PQ_KEY_NONE;
  }
  if (kind == CURSES_OK) return (int32_t)key;
  switch (key) {
  case CURSES_KEY_UP: return PQ_KEY_UP;
  case CURSES_KEY_DOWN: return PQ_KEY_DOWN;
  case CURSES_KEY_LEFT: return PQ_KEY_LEFT;
  case CURSES_KEY_RIGHT: return PQ_KEY_RIGHT;
  case CURSES_KEY_PPAGE: return PQ_KEY_PAGE_UP;
  case CURSES_KEY_NPAGE: return PQ_KEY_PAGE_DOWN;
  case CURSES_KEY_HOME: return PQ_KEY_HOME;
  case CURSES_KEY_END: return PQ_KEY_END;
  case CURSES_KEY_BACKSPACE: return PQ_KEY_BACKSPACE;
  case CURSES_KEY_ENTER: return PQ_KEY_ENTER;
  case CURSES_KEY_BTAB: return PQ_KEY_BACK_TAB;
  case CURSES_KEY_DC: return PQ_KEY_DELETE;
  case CURSES_KEY_RESIZE: return PQ_KEY_RESIZE;
  case CURSES_KEY_MOUSE: {
    MEVENT event;
    if (curses.getmouse(&event) != CURSES_OK) return PQ_KEY_NONE;
    if (event.bstate & CURSES_BUTTON4_PRESSED) return PQ_KEY_WHEEL_UP;
    if (event.bstate & CURSES_BUTTON5_PRESSED) return PQ_KEY_WHEEL_DOWN;
    return PQ_KEY_NONE;
  }
  default: return PQ_KEY_NONE;
  }
}

void pq_term_suspend(void) {
  if (!started) return;
  curses.def_prog_mode();
  curses.endwin();
}

void pq_term_resume(void) {
  if (!started) return;
  curses.reset_prog_mode();
  curses.clearok(*curses.stdscr, 1);
  curses.wrefresh(*curses.stdscr);
}

void pq_term_end(void) {
  if (!started) return;
  started = 0;
  if (!curses.isendwin()) curses.endwin();
  fflush(stdout);
  sigaction(SIGTERM, &previous_term, NULL);
  sigaction(SIGHUP, &previous_hup, NULL);
}
