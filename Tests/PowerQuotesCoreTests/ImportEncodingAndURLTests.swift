import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// `fav import` of a file saved as UTF-16 or UTF-32 (which it said "looks like CSV"), and of a
/// URL with a user and password (which its messages repeated).
@Suite("Import: wide Unicode files and URLs with a password")
struct ImportEncodingAndURLTests {
  static let json = #"[{"quote": "Ça va — 👨‍👩‍👧, \"yes\"", "author": "Ann"}]"#
  static let csv = "quote,author,tags\r\n\"Ça va, 👨‍👩‍👧\",Ann,été\r\n"

  /// `text` in `encoding`, after its byte order mark when `mark`.
  private func encoded(_ text: String, _ encoding: String.Encoding, mark: Bool) throws -> Data {
    let body = try #require(text.data(using: encoding))
    guard mark else { return body }
    let marks: [String.Encoding: [UInt8]] = [
      .utf16LittleEndian: [0xFF, 0xFE], .utf16BigEndian: [0xFE, 0xFF],
      .utf32LittleEndian: [0xFF, 0xFE, 0, 0], .utf32BigEndian: [0, 0, 0xFE, 0xFF],
    ]
    return Data(try #require(marks[encoding])) + body
  }

  @Test(
    "UTF-16 and UTF-32, either byte order, with or without a mark, read as UTF-8 does",
    arguments: [
      String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian,
    ], [true, false])
  func wide(encoding: String.Encoding, mark: Bool) throws {
    for text in [Self.json, Self.csv] {
      let expected = try ImportParser.parse(Data(text.utf8), origin: "f")
      #expect(expected.quotes.count == 1)
      let batch = try ImportParser.parse(try encoded(text, encoding, mark: mark), origin: "f")
      #expect(batch == expected)
    }
  }

  @Test("Content that starts as UTF-16 or UTF-32 but is not valid in it is refused, naming it")
  func invalid() {
    // A lone surrogate; a last code unit cut short; a value past U+10FFFF.
    let cases: [([UInt8], String)] = [
      ([0xFF, 0xFE, 0x5B, 0x00, 0x00, 0xD8, 0x5D, 0x00], "UTF-16LE"),
      ([0xFE, 0xFF, 0x00, 0x5B, 0x00], "UTF-16BE"),
      ([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x11, 0x00, 0x00], "UTF-32BE"),
    ]
    for (bytes, encoding) in cases {
      let error = ImportError.invalidEncoding(origin: "f.json", encoding: encoding)
      #expect(throws: error) { try ImportParser.parse(Data(bytes), origin: "f.json") }
      #expect(error.errorDescription?.contains("not valid \(encoding)") == true)
    }
  }

  @Test("A URL's user and password never appear in a message")
  func urlPassword() async throws {
    let location = try #require(
      ImportLocation.parse("http://ann:s3cret@127.0.0.1:1/quotes.json?x=1"))
    #expect(location.description == "http://***@127.0.0.1:1/quotes.json?x=1")
    #expect(ShownURL.text("https://token@host") == "https://***@host")
    #expect(ShownURL.text("http://host/a@b") == "http://host/a@b")
    #expect(ShownURL.text("http://a:b@c@host/") == "http://***@host/")
    // Nothing listens on port 1: the download fails, and says so without the password.
    let controller = ExchangeController(
      database: try QuoteDatabase.inMemory(), downloadClient: .live(timeoutSeconds: 5),
      now: { testDate })
    let error = await #expect(throws: (any Error).self) {
      _ = try await controller.importFavorites(from: location, dryRun: false)
    }
    let message = try #require((error as? any LocalizedError)?.errorDescription)
    #expect(!message.contains("s3cret") && !message.contains("ann"), "\(message)")
    #expect(message.contains("http://***@127.0.0.1:1/quotes.json"), "\(message)")
    for error in [
      DownloadError.httpStatus(url: "http://ann:s3cret@host/x", status: 404),
      .timedOut(url: "http://ann:s3cret@host/x", seconds: 1),
    ] {
      #expect(error.errorDescription?.contains("s3cret") == false)
    }
  }
}
