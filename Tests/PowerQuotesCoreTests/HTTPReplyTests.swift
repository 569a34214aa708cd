import Testing

@testable import PowerQuotesCore

@Suite("A reply's header lines")
struct HTTPReplyTests {
  @Test("Names and values lose the spaces and tabs around them; lines without a colon are skipped")
  func readsLines() {
    let reply = HTTPReply(
      statusCode: 429,
      headerLines: "HTTP/1.1 429 Too Many Requests\r\n"
        + "Content-Type:  application/json; charset=utf-8 \r\n"
        + "\tRetry-After\t:\t120\t\r\n"
        + "X-Empty:\r\n"
        + ": no name\r\n"
        + "Vary: Origin, Accept-Encoding\r\n\r\n"
    )
    #expect(reply.statusCode == 429)
    #expect(reply.headers.map(\.name) == ["Content-Type", "Retry-After", "X-Empty", "Vary"])
    #expect(
      reply.headers.map(\.value)
        == ["application/json; charset=utf-8", "120", "", "Origin, Accept-Encoding"])
  }

  @Test("A header is found whatever the case of its name's letters, the first one when repeated")
  func findsWithoutCase() {
    let reply = HTTPReply(
      statusCode: 200,
      headerLines: "content-type: text/html\r\nCONTENT-TYPE: application/json\r\nDate: x\r\n"
    )
    #expect(reply.value(forHeader: "Content-Type") == "text/html")
    #expect(reply.value(forHeader: "date") == "x")
    #expect(reply.value(forHeader: "Content-Typ") == nil)
    #expect(reply.value(forHeader: "Content-Type!") == nil)
    #expect(reply.value(forHeader: "Retry-After") == nil)
  }
}
