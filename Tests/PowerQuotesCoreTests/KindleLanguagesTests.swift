import Foundation
import Testing

@testable import PowerQuotesCore

/// The time `text` (ISO 8601 with an offset) names.
func isoDate(_ text: String) -> Date? {
  ISO8601DateFormatter().date(from: text)
}

/// One `My Clippings.txt` entry and its separator.
func clippingEntry(_ title: String, _ meta: String, _ body: String) -> String {
  "\(title)\r\n\(meta)\r\n\r\n\(body)\r\n==========\r\n"
}

/// One language's header lines, as the issue quotes them from open-source parsers' fixtures,
/// with bodies of our own.
struct KindleFixture: CustomTestStringConvertible, Sendable {
  var language: String
  var highlight: String
  var note: String
  var bookmark: String
  var limitNotice: String
  /// The highlight's page, location and time (UTC).
  var page: String?
  var location: String?
  var time: String

  var testDescription: String { language }

  /// A book with a highlight, a note typed at it, a bookmark and a limit notice.
  var file: String {
    let title = "\u{FEFF}A Book of Days (Writer, Some) "
    return clippingEntry(title, highlight, "The river keeps its own calendar.")
      + clippingEntry(title, note, "Written by the window.")
      + clippingEntry(title, bookmark, "")
      + clippingEntry(title, highlight, limitNotice)
  }

  static let all: [KindleFixture] = [
    KindleFixture(
      language: "English, old (Loc., two-digit year, GMT offset)",
      highlight: "- Highlight Loc. 563-64  | Added on Saturday, 29 April 17 21:23:29 GMT-02:23",
      note: "- Note Loc. 564  | Added on Saturday, 29 April 17 21:24:00 GMT-02:23",
      bookmark: "- Bookmark Loc. 570  | Added on Saturday, 29 April 17 21:25:00 GMT-02:23",
      limitNotice: "<You have reached the clipping limit for this item>",
      location: "563-564", time: "2017-04-29T23:46:29Z"),
    KindleFixture(
      language: "English, old (on Page, AM)",
      highlight: "- Highlight on Page 20 | Added on Monday, November 14, 2011, 10:24 AM",
      note: "- Note on Page 20 | Added on Monday, November 14, 2011, 10:25 AM",
      bookmark: "- Bookmark on Page 21 | Added on Monday, November 14, 2011, 10:26 AM",
      limitNotice: "<You have reached the clipping limit for this item>",
      page: "20", time: "2011-11-14T10:24:00Z"),
    KindleFixture(
      language: "English, new (page and location)",
      highlight: "- Your Highlight on page ix | location 247-248 | Added on Sunday, 18 February "
        + "2018 22:30:47",
      note: "- Your Note on page ix | location 248 | Added on Sunday, 18 February 2018 22:31:00",
      bookmark: "- Your Bookmark on page x | location 250 | Added on Sunday, 18 February 2018 "
        + "22:32:00",
      limitNotice: "<You have reached the clipping limit for this item>",
      page: "ix", location: "247-248", time: "2018-02-18T22:30:47Z"),
    KindleFixture(
      language: "English, at location",
      highlight: "- Your Highlight at location 1012-1013 | Added on Thursday, 3 May 2018 07:05:00",
      note: "- Your Note at location 1013 | Added on Thursday, 3 May 2018 07:06:00",
      bookmark: "- Your Bookmark at location 1020 | Added on Thursday, 3 May 2018 07:07:00",
      limitNotice: "<You have reached the clipping limit for this item>",
      location: "1012-1013", time: "2018-05-03T07:05:00Z"),
    KindleFixture(
      language: "English, on Location (12 AM)",
      highlight:
        "- Your Highlight on Location 88-90 | Added on Tuesday, January 1, 2019 12:05:09 AM",
      note: "- Your Note on Location 90 | Added on Tuesday, January 1, 2019 12:06:00 AM",
      bookmark: "- Your Bookmark on Location 95 | Added on Tuesday, January 1, 2019 12:07:00 AM",
      limitNotice: "<You have reached the clipping limit for this item>",
      location: "88-90", time: "2019-01-01T00:05:09Z"),
    KindleFixture(
      language: "German",
      highlight:
        "- Ihre Markierung bei Position 1200-1202 | Hinzugefügt am Freitag, 26. April 2013 "
        + "um 00:49:32 Uhr",
      note: "- Meine Notiz bei Position 1202 | Hinzugefügt am Freitag, 26. April 2013 um 00:50:00 "
        + "Uhr",
      bookmark: "- Ihr Lesezeichen auf Seite 12 | Position 140 | Hinzugefügt am Freitag, 26. April "
        + "2013 um 00:51:00 Uhr",
      limitNotice:
        "<Sie haben die maximale Anzahl an Clipboard-Einträgen für diesen Inhalt erreicht>",
      location: "1200-1202", time: "2013-04-26T00:49:32Z"),
    KindleFixture(
      language: "French",
      highlight: "- Votre surlignement sur la page 7 | emplacement 90-92 | Ajouté le mercredi 16 "
        + "août 2017 02:14:10",
      note:
        "- Votre note sur la page 7 | emplacement 92 | Ajouté le mercredi 16 août 2017 02:15:00",
      bookmark: "- Votre signet sur la page 8 | emplacement 99 | Ajouté le mercredi 16 août 2017 "
        + "02:16:00",
      limitNotice: "<Vous avez atteint la limite de coupures pour cet élément>",
      page: "7", location: "90-92", time: "2017-08-16T02:14:10Z"),
    KindleFixture(
      language: "Spanish, Mi subrayado",
      highlight: "- Mi subrayado en la página 5 | posición 70-71 | Añadido el lunes, 25 de "
        + "noviembre de 2019 0:43:38",
      note: "- Mi nota en la página 5 | posición 71 | Añadido el lunes, 25 de noviembre de 2019 "
        + "0:44:00",
      bookmark: "- Mi marcador en la página 6 | posición 80 | Añadido el lunes, 25 de noviembre "
        + "de 2019 0:45:00",
      limitNotice: "<Has alcanzado el límite de recortes para este elemento>",
      page: "5", location: "70-71", time: "2019-11-25T00:43:38Z"),
    KindleFixture(
      language: "Spanish, Tu subrayado",
      highlight: "- Tu subrayado en la posición 300-302 | Añadido el martes, 3 de marzo de 2020 "
        + "18:01:02",
      note: "- Tu nota en la posición 302 | Añadido el martes, 3 de marzo de 2020 18:02:00",
      bookmark: "- Tu marcador en la posición 310 | Añadido el martes, 3 de marzo de 2020 18:03:00",
      limitNotice: "<Has alcanzado el límite de recortes para este elemento>",
      location: "300-302", time: "2020-03-03T18:01:02Z"),
    KindleFixture(
      language: "Spanish, La subrayado",
      highlight: "- La subrayado en la página 9 | posición 120-121 | Añadido el jueves, 1 de "
        + "octubre de 2020 9:00:00",
      note: "- La nota en la página 9 | posición 121 | Añadido el jueves, 1 de octubre de 2020 "
        + "9:01:00",
      bookmark: "- La marcador en la página 9 | posición 125 | Añadido el jueves, 1 de octubre de "
        + "2020 9:02:00",
      limitNotice: "<Has alcanzado el límite de recortes para este elemento>",
      page: "9", location: "120-121", time: "2020-10-01T09:00:00Z"),
    KindleFixture(
      language: "Italian, two spaces and a two-digit year",
      highlight: "-  La mia evidenziazione a pagina 2 | posizione 10-12 | Aggiunto il venerdì 6 "
        + "aprile 12, 00:25:08",
      note: "- Le mie note a pagina 2 | posizione 12 | Aggiunto il venerdì 6 aprile 12, 00:26:00",
      bookmark: "- Il mio segnalibro a pagina 3 | posizione 20 | Aggiunto il venerdì 6 aprile 12, "
        + "00:27:00",
      limitNotice: "<Hai raggiunto il limite di ritagli per questo elemento>",
      page: "2", location: "10-12", time: "2012-04-06T00:25:08Z"),
    KindleFixture(
      language: "Italian, La tua evidenziazione",
      highlight: "- La tua evidenziazione a pagina 14 | posizione 200-203 | Aggiunto il lunedì 2 "
        + "settembre 2019 17:45:10",
      note: "- La tua nota a pagina 14 | posizione 203 | Aggiunto il lunedì 2 settembre 2019 "
        + "17:46:00",
      bookmark: "- Il tuo segnalibro a pagina 15 | posizione 210 | Aggiunto il lunedì 2 settembre "
        + "2019 17:47:00",
      limitNotice: "<Hai raggiunto il limite di ritagli per questo elemento>",
      page: "14", location: "200-203", time: "2019-09-02T17:45:10Z"),
    KindleFixture(
      language: "Portuguese",
      highlight:
        "- Seu destaque na página 3 | posição 30-31 | Adicionado: sábado, 2 de novembro de "
        + "2019 14:03:00",
      note: "- Sua nota na página 3 | posição 31 | Adicionado: sábado, 2 de novembro de 2019 "
        + "14:04:00",
      bookmark: "- Seu marcador na página 4 | posição 40 | Adicionado: sábado, 2 de novembro de "
        + "2019 14:05:00",
      limitNotice: "<Você atingiu o limite de recortes para este item>",
      page: "3", location: "30-31", time: "2019-11-02T14:03:00Z"),
    KindleFixture(
      language: "Dutch",
      highlight: "- Je markering op pagina 4 | locatie 50-52 | Toegevoegd op zaterdag 2 november "
        + "2019 14:03:00",
      note: "- Je notitie op pagina 4 | locatie 52 | Toegevoegd op zaterdag 2 november 2019 "
        + "14:04:00",
      bookmark: "- Je bladwijzer op pagina 5 | locatie 60 | Toegevoegd op zaterdag 2 november 2019 "
        + "14:05:00",
      limitNotice: "<Je hebt de limiet voor knipsels voor dit item bereikt>",
      page: "4", location: "50-52", time: "2019-11-02T14:03:00Z"),
    KindleFixture(
      language: "Japanese, old (page first)",
      highlight: "- 12ページ|位置No. 180-182のハイライト |作成日: 2019年3月4日 月曜日 22:15:32",
      note: "- 12ページ|位置No. 182のメモ |作成日: 2019年3月4日 月曜日 22:16:00",
      bookmark: "- 13ページ|位置No. 190のブックマーク |作成日: 2019年3月4日 月曜日 22:17:00",
      limitNotice: "‹このアイテムのクリップの上限に達しました>",
      page: "12", location: "180-182", time: "2019-03-04T22:15:32Z"),
    KindleFixture(
      language: "Japanese, new",
      highlight: "- 位置No. 4404-4404のハイライト |作成日: 2023年8月10日木曜日 18:36:08",
      note: "- 位置No. 4404のメモ |作成日: 2023年8月10日木曜日 18:37:00",
      bookmark: "- 位置No. 4410のブックマーク |作成日: 2023年8月10日木曜日 18:38:00",
      limitNotice: "‹このアイテムのクリップの上限に達しました>",
      location: "4404", time: "2023-08-10T18:36:08Z"),
    KindleFixture(
      language: "Chinese, old (我的标注, 下午)",
      highlight: "- 我的标注 位置 #1234-1235 | 添加于 2017年3月27日星期一 下午10:25:10",
      note: "- 我的笔记 位置 #1235 | 添加于 2017年3月27日星期一 下午10:26:00",
      bookmark: "- 我的书签 位置 #1240 | 添加于 2017年3月27日星期一 下午10:27:00",
      limitNotice: "<您已达到本内容的剪贴上限>",
      location: "1234-1235", time: "2017-03-27T22:25:10Z"),
    KindleFixture(
      language: "Chinese, new (page, 上午)",
      highlight: "- 您在第 25 页（位置 #243-244）的标注 | 添加于 2023年2月14日星期二 上午5:15:57",
      note: "- 您在第 25 页（位置 #244）的笔记 | 添加于 2023年2月14日星期二 上午5:16:00",
      bookmark: "- 您在第 26 页（位置 #250）的书签 | 添加于 2023年2月14日星期二 上午5:17:00",
      limitNotice: "<您已达到本内容的剪贴上限>",
      page: "25", location: "243-244", time: "2023-02-14T05:15:57Z"),
    KindleFixture(
      language: "Russian (en dash)",
      highlight:
        "– Ваш выделенный отрывок в месте 5683–5685 | Добавлено: среда, 28 февраля 2024 г. "
        + "в 10:07:53",
      note: "– Ваша заметка в месте 5685 | Добавлено: среда, 28 февраля 2024 г. в 10:08:00",
      bookmark: "– Ваша закладка в месте 5690 | Добавлено: среда, 28 февраля 2024 г. в 10:09:00",
      limitNotice: "<Вы достигли предела количества вырезок для этого материала>",
      location: "5683-5685", time: "2024-02-28T10:07:53Z"),
  ]
}

@Suite("Import parsing: every Kindle language and form")
struct KindleLanguagesTests {
  @Test(
    "A file per language: the highlight with its note; the bookmark and notice skipped",
    arguments: KindleFixture.all)
  func language(fixture: KindleFixture) throws {
    let batch = try ImportParser.parse(Data(fixture.file.utf8), origin: "My Clippings.txt")
    #expect(batch.format == .clippings)
    #expect(batch.rejected == [])
    #expect(batch.skipped == 2)
    let quote = try #require(batch.quotes.first)
    #expect(batch.quotes.count == 1)
    #expect(quote.quote.text == "The river keeps its own calendar.")
    #expect(quote.quote.author == "Some Writer")
    #expect(quote.work == "A Book of Days")
    let place = [fixture.page.map { "page \($0)" }, fixture.location.map { "location \($0)" }]
      .compactMap { $0 }.joined(separator: ", ")
    #expect(quote.note == place + "\nWritten by the window.")
    #expect(quote.savedAt == isoDate(fixture.time))
  }

  @Test("Each second line's kind, page and location", arguments: KindleFixture.all)
  func kinds(fixture: KindleFixture) {
    #expect(Clipping.kind(fixture.highlight) == .highlight)
    #expect(Clipping.kind(fixture.note) == .note)
    #expect(Clipping.kind(fixture.bookmark) == .bookmark)
    let (page, location) = Clipping.place(fixture.highlight)
    #expect(page == fixture.page)
    #expect(
      location.map {
        $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)"
      } == fixture.location)
    #expect(Clipping.isLimitNotice(fixture.limitNotice))
  }

  @Test("A device's time without an offset is read in the importer's time zone")
  func localTime() throws {
    let fixture = KindleFixture.all[2]
    let tokyo = LocalTime.zone(try #require(TimeZone(identifier: "Asia/Tokyo")))
    let batch = try ImportParser.parse(Data(fixture.file.utf8), origin: "f", localTime: tokyo)
    #expect(batch.quotes.first?.savedAt == isoDate("2018-02-18T22:30:47+09:00"))
    // An offset in the file wins over the zone.
    let old = KindleFixture.all[0]
    let oldBatch = try ImportParser.parse(Data(old.file.utf8), origin: "f", localTime: tokyo)
    #expect(oldBatch.quotes.first?.savedAt == isoDate(old.time))
  }

  @Test("A file whose device changed language part way reads whole, each book its own")
  func mixed() throws {
    let file = KindleFixture.all.enumerated().map { index, fixture in
      clippingEntry("Book \(index) (Writer \(index))", fixture.highlight, "Line \(index).")
    }.joined()
    let batch = try ImportParser.parse(Data(file.utf8), origin: "f")
    #expect(batch.format == .clippings)
    #expect(batch.rejected == [])
    #expect(batch.quotes.map(\.quote.text) == KindleFixture.all.indices.map { "Line \($0)." })
    #expect(batch.quotes.map(\.savedAt) == KindleFixture.all.map { isoDate($0.time) })
  }

  @Test("A Russian file is told by its content, though its lines start with an en dash")
  func russianDetected() throws {
    let russian = try #require(KindleFixture.all.last)
    #expect(ImportParser.isClippings(Array(russian.file.utf8)))
  }

  @Test(
    "Title lines: trailing spaces, a byte order mark, nested parentheses, no author",
    arguments: [
      ("Walden   ", "Walden", "Unknown"),
      ("\u{FEFF}Walden (Thoreau, Henry David)  ", "Walden", "Henry David Thoreau"),
      (
        "Essays (Second Series (1844)) (Emerson, Ralph Waldo)", "Essays (Second Series (1844))",
        "Ralph Waldo Emerson"
      ),
      ("Notes (on (nested) things)", "Notes", "on (nested) things"),
    ])
  func titles(line: String, title: String, author: String) throws {
    let file = clippingEntry(line, "- Your Highlight on Location 5 | Added on Monday", "Words.")
    let batch = try ImportParser.parse(Data(file.utf8), origin: "f")
    #expect(batch.quotes.map(\.work) == [title])
    #expect(batch.quotes.map(\.quote.author) == [author])
  }

  @Test("Highlights that overlap stay apart; one within another with a shared end replaces it")
  func overlapping() throws {
    var file = ""
    for index in 0..<300 {
      let meta = "- Your Highlight on Location \(index + 1)-\(index + 400) | Added on Monday"
      file += clippingEntry("Long (Writer, A)", meta, "Sentence number \(index).")
    }
    // Within the first: the same start, a longer text, saved later.
    file += clippingEntry(
      "Long (Writer, A)", "- Your Highlight on Location 1-700 | Added on Monday",
      "Sentence number 0, and more.")
    // Within all of them, sharing no end, and within the text of the 251st.
    file += clippingEntry(
      "Long (Writer, A)", "- Your Highlight on Location 350-360 | Added on Monday",
      "number 250.")
    let batch = try ImportParser.parse(Data(file.utf8), origin: "f")
    #expect(batch.quotes.count == 300)
    let texts = Dictionary(uniqueKeysWithValues: batch.quotes.map { ($0.position, $0.quote.text) })
    #expect(texts[301] == "Sentence number 0, and more.")
    #expect(texts[302] == "number 250.")
    #expect(Set(1...302).subtracting(texts.keys) == [1, 251])
  }

  @Test("An image highlight (no text) is skipped, not rejected")
  func image() throws {
    let file =
      clippingEntry("Atlas (Maker, A)", "- Your Highlight on page 3 | Added on Monday", "")
      + clippingEntry("Atlas (Maker, A)", "- Your Highlight on page 4 | Added on Monday", "Map.")
    let batch = try ImportParser.parse(Data(file.utf8), origin: "f")
    #expect(batch.rejected == [])
    #expect(batch.skipped == 1)
    #expect(batch.quotes.map(\.quote.text) == ["Map."])
  }

  @Test("A highlight in angle brackets that is no limit notice is kept")
  func bracketed() throws {
    let file = clippingEntry(
      "Code (Coder, A)", "- Your Highlight on page 3 | Added on Monday", "<the limit of a body>")
    let batch = try ImportParser.parse(Data(file.utf8), origin: "f")
    #expect(batch.quotes.map(\.quote.text) == ["<the limit of a body>"])
  }

  @Test(
    "Added-on times in each form",
    arguments: [
      ("Added on Monday, March 4, 2019 10:15:32 PM", "2019-03-04T22:15:32Z"),
      ("Added on Monday, March 4, 2019 12:00:00 PM", "2019-03-04T12:00:00Z"),
      ("Added on Saturday, 29 April 17 21:23:29 GMT+0100", "2017-04-29T20:23:29Z"),
      ("Thu Aug 10 18:36:08 2023", "2023-08-10T18:36:08Z"),
      ("Added on Monday, 31 April 2019 10:00:00", nil),
      ("Added on Monday", nil),
      ("Added on Monday, 4 March 2019", nil),
    ] as [(String, String?)])
  func times(text: String, time: String?) {
    #expect(DeviceTime.reading(Substring(text))?.date(in: .utc) == time.flatMap(isoDate))
  }
}
