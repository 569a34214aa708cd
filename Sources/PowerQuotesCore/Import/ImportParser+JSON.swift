import Foundation

extension ImportParser {
  /// Our export, the iOS app's favorites, or DummyJSON's list envelope.
  ///
  /// An item with a `savedAt` is one of our exported favorites and is kept exactly, with its
  /// source, source id and time. Other items of an array are the iOS app's `{"quote","author"}`,
  /// which saved the quote wrapped in quote marks and the author as `- Name`: both are removed.
  /// DummyJSON's items keep their id as the source id.
  static func parseJSON(_ bytes: [UInt8], origin: String, sink: QuoteSink? = nil) throws -> Batch {
    try scannedJSON(bytes, origin: origin, sink: sink)
      ?? decodedJSON(bytes, origin: origin, sink: sink)
  }

  /// ``parseJSON(_:origin:)`` through `JSONDecoder`, for any content.
  static func decodedJSON(_ bytes: [UInt8], origin: String, sink: QuoteSink? = nil) throws
    -> Batch
  {
    let root: JSONValue
    do {
      root = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    } catch {
      throw ImportError.brokenJSON(origin: origin, detail: jsonProblem(bytes, error))
    }
    return try batch(from: root, origin: origin, sink: sink)
  }

  /// The batch ``JSONScanner`` reads, a top-level array's items one at a time; nil when it
  /// leaves the file to `JSONDecoder`.
  static func scannedJSON(_ bytes: [UInt8], origin: String, sink: QuoteSink? = nil) throws
    -> Batch?
  {
    try bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(bytes: buffer)
      var batch = Batch(format: .json, sink: sink)
      let root: JSONValue?
      do {
        root = try scanner.scanRoot { item, position in
          addJSONItem(item, position: position, to: &batch)
        }
      } catch is JSONScanner.GaveUp {
        return nil
      }
      guard let root else { return batch }
      return try Self.batch(from: root, origin: origin, sink: sink)
    }
  }

  /// The quotes of a whole JSON document.
  static func batch(from root: JSONValue, origin: String, sink: QuoteSink? = nil) throws
    -> Batch
  {
    switch root {
    case .array(let items):
      var batch = Batch(format: .json, sink: sink)
      for (index, item) in items.enumerated() {
        addJSONItem(item, position: index + 1, to: &batch)
      }
      return batch
    case .object(let fields):
      if isKOReaderJSON(fields) { return koreaderBatch(fields, sink: sink) }
      guard case .array(let items)? = fields["quotes"] else {
        throw ImportError.unexpectedJSON(origin: origin)
      }
      var batch = Batch(format: .dummyJSON, sink: sink)
      for (index, item) in items.enumerated() {
        guard let (text, author, fields) = quoteAndAuthor(item) else {
          batch.reject(position: index + 1, .notAQuote)
          continue
        }
        var sourceID: Int?
        if case .integer(let id)? = fields["id"] {
          // As every other import takes a source id, and as `fav export` writes it back.
          guard id > 0 else {
            batch.reject(
              position: index + 1, .invalidField(name: "id", expected: "a positive whole number"))
            continue
          }
          sourceID = id
        }
        batch.add(
          position: index + 1, text: text, author: author, source: .dummyJSON, sourceID: sourceID)
      }
      return batch
    default:
      throw ImportError.unexpectedJSON(origin: origin)
    }
  }

  private static func addJSONItem(_ item: JSONValue, position: Int, to batch: inout Batch) {
    guard let (text, author, fields) = quoteAndAuthor(item) else {
      batch.reject(position: position, .notAQuote)
      return
    }
    let note: String
    let tags: [String]
    switch noteAndTags(fields) {
    case .failure(let reason):
      batch.reject(position: position, reason)
      return
    case .success(let value): (note, tags) = value
    }
    // The work, as `fav export` writes it; a missing or null one is none.
    var work = ""
    switch fields["work"] {
    case .string(let text)?: work = text
    case .null?, nil: break
    default:
      batch.reject(position: position, .invalidField(name: "work", expected: "text"))
      return
    }
    guard let savedAtValue = fields["savedAt"] else {
      batch.add(
        position: position,
        text: withoutQuoteMarks(text),
        author: withoutDash(author),
        source: .imported,
        note: note,
        work: work,
        tags: tags
      )
      return
    }
    guard case .string(let savedAtText) = savedAtValue else {
      batch.reject(position: position, .invalidField(name: "savedAt", expected: "an ISO 8601 date"))
      return
    }
    let savedAt: Date
    switch time(savedAtText, field: "savedAt") {
    case .success(let date): savedAt = date
    case .failure(let reason):
      batch.reject(position: position, reason)
      return
    }
    var source = QuoteSource.imported
    switch fields["source"] {
    case .string(let name)?:
      switch importedSource(name) {
      case .success(let named): source = named
      case .failure(let reason):
        batch.reject(position: position, reason)
        return
      }
    case .null?, nil: break
    default:
      batch.reject(position: position, .invalidField(name: "source", expected: "text"))
      return
    }
    var sourceID: Int?
    switch fields["sourceId"] {
    case .integer(let id)? where id > 0: sourceID = id
    case .null?, nil: break
    default:
      batch.reject(
        position: position, .invalidField(name: "sourceId", expected: "a positive whole number"))
      return
    }
    batch.add(
      position: position, text: text, author: author, source: source, sourceID: sourceID,
      savedAt: savedAt, note: note, work: work, tags: tags)
  }

  /// An item's `note` (text) and `tags` (an array of words, or one text of words one space
  /// apart), as `fav export` writes them; missing or null ones are empty.
  private static func noteAndTags(
    _ fields: [String: JSONValue]
  ) -> Result<(String, [String]), ImportRejection.Reason> {
    var note = ""
    switch fields["note"] {
    case .string(let text)?: note = text
    case .null?, nil: break
    default: return .failure(.invalidField(name: "note", expected: "text"))
    }
    let tags: Result<[String], ImportRejection.Reason>
    switch fields["tags"] {
    case .array(let items)?:
      var words: [String] = []
      for item in items {
        guard case .string(let word) = item else {
          return .failure(.invalidField(name: "tags", expected: "an array of words"))
        }
        words.append(word)
      }
      tags = importedTags(words)
    case .string(let text)?: tags = importedTags(spaceSeparated: text)
    case .null?, nil: tags = .success([])
    default: return .failure(.invalidField(name: "tags", expected: "an array of words"))
    }
    return tags.map { (note, $0) }
  }

  /// The `quote` and `author` of an object item (missing ones are empty), or nil when the item
  /// is not an object or either field is not text.
  private static func quoteAndAuthor(
    _ item: JSONValue
  ) -> (text: String, author: String, fields: [String: JSONValue])? {
    guard case .object(let fields) = item else { return nil }
    var (text, author) = ("", "")
    switch fields["quote"] {
    case .string(let value)?: text = value
    case .null?, nil: break
    default: return nil
    }
    switch fields["author"] {
    case .string(let value)?: author = value
    case .null?, nil: break
    default: return nil
    }
    return (text, author, fields)
  }

  /// The iOS app's `"…"` around a quote removed (straight or curly marks), once.
  static func withoutQuoteMarks(_ text: String) -> String {
    let trimmed = text.trimmed
    // A Character that starts or ends with an ASCII byte other than `"` is no quote mark: most
    // quotes are told without breaking them into Characters.
    if let first = trimmed.utf8.first, let last = trimmed.utf8.last,
      (first < 0x80 && first != UInt8(ascii: "\"")) || (last < 0x80 && last != UInt8(ascii: "\""))
    {
      return trimmed
    }
    // At least two characters, counted no further than that.
    guard let first = trimmed.first, let last = trimmed.last,
      trimmed.index(after: trimmed.startIndex) < trimmed.endIndex,
      openingMarks.contains(first), closingMarks.contains(last)
    else { return trimmed }
    return String(trimmed.dropFirst().dropLast()).trimmed
  }

  private static let openingMarks: Set<Character> = ["\"", "“", "”", "„"]
  private static let closingMarks: Set<Character> = ["\"", "”", "“"]

  /// The iOS app's `- ` before an author removed (a hyphen, en dash or em dash).
  static func withoutDash(_ author: String) -> String {
    let trimmed = author.trimmed
    // A Character that starts with an ASCII byte other than `-` is no dash.
    if let first = trimmed.utf8.first, first < 0x80, first != UInt8(ascii: "-") { return trimmed }
    guard let first = trimmed.first, ["-", "–", "—"].contains(first) else { return trimmed }
    return String(trimmed.dropFirst()).trimmed
  }

  /// A short account of why JSON did not parse, such as "Invalid value around character 7".
  ///
  /// JSONDecoder says only that the data is not valid JSON; JSONSerialization says where.
  private static func jsonProblem(_ bytes: [UInt8], _ error: any Error) -> String {
    do {
      _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch {
      if let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String {
        return text.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
      }
    }
    guard case DecodingError.dataCorrupted(let context) = error else {
      return "it has the wrong shape"
    }
    return context.debugDescription.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
  }
}

/// Any JSON value, for reading items whose fields may have any type.
enum JSONValue: Decodable, Equatable {
  case null
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode([String: JSONValue].self) {
      self = .object(value)
    } else {
      self = .array(try container.decode([JSONValue].self))
    }
  }
}
