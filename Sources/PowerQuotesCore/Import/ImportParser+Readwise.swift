import Foundation

extension ImportParser {
  /// Where the columns of a Readwise CSV export are, from its header.
  struct ReadwiseHeader: Equatable {
    var highlight: Int
    var title: Int
    var author: Int?
    var note: Int?
    var tags: Int?
    var locationType: Int?
    var location: Int?
    var highlightedAt: Int?
  }

  /// The header of a Readwise CSV export, or nil when the first line does not name both the
  /// `Highlight` and `Book Title` columns (ignoring case, spaces and underscores).
  ///
  /// Readwise's import CSV (`Highlight`, `Title`, `Author`, `Note`, `Location`, `Date`: what
  /// `fav export --format readwise` writes) is read the same way, its columns under those names.
  /// Reads `input` to the end of its first record.
  static func readwiseHeader(_ input: inout ByteReader) throws -> ReadwiseHeader? {
    guard let columns = try headerColumns(&input),
      let highlight = columns["highlight"], let title = columns["booktitle"] ?? columns["title"]
    else { return nil }
    return ReadwiseHeader(
      highlight: highlight, title: title, author: columns["bookauthor"] ?? columns["author"],
      note: columns["note"], tags: columns["tags"], locationType: columns["locationtype"],
      location: columns["location"],
      highlightedAt: columns["highlightedat"] ?? columns["date"])
  }

  /// Readwise's CSV export, a quote for each row.
  ///
  /// Each row's highlight becomes a quote by the book's author ("Unknown" when the row has
  /// none), from the book (its work), whose note names the location, then the row's note;
  /// its tags (separated by commas) become tags, and its `Highlighted at` the saved time (the
  /// import's time when it is empty; a row whose time is no time the library keeps is
  /// rejected, as a CSV `saved_at` is). Blank lines are skipped.
  static func parseReadwise(
    _ input: inout ByteReader, header: ReadwiseHeader, origin: String, sink: QuoteSink? = nil
  ) throws -> Batch {
    var batch = Batch(format: .readwise, sink: sink)
    try forEachCSVRow(&input, origin: origin) { fields, position in
      addReadwiseRow(fields, header: header, position: position, to: &batch)
    }
    return batch
  }

  private static func addReadwiseRow(
    _ fields: [[UInt8]], header: ReadwiseHeader, position: Int, to batch: inout Batch
  ) {
    let columns = [
      header.highlight, header.title, header.author, header.note, header.tags,
      header.locationType, header.location, header.highlightedAt,
    ]
    var values: [String] = []
    for column in columns {
      guard let column, column < fields.count else {
        values.append("")
        continue
      }
      guard let value = String(validatingUTF8: fields[column]) else {
        batch.reject(position: position, .notUTF8)
        return
      }
      values.append(value)
    }
    let (text, title, author, userNote) = (values[0], values[1].trimmed, values[2], values[3])
    let (locationType, location) = (values[5].trimmed.lowercased(), values[6].trimmed)
    let tags: [String]
    switch importedTags(values[4].split(separator: ",").compactMap(oneWordTag)) {
    case .failure(let reason):
      batch.reject(position: position, reason)
      return
    case .success(let value): tags = value
    }
    var note = ""
    if ["location", "page"].contains(locationType), !location.isEmpty {
      note = "\(locationType) \(location)"
    }
    if !isEmptyTrimmed(userNote) { note += (note.isEmpty ? "" : "\n") + userNote.trimmed }
    let highlightedAt = values[7].trimmed
    var savedAt: Date?
    if !highlightedAt.isEmpty {
      switch time(highlightedAt, field: "Highlighted at") {
      case .success(let date): savedAt = date
      case .failure(let reason):
        batch.reject(position: position, reason)
        return
      }
    }
    batch.add(
      position: position, text: text.trimmed,
      author: isEmptyTrimmed(author) ? unknownAuthor : author.trimmed, source: .imported,
      savedAt: savedAt, note: note, work: title, tags: tags)
  }
}
