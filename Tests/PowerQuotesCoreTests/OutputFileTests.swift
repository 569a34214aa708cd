import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

/// The process's umask, read without changing it.
private func currentUmask() throws -> Int {
  let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
  let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
  return try #require(
    Int(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
}

private func permissions(_ path: String) throws -> Int {
  try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
}

@Suite("Output files open like a shell's >")
struct OutputFileTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  private func write(_ text: String, to path: String) throws {
    let file = try OutputFile(path: path)
    try file.write(text)
    try file.close()
  }

  @Test("A new file gets mode 0644 less the umask; a long text arrives whole")
  func newFile() throws {
    defer { folder.remove() }
    let path = folder.file("new.txt")
    let text = String(repeating: "0123456789abcdef", count: 20_000)
    let file = try OutputFile(path: path)
    for _ in 0..<2 { try file.write(text) }
    try file.close()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text + text)
    #expect(try permissions(path) == 0o644 & ~(try currentUmask()))
  }

  @Test("An existing file is replaced whole: its mode stays, a link stays a link")
  func existingFileAndLink() throws {
    defer { folder.remove() }
    let target = folder.file("target.txt")
    try "a much longer old content\n".write(toFile: target, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
    let link = folder.file("link.txt")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    try write("new\n", to: link)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "new\n")
    #expect(try permissions(target) == 0o600)
  }

  @Test("A device and a FIFO are written to, not replaced")
  func deviceAndFIFO() async throws {
    defer { folder.remove() }
    try write("gone\n", to: "/dev/null")
    let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
    #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)

    let fifo = folder.file("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    // Opening a FIFO for writing waits for a reader, so read on another thread.
    let reader = Task.detached {
      FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
    }
    try write("through the pipe\n", to: fifo)
    #expect(String(decoding: await reader.value, as: UTF8.self) == "through the pipe\n")
    let type = try FileManager.default.attributesOfItem(atPath: fifo)[.type]
    #expect(
      type as? FileAttributeType == .typeUnknown || type as? FileAttributeType != .typeRegular)
  }

  @Test("Failures are one sentence naming the file; the database is never overwritten")
  func failures() throws {
    defer { folder.remove() }
    let missing = folder.file("no/such/dir/out.json")
    let error = #expect(throws: OutputFileError.self) { try OutputFile(path: missing) }
    #expect(error == .cannotOpen(path: missing, reason: "No such file or directory"))
    #expect(
      error?.errorDescription
        == "Could not write \(missing): No such file or directory. Choose another file.")

    let database = folder.file("q.sqlite")
    try "precious".write(toFile: database, atomically: false, encoding: .utf8)
    let link = folder.file("alias")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: database)
    #expect(throws: OutputFileError.isTheDatabase(path: link)) {
      try OutputFile(path: link, protecting: database)
    }
    #expect(try String(contentsOfFile: database, encoding: .utf8) == "precious")
  }

  /// SQLite's own files beside the database are refused too: existing (the log another process
  /// is writing) or not yet (a file there would be taken for one), by any name that leads there.
  @Test func theDatabasesFilesAreRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let database = folder.file("q.sqlite")
    try "precious".write(toFile: database, atomically: false, encoding: .utf8)
    try "log".write(toFile: database + "-wal", atomically: false, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: folder.file("sub"), withIntermediateDirectories: true)
    for path in [
      database + "-wal", database + "-shm", database + "-journal",
      folder.file("sub/../q.sqlite-shm"), folder.file("sub/../q.sqlite"),
    ] {
      #expect(throws: OutputFileError.isTheDatabase(path: path)) {
        try OutputFile(path: path, protecting: database)
      }
    }
    #expect(try String(contentsOfFile: database + "-wal", encoding: .utf8) == "log")
    #expect(!FileManager.default.fileExists(atPath: database + "-shm"))
    // A name that merely starts the same way is an ordinary file.
    let other = try OutputFile(path: database + "-walnut", protecting: database)
    try other.close()
  }
}

@Suite("Paths split by their bytes")
struct PathNameTests {
  @Test(
    "The folder and the name, as the kernel reads them",
    arguments: [
      ("q", ".", "q"), ("é", ".", "é"), ("a/", "a", ""), ("/q", "/", "q"), ("a/b/c", "a/b", "c"),
      ("a//b", "a/", "b"), ("", ".", ""),
    ])
  func parts(path: String, folder: String, name: String) {
    #expect(PathName.folder(of: path) == folder)
    #expect(PathName.name(of: path) == name)
  }

  @Test("Only a path ending in /, . or .. can only name a folder")
  func namesFolder() {
    #expect(PathName.namesFolder("a/"))
    #expect(PathName.namesFolder("a/.."))
    #expect(PathName.namesFolder("."))
    #expect(!PathName.namesFolder("q"))
    #expect(!PathName.namesFolder("a/.b"))
  }
}
