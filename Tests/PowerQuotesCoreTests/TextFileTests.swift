import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Writing files like the shell's >")
struct TextFileTests {
  @Test("A new file is made; an old one is replaced whole, keeping its mode")
  func regularFiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("out.txt")
    try TextFile.write("first\n", toPath: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
    chmod(path, 0o600)
    try TextFile.write("second\n", toPath: path)
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
    try TextFile.write("new\n", toPath: folder.file("link"))
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
    try TextFile.write("through the pipe\n", toPath: path)
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(reader, &buffer, buffer.count)
    #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "through the pipe\n")
    var info = stat()
    #expect(stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
  }

  @Test(
    "Failures are one sentence and change nothing",
    arguments: ["missing/folder/out.txt", "", "."]
  )
  func failures(relative: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = relative.isEmpty ? "" : folder.file(relative)
    let error = #expect(throws: TextFileError.self) { try TextFile.write("x", toPath: path) }
    #expect(error?.errorDescription?.hasPrefix("Could not write ") == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
