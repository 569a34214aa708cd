import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Writing a whole text like the shell's >")
struct WholeFileTests {
  @Test("A new file is made; an old one is replaced whole, keeping its mode")
  func regularFiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("out.txt")
    try OutputFile.write("first\n", toPath: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
    chmod(path, 0o600)
    try OutputFile.write("second\n", toPath: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    // No temporary file is left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.txt"])
  }

  @Test("A symbolic link is followed, not replaced")
  func symbolicLink() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try "old\n".write(toFile: folder.file("target"), atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("link"),
      withDestinationPath: "target"
    )
    try OutputFile.write("new\n", toPath: folder.file("link"))
    #expect(try String(contentsOfFile: folder.file("target"), encoding: .utf8) == "new\n")
    let destination = try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link"))
    #expect(destination == "target")
  }

  @Test("A FIFO is written into, not replaced")
  func fifo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("pipe")
    #expect(mkfifo(path, 0o600) == 0)
    // Open the reading end first (without blocking), so the write does not wait for a reader.
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    try OutputFile.write("through the pipe\n", toPath: path)
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(reader, &buffer, buffer.count)
    #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "through the pipe\n")
    var info = stat()
    #expect(stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
  }

  @Test("A write never closed leaves the old file as it was, and no temporary file")
  func abandoned() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("out.txt")
    try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
    do {
      let file = try OutputFile(path: path)
      try file.write("half of the new\n")
      // An export that fails here (a database error, Ctrl-C) never closes the file.
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.txt"])
  }

  @Test(
    "Failures are one sentence and change nothing",
    arguments: ["missing/folder/out.txt", "", "."]
  )
  func failures(relative: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = relative.isEmpty ? "" : folder.file(relative)
    let error = #expect(throws: OutputFileError.self) { try OutputFile.write("x", toPath: path) }
    #expect(error?.errorDescription?.hasPrefix("Could not write ") == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
