import PowerQuotesCore
import Testing

@Suite("The edit form")
struct FavoriteEditFormTests {
  let form = FavoriteEditForm(text: "Know thyself.\nTwice.", author: "Socrates", note: "")

  @Test("A rendered form reads back as it was")
  func roundTrip() throws {
    #expect(try FavoriteEditForm.parse(form.rendered(id: 7)) == form)
    #expect(form.rendered(id: 7).hasPrefix("# Editing favorite 7."))
  }

  @Test("Comments are ignored, text is trimmed, CR LF is read as LF")
  func edited() throws {
    let text =
      "# hello\r\n[quote]\r\n  New words.\r\n\r\n[author]\r\nPlato\r\n# x\r\n[note]\r\nA note\r\n"
    #expect(
      try FavoriteEditForm.parse(text)
        == FavoriteEditForm(text: "New words.", author: "Plato", note: "A note"))
  }

  @Test("An emptied form is nil", arguments: ["", "\n\n", "# only\n# comments\n", "  \n\t\n"])
  func emptied(text: String) throws {
    #expect(try FavoriteEditForm.parse(text) == nil)
  }

  @Test("A form missing a section is an error")
  func missing() {
    #expect(throws: FavoriteEditFormError.sectionMissing("[author]")) {
      try FavoriteEditForm.parse("[quote]\nWords\n[note]\n")
    }
  }
}
