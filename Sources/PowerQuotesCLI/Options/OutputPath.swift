/// What an `--output` option names: a file, or standard output.
enum OutputPath {
  /// The word that names standard output, as for most Unix tools (`tar -f -`, `curl -o -`).
  static let standardOutput = "-"

  /// The file `option` names, or nil when there is none: no `--output`, or `--output -`.
  ///
  /// A file called `-` is still reached as `./-`.
  static func file(_ option: String?) -> String? {
    option == standardOutput ? nil : option
  }
}
