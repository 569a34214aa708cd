import Foundation
import Testing

@testable import PowerQuotesCore

@Suite("HTTP dates, in the three forms RFC 9110 asks recipients to read")
struct HTTPDateTests {
  @Test(arguments: [
    "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
  ])
  func forms(text: String) {
    #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: 784_111_777))
  }

  @Test(arguments: [
    "", "tomorrow", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 32 Nov 1994 08:49:37 GMT",
    "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "06 Nov 1994 08:49:37 GMT",
    "Sun, 06 Nov 99999 08:49:37 GMT", "Sun, 06 Nov -5 08:49:37 GMT",
  ])
  func rejects(text: String) {
    #expect(HTTPDate.parse(text) == nil)
  }

  /// RFC 850's two-digit years: 2000s up to 69, 1900s from 70.
  @Test func twoDigitYears() {
    #expect(
      HTTPDate.parse("Monday, 01-Jan-35 00:00:00 GMT") == Date(timeIntervalSince1970: 2_051_222_400)
    )
    #expect(HTTPDate.parse("Thursday, 01-Jan-70 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
  }
}
