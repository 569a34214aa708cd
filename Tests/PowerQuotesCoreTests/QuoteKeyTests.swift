import Foundation
import PowerQuotesCore
import PowerQuotesTestSupport
import Testing

@Suite("Quote keys and favorite equality")
struct QuoteKeyTests {
  @Test(
    "Variants of one quote share a key",
    arguments: [
      ("Know thyself.", "Socrates", "know   THYSELF.", "socrates"),
      ("Know thyself.", "Socrates", "\"Know thyself.\"", "Socrates"),
      ("Know thyself.", "Socrates", "“Know thyself.”", "Socrates"),
      ("Know thyself.", "Socrates", "  'Know thyself.'  ", "Socrates"),
      ("It's true.", "Ann", "It’s true.", "Ann"),
      ("Line one\nline two", "Ann", "Line one line two", "Ann"),
      ("Cafe\u{301}", "Ann", "Café", "Ann"),
      ("Ｆｕｌｌ", "Ann", "full", "Ann"),
      (
        "Darkness cannot drive out darkness.", "Martin Luther King, Jr.",
        "Darkness cannot drive out darkness.", "Martin Luther King  Jr."
      ),
      ("x", "- Rumi", "x", "Rumi"),
    ]
  )
  func variantsShareAKey(a: String, authorA: String, b: String, authorB: String) {
    let first = Quote(text: a, author: authorA, source: .dummyJSON, sourceID: 1)
    let second = Quote(text: b, author: authorB, source: .manual)
    #expect(first.key == second.key)
  }

  @Test(
    "Different quotes have different keys",
    arguments: [
      ("Know thyself.", "Socrates", "Know thyself!", "Socrates"),
      ("Know thyself.", "Socrates", "Know thyself.", "Plato"),
      ("Abu Bakr said", "Abu Bakr", "Abu Bakr said", "Abu Bakr (R.A)"),
      ("a b", "Ann", "ab", "Ann"),
    ]
  )
  func differentQuotesDiffer(a: String, authorA: String, b: String, authorB: String) {
    #expect(
      Quote(text: a, author: authorA, source: .manual).key
        != Quote(text: b, author: authorB, source: .manual).key
    )
  }

  @Test("Favorites are equal by quote and author only")
  func favoriteEquality() {
    let saved = Favorite(id: 1, quote: Samples.rumi, savedAt: testDate)
    var other = Samples.rumi
    other.text = "“" + other.text.uppercased() + "”"
    other.sourceID = 1277
    let twin = Favorite(id: 2, quote: other, savedAt: Date(timeIntervalSince1970: 0))
    #expect(saved == twin)
    #expect(Set([saved, twin]).count == 1)
    let different = Favorite(id: 1, quote: Samples.socrates, savedAt: testDate)
    #expect(saved != different)
  }

  @Test("Search folding drops case and diacritics")
  func searchFolding() {
    #expect(QuoteKey.searchFolded("Umar ibn Al-Khattāb (R.A)") == "umar ibn al khattab r a")
    #expect(QuoteKey.searchFolded("  Søren   KIERKEGAARD ") == "søren kierkegaard")
    #expect(QuoteKey.searchFolded("Brontë") == "bronte")
    #expect(QuoteKey.searchFolded("Straße") == "strasse")
    #expect(QuoteKey.searchFolded("老子 🐉") == "老子 🐉")
  }

  @Test("Favorites encode as flat JSON and decode back")
  func favoriteJSONRoundTrip() throws {
    let favorite = Favorite(id: 7, quote: Samples.umar, savedAt: testDate)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let data = try encoder.encode(favorite)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["quote"] as? String == Samples.umar.text)
    #expect(object["author"] as? String == Samples.umar.author)
    #expect(object["source"] as? String == "dummyjson")
    #expect(object["sourceId"] as? Int == 20)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let decoded = try decoder.decode(Favorite.self, from: data)
    #expect(decoded.id == 7)
    #expect(decoded.quote == Samples.umar)
    #expect(decoded.savedAt == testDate)
  }

  @Test("The built-in set is large, attributed and free of duplicates")
  func builtInSet() {
    #expect(Quote.builtIn.count >= 60)
    #expect(Set(Quote.builtIn.map(\.key)).count == Quote.builtIn.count)
    for quote in Quote.builtIn {
      #expect(quote.source == .builtIn)
      #expect(!quote.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
      #expect(!quote.author.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
      #expect(UntrustedText.sanitized(quote.text) == quote.text)
    }
  }
}
