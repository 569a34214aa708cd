// The end of the process checks that everything printed through C's stdio reached standard output.
#ifndef POWERQUOTES_PQ_STDIO_H
#define POWERQUOTES_PQ_STDIO_H

/// Registers a check that runs when the process exits: if standard output's buffer cannot be
/// written (a full disk, an I/O error), one sentence goes to standard error and the exit status
/// becomes 1; a closed pipe ends it by SIGPIPE, as usual. ArgumentParser prints help and versions
/// with Swift's print, which buffers in stdio and whose failure nothing else would see.
void pq_check_standard_output_at_exit(void);

/// Ends the process with status 0 once standard output is checked as above, without running
/// the exit handlers and destructors of the libraries loaded: after a request, OpenSSL's
/// clean-up and those of libcurl's ~30 libraries, which free what the end of the process frees
/// anyway (perf: ~10% of what an online `random` does after its reply). Nothing of ours waits
/// for exit: the database is closed or left to the end on purpose, the shell's history is
/// written line by line, and standard error is not buffered.
void pq_exit_success(void);

#endif
