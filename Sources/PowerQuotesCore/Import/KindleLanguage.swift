#if canImport(Glibc)
import Glibc
#endif

/// The words a Kindle writes on the second line of a clipping in one language.
///
/// One row per language: what names the kind of entry, the page and the location, the month
/// names of its `Added on` dates, and words of its clipping-limit notice. All in lower case.
///
/// A line is read against every row, so a file whose device changed language part way reads
/// whole. Adding a language is adding a row.
struct KindleLanguage: Sendable {
  var name: String
  var highlight: [String]
  var note: [String]
  var bookmark: [String]
  /// Words written before a page number: `page 12`, `第 25 页`.
  var page: [String]
  /// Words written after a page number: `12ページ`.
  var pageAfter: [String] = []
  /// Words written before a location: `Location 180-182`, `位置No. 4404`.
  var location: [String]
  /// The months, January first; each with the spellings a date may use.
  var months: [[String]] = []
  /// Words that only the clipping-limit notice holds, `<You have reached the clipping limit
  /// for this item>`.
  var limitNotice: [String]

  /// Every language read, English first.
  static let all: [KindleLanguage] = [
    KindleLanguage(
      name: "English", highlight: ["highlight"], note: ["note"], bookmark: ["bookmark"],
      page: ["page"], location: ["location", "loc."],
      months: [
        ["january", "jan"], ["february", "feb"], ["march", "mar"], ["april", "apr"], ["may"],
        ["june", "jun"], ["july", "jul"], ["august", "aug"], ["september", "sep", "sept"],
        ["october", "oct"], ["november", "nov"], ["december", "dec"],
      ],
      limitNotice: ["clipping limit"]),
    KindleLanguage(
      name: "German", highlight: ["markierung"], note: ["notiz"], bookmark: ["lesezeichen"],
      page: ["seite"], location: ["position"],
      months: [
        ["januar", "jänner"], ["februar"], ["märz"], ["april"], ["mai"], ["juni"], ["juli"],
        ["august"], ["september"], ["oktober"], ["november"], ["dezember"],
      ],
      limitNotice: ["clipboard-einträge", "maximale anzahl"]),
    KindleLanguage(
      name: "French", highlight: ["surlignement"], note: ["note"], bookmark: ["signet"],
      page: ["page"], location: ["emplacement"],
      months: [
        ["janvier"], ["février"], ["mars"], ["avril"], ["mai"], ["juin"], ["juillet"], ["août"],
        ["septembre"], ["octobre"], ["novembre"], ["décembre"],
      ],
      limitNotice: ["limite d"]),
    KindleLanguage(
      name: "Spanish", highlight: ["subrayado"], note: ["nota"], bookmark: ["marcador"],
      page: ["página"], location: ["posición"],
      months: [
        ["enero"], ["febrero"], ["marzo"], ["abril"], ["mayo"], ["junio"], ["julio"],
        ["agosto"], ["septiembre", "setiembre"], ["octubre"], ["noviembre"], ["diciembre"],
      ],
      limitNotice: ["límite de"]),
    KindleLanguage(
      name: "Italian", highlight: ["evidenziazione"], note: ["nota", "note"],
      bookmark: ["segnalibro"], page: ["pagina"], location: ["posizione"],
      months: [
        ["gennaio"], ["febbraio"], ["marzo"], ["aprile"], ["maggio"], ["giugno"], ["luglio"],
        ["agosto"], ["settembre"], ["ottobre"], ["novembre"], ["dicembre"],
      ],
      limitNotice: ["limite d"]),
    KindleLanguage(
      name: "Portuguese", highlight: ["destaque"], note: ["nota"], bookmark: ["marcador"],
      page: ["página"], location: ["posição"],
      months: [
        ["janeiro"], ["fevereiro"], ["março"], ["abril"], ["maio"], ["junho"], ["julho"],
        ["agosto"], ["setembro"], ["outubro"], ["novembro"], ["dezembro"],
      ],
      limitNotice: ["limite d"]),
    KindleLanguage(
      name: "Dutch", highlight: ["markering"], note: ["notitie"], bookmark: ["bladwijzer"],
      page: ["pagina"], location: ["locatie"],
      months: [
        ["januari"], ["februari"], ["maart"], ["april"], ["mei"], ["juni"], ["juli"],
        ["augustus"], ["september"], ["oktober"], ["november"], ["december"],
      ],
      limitNotice: ["limiet"]),
    KindleLanguage(
      name: "Russian", highlight: ["выделенный отрывок", "выделение", "отрывок"],
      note: ["заметка"], bookmark: ["закладка"], page: ["странице", "стр."],
      location: ["месте", "место", "позиции"],
      months: [
        ["января", "январь"], ["февраля", "февраль"], ["марта", "март"], ["апреля", "апрель"],
        ["мая", "май"], ["июня", "июнь"], ["июля", "июль"], ["августа", "август"],
        ["сентября", "сентябрь"], ["октября", "октябрь"], ["ноября", "ноябрь"],
        ["декабря", "декабрь"],
      ],
      limitNotice: ["вырез", "предел"]),
    KindleLanguage(
      name: "Japanese", highlight: ["ハイライト"], note: ["メモ"], bookmark: ["ブックマーク"],
      page: [], pageAfter: ["ページ"], location: ["位置"], limitNotice: ["上限"]),
    KindleLanguage(
      name: "Chinese", highlight: ["标注", "標註"], note: ["笔记", "筆記"],
      bookmark: ["书签", "書籤"], page: ["第"], location: ["位置"],
      limitNotice: ["上限", "剪贴", "剪輯"]),
  ]

  /// Every row's words of one kind, longest first so that `location` is tried before `loc.`.
  private static func words(_ kind: (KindleLanguage) -> [String]) -> [String] {
    var seen = Set<String>()
    return all.flatMap(kind).filter { seen.insert($0).inserted }.sorted { $0.count > $1.count }
  }

  // As UTF-8: a line is searched byte by byte (Foundation's `range(of:)` took most of an
  // import's time).
  static let highlightWords = words(\.highlight).map { Array($0.utf8) }
  static let noteWords = words(\.note).map { Array($0.utf8) }
  static let bookmarkWords = words(\.bookmark).map { Array($0.utf8) }
  static let pageWords = words(\.page).map { Array($0.utf8) }
  static let pageAfterWords = words(\.pageAfter).map { Array($0.utf8) }
  static let locationWords = words(\.location).map { Array($0.utf8) }
  static let limitNoticeWords = words(\.limitNotice).map { Array($0.utf8) }

  /// Where `word` first starts in `line`, or nil; its first byte is found by the C library's
  /// `memchr` (a loop over the line's bytes for each of the words was the next hot spot of an
  /// import).
  static func offset(of word: [UInt8], in line: [UInt8]) -> Int? {
    guard let first = word.first, word.count <= line.count else { return nil }
    return line.withUnsafeBufferPointer { line -> Int? in
      guard let base = line.baseAddress else { return nil }
      var start = 0
      let last = line.count - word.count
      while start <= last,
        let found = memchr(base + start, Int32(first), last - start + 1)
      {
        let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if UnsafeBufferPointer(rebasing: line[index..<index + word.count]).elementsEqual(word) {
          return index
        }
        start = index + 1
      }
      return nil
    }
  }
}
