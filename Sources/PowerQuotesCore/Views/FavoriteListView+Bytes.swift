extension FavoriteListView {
  /// Appends ``row(_:)`` of `row`'s favorite: straight from the row's bytes when they need no
  /// cleaning and no Unicode tables to measure (see ``UntrustedText/simpleLength(_:)``) and
  /// nothing is painted, the decoded favorite's line otherwise.
  public func appendRow(_ row: FavoriteRow, to out: inout [UInt8]) {
    if case .raw(let raw) = row, appendRaw(raw, to: &out) { return }
    out.append(contentsOf: self.row(row.favorite).utf8)
  }

  /// Appends the line of a row read as bytes and returns true; false, appending nothing, when
  /// the line needs the text path.
  private func appendRaw(_ row: RawFavorite, to out: inout [UInt8]) -> Bool {
    guard !painter.enabled, row.id >= 0, authorWidth > 0,
      let authorLength = UntrustedText.simpleLength(row.author),
      let (quote, quoteLength) = UntrustedText.simpleHead(row.quote, width: quoteWidth),
      RowBytes.arePlainTags(row.tags)
    else { return false }
    // The longest the line can be: the id and its padding, the author with an ellipsis and
    // its padding, the quote with an ellipsis, and the tags each with a `#` and an ellipsis.
    let bound =
      max(idWidth, 20) + 4 + row.author.count + 3 + authorWidth + row.quote.count + 3
      + 2 * row.tags.count + 6
    ByteCursor.appending(capacity: bound, to: &out) { line in
      line.writeSpaces(idWidth - RowBytes.decimalCount(row.id))
      line.writeDecimal(row.id)
      line.writeSpaces(2)
      let authorShown = RowBytes.writeFitted(
        row.author, length: authorLength, width: authorWidth, to: &line)
      line.writeSpaces(authorWidth - authorShown + 2)
      if row.tags.isEmpty {
        _ = RowBytes.writeFitted(quote, length: quoteLength, width: quoteWidth, to: &line)
      } else {
        // `#a #b`: as TagText.hashed writes plain tags. The tags take at most half the column,
        // and the quote what they leave, as in row(id:quote:tags:).
        let tagLength = 2 * row.tags.count + 1
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * tagLength + 3) { scratch in
          var text = ByteCursor(UnsafeMutableBufferPointer(rebasing: scratch[..<tagLength]))
          text.write(UInt8(ascii: "#"))
          for byte in row.tags {
            text.write(byte)
            if byte == 0x20 { text.write(UInt8(ascii: "#")) }
          }
          var tags = ByteCursor(UnsafeMutableBufferPointer(rebasing: scratch[tagLength...]))
          let tagWidth = RowBytes.writeFitted(
            text.written, length: text.written.count, width: quoteWidth / 2, to: &tags)
          _ = RowBytes.writeFitted(
            quote, length: quoteLength, width: quoteWidth - tagWidth - 1, to: &line)
          line.write(0x20)
          line.write(tags.written)
        }
      }
      line.write(0x0A)
    }
    return true
  }
}
