import Foundation

/// A program started with a pipe on its standard input: what the pager and the clipboard tools
/// read from us.
///
/// Spawned directly rather than with Foundation's `Process`, which on Linux lets the child
/// inherit a socket it waits on.
struct PipedChild {
  /// The child's process id.
  let pid: pid_t
  /// The write end of the pipe to its standard input; the caller closes it.
  let input: Int32

  /// Starts `path` with `arguments` (the first is its name) and `environment`, reading the
  /// pipe; with `quiet`, its standard output and error go to /dev/null and it inherits no other
  /// descriptor of ours, so a child it leaves behind holds nothing anyone waits on.
  ///
  /// - Throws: ``Failure``, with the `errno` of the pipe or of the spawn.
  init(
    _ path: String, arguments: [String], environment: [String: String], quiet: Bool = false
  ) throws(Failure) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw Failure(code: errno) }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    // Neither end may outlive the spawn in the child (the read end is duplicated onto stdin).
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
    if quiet {
      posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
      // Nothing else of ours goes with it, not even what we inherited.
      let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      for descriptor in open.compactMap(Int32.init) where descriptor > STDERR_FILENO {
        if fcntl(descriptor, F_GETFD) >= 0 {
          posix_spawn_file_actions_addclose(&actions, descriptor)
        }
      }
    }
    let words = arguments.map { strdup($0) } + [nil]
    defer { for word in words { free(word) } }
    let variables = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
    defer { for variable in variables { free(variable) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, words, variables)
    close(readEnd)
    guard spawned == 0 else {
      close(writeEnd)
      throw Failure(code: spawned)
    }
    self.pid = pid
    self.input = writeEnd
  }

  /// Why the child could not be started.
  struct Failure: Error {
    /// The `errno` value.
    let code: Int32
    /// What the system says of it.
    var reason: String { String(cString: strerror(code)) }
  }
}
