import Foundation
import PowerQuotesTestSupport
import Testing

@testable import PowerQuotesCore

/// `fav export --format csv` guards cells a spreadsheet would run as formulas, and `fav import`
/// takes exactly that guard off: export then import is the identity.
@Suite("CSV cells guarded against spreadsheet formulas")
struct CSVGuardTests {
  /// The one field of the second column of a row `x,<field>` after a header, as the import
  /// reads it.
  private func readBack(_ field: String) throws -> [UInt8] {
    var input = ByteReader(bytes: Array("a,b\r\nx,\(field)\r\n".utf8))
    var fields: [[UInt8]] = []
    try ImportParser.forEachCSVRow(&input, origin: "test") { row, _ in fields = row }
    return fields.count == 2 ? fields[1] : []
  }

  @Test(
    "A cell starting like a formula goes out after a ', as any cell of 's before one",
    arguments: [
      ("=1+2", "'=1+2"), ("+x", "'+x"), ("-x", "'-x"), ("@rumi", "'@rumi"), ("\tx", "'\tx"),
      ("\rx", "\"'\rx\""), ("'=x", "''=x"), ("''@", "'''@"), ("=\"a\",b", "\"'=\"\"a\"\",b\""),
      ("'plain", "'plain"), ("x=1", "x=1"), ("", ""), ("'", "'"), (" =x", " =x"),
    ])
  func written(text: String, cell: String) throws {
    #expect(ExportView.csvField(text) == cell)
    #expect(try readBack(cell) == Array(text.utf8))
  }

  @Test("Any text goes out and comes back byte for byte, and no cell starts like a formula")
  func roundTrip() throws {
    let pieces = [
      "'", "=", "+", "-", "@", "\t", "\r", "\n", "\r\n", "\"", ",", "a", " ", "é", "e\u{301}",
      "\"\u{301}", "👨‍👩‍👧", "x",
    ]
    var generator = SeededGenerator(seed: 2026)
    for _ in 0..<5000 {
      var text = ""
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
      }
      let cell = ExportView.csvField(text)
      #expect(try readBack(cell) == Array(text.utf8), "\(text.debugDescription)")
      // What a spreadsheet reads first, inside the quote marks if any.
      let shown = cell.utf8.first == UInt8(ascii: "\"") ? cell.utf8.dropFirst() : cell.utf8[...]
      #expect(
        !"=+-@\t\r".utf8.contains(shown.first ?? 0), "\(text.debugDescription) as \(cell)")
    }
  }

  @Test(
    "fav export writes guarded cells from the row's bytes and as text, and fav import reads them back",
    arguments: StoreFactory.all)
  func exportImport(store: StoreFactory) async throws {
    let source = try await store.makeOffPool()
    let quote = Quote(text: "=HYPERLINK(\"http://x\",\"y\")", author: "@Rumi", source: .manual)
    _ = try source.addFavorite(quote, at: testDate)
    let tagged = try source.tag(
      id: 1, with: [FavoriteTag("+one"), FavoriteTag("two")], at: testDate)
    _ = try source.editFavorite(
      tagged.favorite, quote: quote, note: "-a note", work: "-a work", at: testDate)
    _ = try source.addFavorite(
      Quote(text: "'@ starts with a guard", author: "-Ann", source: .manual), at: testDate)
    var bytes: [UInt8] = []
    _ = try ExportView.stream(
      .csv,
      rows: { body in
        try source.forEachFavoriteRow(
          matching: nil, tag: nil, after: 0, limit: nil, columns: .all, body)
      },
      to: { bytes += $0 })
    let csv = String(decoding: bytes, as: UTF8.self)
    let before = try source.favorites()
    // The same cells whichever way a row was written.
    #expect(csv == ExportView.streamed(before, format: .csv))
    #expect(csv.contains("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",'@Rumi,"))
    #expect(csv.contains(",'-a note,'+one two,'-a work\r\n"))
    #expect(csv.contains("''@ starts with a guard,'-Ann,"))

    let target = try await store.makeOffPool()
    let controller = ExchangeController(
      database: target, downloadClient: .failing, now: { testDate })
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("export.csv")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let report = try await controller.importFavorites(from: .file(path: path), dryRun: false)
    #expect(report.added == 2 && report.rejected.isEmpty)
    let after = try target.favorites()
    #expect(after.map(\.quote) == before.map(\.quote))
    #expect(after.map(\.note) == before.map(\.note))
    #expect(after.map(\.tags) == before.map(\.tags))
  }
}
