import Foundation
import PowerQuotesTestSupport
import Testing

/// Tab completion from the library, through the bash script the binary generates, in a real
/// bash: the script calls the binary back for tags, authors and favorite ids.
@Suite("Completion, end to end in bash")
struct CompletionEndToEndTests {
  /// Sources the script in $1 and completes the line in $3 with the binary $2 as the command,
  /// as bash does on Tab; prints the candidates, one a line.
  private static let driver = #"""
    source "$1"
    COMP_LINE=$3
    COMP_POINT=${#COMP_LINE}
    read -r -a COMP_WORDS <<<"$COMP_LINE"
    COMP_WORDS[0]=$2
    [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _powerquotes "$2" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf '%s\n' "${COMPREPLY[@]}"
    """#

  /// A folder with the generated bash script, the driver and a library of a few favorites.
  private struct Setup {
    let home: TemporaryFolder
    let database: String

    init() async throws {
      home = try TemporaryFolder()
      database = home.file("q.sqlite")
      let script = try await runBinary(
        ["--generate-completion-script", "bash"], home: home.path)
      try script.out.write(toFile: home.file("pq.bash"), atomically: true, encoding: .utf8)
      try CompletionEndToEndTests.driver.write(
        toFile: home.file("driver.sh"), atomically: true, encoding: .utf8)
      let quotes = (1...12).map {
        #"{"quote": "Words of quote \#($0).", "author": "Author \#($0 % 3)", "tags": ["t\#($0 % 2)"]}"#
      }
      try ("[" + quotes.joined(separator: ",") + "]").write(
        toFile: home.file("quotes.json"), atomically: true, encoding: .utf8)
      let imported = try await runBinary(
        ["fav", "import", home.file("quotes.json"), "--database", database], home: home.path)
      try #require(imported.status == 0)
    }

    /// The candidates bash offers for `line` (which starts with `powerquotes`).
    func complete(_ line: String, environment: [String: String] = [:]) async throws -> [String] {
      let result = try await runBinary(
        [home.file("driver.sh"), home.file("pq.bash"), builtBinary, line], home: home.path,
        environment: ["POWERQUOTES_DATABASE": database].merging(environment) { $1 },
        binary: "/bin/bash", directory: home.path)
      #expect(result.status == 0)
      #expect(result.err.isEmpty, "\(line): \(result.err)")
      return result.out.split(separator: "\n").map(String.init)
    }
  }

  @Test("Tags, authors, favorite ids and file names from the library, in bash")
  func fromTheLibrary() async throws {
    let setup = try await Setup()
    defer { setup.home.remove() }
    #expect(try await setup.complete("powerquotes fav list --tag ") == ["t0", "t1"])
    #expect(try await setup.complete("powerquotes fav find courage --tag t") == ["t0", "t1"])
    #expect(try await setup.complete("powerquotes fav untag 3 ") == ["t0", "t1"])
    #expect(
      try await setup.complete("powerquotes fav search ") == ["Author 0", "Author 1", "Author 2"])
    #expect(
      try await setup.complete("powerquotes random --favorites --author Auth")
        == ["Author 0", "Author 1", "Author 2"])
    #expect(try await setup.complete("powerquotes fav tag 1") == ["1", "10", "11", "12"])
    #expect(try await setup.complete("powerquotes fav show 7") == ["7"])
    #expect(try await setup.complete("powerquotes fav import quotes") == ["quotes.json"])
    // The library the line names is the one read.
    let other = try await setup.complete(
      "powerquotes fav list --database \(setup.home.file("none.sqlite")) --tag ")
    #expect(other.isEmpty)
  }

  @Test("A completion reads only: no library, folder or schema is made, and nothing is printed")
  func readsOnly() async throws {
    let setup = try await Setup()
    defer { setup.home.remove() }
    let missing = setup.home.file("new-folder/q.sqlite")
    #expect(
      try await setup.complete(
        "powerquotes fav tag ", environment: ["POWERQUOTES_DATABASE": missing]
      ).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: setup.home.file("new-folder")))
    // Not a library: an empty answer, the file untouched.
    let notALibrary = setup.home.file("notes.txt")
    try "not a database".write(toFile: notALibrary, atomically: true, encoding: .utf8)
    #expect(
      try await setup.complete(
        "powerquotes fav search ", environment: ["POWERQUOTES_DATABASE": notALibrary]
      ).isEmpty)
    #expect(try String(contentsOfFile: notALibrary, encoding: .utf8) == "not a database")
  }
}
