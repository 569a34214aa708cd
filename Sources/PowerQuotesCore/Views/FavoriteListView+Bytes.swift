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
      let quoteLength = UntrustedText.simpleLength(row.quote),
      RowBytes.arePlainTags(row.tags)
    else { return false }
    RowBytes.appendSpaces(idWidth - RowBytes.decimalCount(row.id), to: &out)
    RowBytes.appendDecimal(row.id, to: &out)
    out.append(contentsOf: [0x20, 0x20])
    let authorShown = RowBytes.appendFitted(
      row.author, length: authorLength, width: authorWidth, to: &out)
    RowBytes.appendSpaces(authorWidth - authorShown, to: &out)
    out.append(contentsOf: [0x20, 0x20])
    if row.tags.isEmpty {
      _ = RowBytes.appendFitted(row.quote, length: quoteLength, width: quoteWidth, to: &out)
    } else {
      // `#a #b`: as TagText.hashed writes plain tags. The tags take at most half the column,
      // and the quote what they leave, as in row(id:quote:tags:).
      var tagText: [UInt8] = [UInt8(ascii: "#")]
      tagText.reserveCapacity(row.tags.count * 2)
      for byte in row.tags {
        tagText.append(byte)
        if byte == 0x20 { tagText.append(UInt8(ascii: "#")) }
      }
      var fittedTags: [UInt8] = []
      let tagWidth = tagText.withUnsafeBufferPointer { tags in
        RowBytes.appendFitted(tags, length: tags.count, width: quoteWidth / 2, to: &fittedTags)
      }
      _ = RowBytes.appendFitted(
        row.quote, length: quoteLength, width: quoteWidth - tagWidth - 1, to: &out)
      out.append(0x20)
      out.append(contentsOf: fittedTags)
    }
    out.append(0x0A)
    return true
  }
}
