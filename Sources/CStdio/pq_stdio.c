#include "pq_stdio.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void check_standard_output(void) {
  errno = 0;
  if (fflush(stdout) == 0 && !ferror(stdout)) return;
  int failure = errno;
  if (failure == EPIPE) {
    signal(SIGPIPE, SIG_DFL);
    raise(SIGPIPE);
  }
  dprintf(STDERR_FILENO,
          "Error: Could not write to standard output (%s); what was written is incomplete.\n",
          failure ? strerror(failure) : "an I/O error");
  _exit(1);
}

void pq_check_standard_output_at_exit(void) { atexit(check_standard_output); }

void pq_exit_success(void) {
  check_standard_output();
  _exit(0);
}
