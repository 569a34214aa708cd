// The end of the process checks that everything printed through C's stdio reached standard output.
#ifndef POWERQUOTES_PQ_STDIO_H
#define POWERQUOTES_PQ_STDIO_H

/// Registers a check that runs when the process exits: if standard output's buffer cannot be
/// written (a full disk, an I/O error), one sentence goes to standard error and the exit status
/// becomes 1; a closed pipe ends it by SIGPIPE, as usual. ArgumentParser prints help and versions
/// with Swift's print, which buffers in stdio and whose failure nothing else would see.
void pq_check_standard_output_at_exit(void);

#endif
