/// A file in UTF-16 or UTF-32 (as Windows' Notepad and Excel's "Unicode text" save one), told
/// from its first four bytes and made UTF-8 for the import, which reads UTF-8 only.
///
/// With a byte order mark, the mark tells; without one, the zero bytes around the first two
/// characters do, as RFC 4627 (section 3) tells JSON's encodings apart: a file that starts
/// with two ASCII characters (`[`, `{`, a header's letters) has a zero byte in each UTF-16
/// code unit, and three in each UTF-32 one. UTF-8 text never has a zero byte there.
enum WideUnicode: String, Equatable, Sendable {
  case utf16LittleEndian = "UTF-16LE"
  case utf16BigEndian = "UTF-16BE"
  case utf32LittleEndian = "UTF-32LE"
  case utf32BigEndian = "UTF-32BE"

  /// The encoding `head` (up to the first four bytes of a file) shows, and the length of its
  /// byte order mark; nil for UTF-8 and anything else.
  static func detect(_ head: [UInt8]) -> (encoding: WideUnicode, mark: Int)? {
    let byte = { (index: Int) -> UInt8? in index < head.count ? head[index] : nil }
    switch (byte(0), byte(1), byte(2), byte(3)) {
    case (0x00, 0x00, 0xFE, 0xFF): return (.utf32BigEndian, 4)
    case (0xFF, 0xFE, 0x00, 0x00): return (.utf32LittleEndian, 4)
    case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
    case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
    case (0x00, 0x00, 0x00, .some(let last)) where last != 0: return (.utf32BigEndian, 0)
    case (.some(let first), 0x00, 0x00, 0x00) where first != 0: return (.utf32LittleEndian, 0)
    case (0x00, .some(let second), 0x00, .some(let fourth)) where second != 0 && fourth != 0:
      return (.utf16BigEndian, 0)
    case (.some(let first), 0x00, .some(let third), 0x00) where first != 0 && third != 0:
      return (.utf16LittleEndian, 0)
    default: return nil
    }
  }

  /// `bytes` (the mark left out) as UTF-8; nil when they are not valid in this encoding (a
  /// lone surrogate, a value past U+10FFFF, a last code unit cut short).
  func utf8(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
    let width = self == .utf16LittleEndian || self == .utf16BigEndian ? 2 : 4
    guard bytes.count % width == 0 else { return nil }
    let bigEndian = self == .utf16BigEndian || self == .utf32BigEndian
    var units: [UInt32] = []
    units.reserveCapacity(bytes.count / width)
    var start = bytes.startIndex
    while start < bytes.endIndex {
      var value: UInt32 = 0
      for offset in 0..<width {
        value = value << 8 | UInt32(bytes[start + (bigEndian ? offset : width - 1 - offset)])
      }
      units.append(value)
      start += width
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    let failed: Bool
    if width == 2 {
      let iterator = units.lazy.map { UInt16(truncatingIfNeeded: $0) }.makeIterator()
      failed = transcode(iterator, from: UTF16.self, to: UTF8.self, stoppingOnError: true) {
        output.append($0)
      }
    } else {
      let iterator = units.makeIterator()
      failed = transcode(iterator, from: UTF32.self, to: UTF8.self, stoppingOnError: true) {
        output.append($0)
      }
    }
    return failed ? nil : output
  }
}
