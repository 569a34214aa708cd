import Foundation

/// The quote of the day: which local date it is for, the quote, and what it was drawn from.
///
/// The choice is a pure function of the local date and the size of the collection drawn from,
/// so it is the same all day in one time zone, in every process, and changes from day to day.
public struct QuoteOfTheDay: Codable, Sendable, Equatable {
  /// What a quote of the day is drawn from, in order of preference.
  public enum Origin: String, Codable, Sendable {
    /// The user's favorites.
    case favorites
    /// Quotes seen before (the offline pool), when there are no favorites.
    case seen
    /// The built-in set, when nothing has been seen yet either.
    case builtIn = "builtin"
  }

  /// The local date, `YYYY-MM-DD`.
  public var date: String
  /// The quote.
  public var quote: Quote
  /// What it was drawn from.
  public var origin: Origin
  /// The favorite's id, when it was drawn from favorites.
  public var favoriteID: Int64?

  /// Makes a quote of the day.
  public init(date: String, quote: Quote, origin: Origin, favoriteID: Int64? = nil) {
    self.date = date
    self.quote = quote
    self.origin = origin
    self.favoriteID = favoriteID
  }

  /// The local date of `date` in `localTime`, as `YYYY-MM-DD` (Gregorian, whatever the locale).
  public static func day(of date: Date, in localTime: LocalTime) -> String {
    localTime.clock(at: date).dateText
  }

  /// The index below `count` that `day` picks.
  ///
  /// A stable hash (FNV-1a, 64 bits) of the day's text, never Swift's `Hasher`, which is seeded
  /// afresh in every process. The high half is folded into the low one, so that when `count` is
  /// a power of two the pick depends on more than the hash's lowest bits.
  public static func index(forDay day: String, count: Int) -> Int {
    precondition(count > 0, "a quote of the day needs something to draw from")
    let hash = fnv1a(day)
    return Int((hash ^ (hash >> 32)) % UInt64(count))
  }

  /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes.
  public static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  /// The day's own keys; the quote's keys sit beside them in the same object.
  enum CodingKeys: String, CodingKey {
    case date
    case origin = "from"
    case favoriteID = "favoriteId"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    date = try container.decode(String.self, forKey: .date)
    quote = try Quote(from: decoder)
    origin = try container.decode(Origin.self, forKey: .origin)
    favoriteID = try container.decodeIfPresent(Int64.self, forKey: .favoriteID)
  }

  /// Flat, like a quote with `date` and `from` beside it, so `jq .quote` works as for `random`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(date, forKey: .date)
    try quote.encode(to: encoder)
    try container.encode(origin, forKey: .origin)
    try container.encodeIfPresent(favoriteID, forKey: .favoriteID)
  }
}
