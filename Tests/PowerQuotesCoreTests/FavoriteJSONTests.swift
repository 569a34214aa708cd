import Foundation
import Testing

@testable import PowerQuotesCore

/// The hand-written JSON of a favorite and the fast timestamps must write exactly what
/// `JSONEncoder` and `String(format:)` write: each is held against the slow path it replaces.
@Suite struct FavoriteJSONTests {
  /// Texts with everything an escaper can get wrong.
  static let texts = [
    "Know thyself.",
    "",
    "Line one, \"two\"\n%\nthree",
    "back\\slash and /slash/ and \t tab \r\n CR LF",
    "\u{0}\u{1}\u{7}\u{8}\u{B}\u{C}\u{1B}[31mred\u{1F} \u{7F} \u{80}\u{85}\u{9B}\u{9F}",
    "bidi \u{202E}reversed\u{202C} \u{2066}isolate\u{2069} \u{200E}\u{200F}\u{061C}",
    "Umar ibn Al-Khattāb (R.A) — “curly” ‘quotes’…",
    "日本語のテキスト 👩‍👩‍👧 🇫🇷 e\u{301} \u{FEFF} \u{2028}\u{2029} \u{AD}",
    String(repeating: "long ", count: 300),
  ]

  /// Times around the edges: the epoch, fractions that round up or down, today, far ahead,
  /// and ones before 1970 or after 9999 that take the slow path.
  static let dates: [Date] = [
    Date(timeIntervalSince1970: 0),
    Date(timeIntervalSince1970: 0.0004),
    Date(timeIntervalSince1970: 0.9996),
    Date(timeIntervalSince1970: 1_800_000_000),
    Date(timeIntervalSince1970: 1_800_000_000.25),
    Date(timeIntervalSince1970: 1_800_000_000.999),
    Date(timeIntervalSince1970: 1_800_000_059.9999),
    Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
    Date(timeIntervalSince1970: 253_402_300_799.5),  // the last second of 9999
    Date(timeIntervalSince1970: 253_402_300_800),
    Date(timeIntervalSince1970: -1),
    Date(timeIntervalSince1970: -86_400.5),
  ]

  static var favorites: [Favorite] {
    var favorites: [Favorite] = []
    for (index, text) in texts.enumerated() {
      for (dateIndex, date) in dates.enumerated() {
        favorites.append(
          Favorite(
            id: Int64(index * 100 + dateIndex + 1),
            quote: Quote(
              text: text,
              author: texts[(index + dateIndex) % texts.count],
              source: dateIndex % 2 == 0 ? .dummyJSON : QuoteSource(rawValue: "new \"source\""),
              sourceID: dateIndex % 3 == 0 ? nil : index * 1000 + dateIndex
            ),
            savedAt: date,
            // Notes with every escape, and no, one or several tags.
            note: dateIndex % 4 == 1 ? texts[(index + 2) % texts.count] : "",
            tags: [[], ["one"], ["été", "stoic", "x\"y"]][dateIndex % 3]
          ))
      }
    }
    return favorites
  }

  @Test("fav list --format json: the same bytes as JSONEncoder")
  func listElement() {
    for favorite in Self.favorites {
      #expect(JSONView.arrayElement(favorite) == JSONView.encodedArrayElement(favorite))
    }
  }

  @Test("fav export --format json: the same bytes as JSONEncoder")
  func exportElement() {
    for favorite in Self.favorites {
      #expect(ExportView.jsonElement(favorite) == ExportView.encodedJSONElement(favorite))
    }
  }

  @Test("The fast path writes ordinary favorites and leaves far times to the encoder")
  func fastPathTaken() {
    let favorite = Favorite(
      id: 1, quote: Quote.init(text: "a", author: "b", source: .manual),
      savedAt: Date(timeIntervalSince1970: 1_800_000_000))
    #expect(FavoriteJSON.arrayElement(favorite, dates: .seconds) != nil)
    var old = favorite
    old.savedAt = Date(timeIntervalSince1970: -1)
    #expect(FavoriteJSON.arrayElement(old, dates: .milliseconds) != nil)
    // A second before the year 0000: no four-digit year.
    old.savedAt = Date(timeIntervalSince1970: -62_167_219_201)
    #expect(FavoriteJSON.arrayElement(old, dates: .milliseconds) == nil)
    #expect(FavoriteJSON.arrayElement(old, dates: .seconds) == nil)
  }

  @Test("Fast timestamps equal String(format:) ones", arguments: dates)
  func timestamps(date: Date) {
    #expect(Timestamp.utc(date, separator: " ") == Timestamp.formattedUTC(date, separator: " "))
    #expect(Timestamp.utc(date, separator: "T") == Timestamp.formattedUTC(date, separator: "T"))
  }

  @Test("Fast timestamps over a run of times a millisecond and a day apart")
  func timestampRun() {
    for step in 0..<2000 {
      let date = Date(timeIntervalSince1970: 1_700_000_000 + Double(step) * 86_400.001)
      #expect(Timestamp.utc(date, separator: "T") == Timestamp.formattedUTC(date, separator: "T"))
    }
  }
}
