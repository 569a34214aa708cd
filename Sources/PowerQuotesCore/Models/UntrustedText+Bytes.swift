extension UntrustedText {
  /// Whether `bytes` are valid UTF-8 holding no NUL: text that `String(cString:)` reads back
  /// byte for byte (it stops at a NUL and replaces invalid sequences with U+FFFD).
  static func isCleanUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Printable ASCII, tabs and line feeds first: one branch-free pass, and all most text needs.
    var outside: UInt8 = 0
    for byte in bytes { outside |= (byte == 0 || byte >= 0x80) ? 1 : 0 }
    if outside == 0 { return true }
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        if lead == 0 { return false }
        index += 1
        continue
      }
      // The second byte's range depends on the lead (no overlong forms, no surrogates, nothing
      // past U+10FFFF); every later one is 80 to BF.
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, high) = (3, 0x9F)
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, high) = (4, 0x8F)
      default: return false
      }
      guard index + length <= count else { return false }
      let second = bytes[index + 1]
      guard second >= low && second <= high else { return false }
      var next = index + 2
      while next < index + length {
        guard bytes[next] & 0xC0 == 0x80 else { return false }
        next += 1
      }
      index += length
    }
    return true
  }

  /// ``simpleLength(_:)`` of text given as UTF-8 bytes: how many scalars it has when every one
  /// is simple (so the bytes are valid UTF-8 too), or nil.
  static func simpleLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    if isPrintableASCII(bytes) { return bytes.count }
    var index = 0
    var scalars = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      switch lead {
      case 0x20...0x7E:
        index += 1
      case 0xC2...0xCB:
        // U+0080 to U+02FF: simple from U+00A0, but the soft hyphen.
        guard index + 1 < count, bytes[index + 1] & 0xC0 == 0x80 else { return nil }
        let value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        guard value >= 0xA0 && value != 0xAD else { return nil }
        index += 2
      case 0xE2:
        // U+2010 to U+2027 and U+2030 to U+203A: E2 80, then 90-A7 or B0-BA.
        guard index + 2 < count, bytes[index + 1] == 0x80 else { return nil }
        switch bytes[index + 2] {
        case 0x90...0xA7, 0xB0...0xBA: index += 3
        default: return nil
        }
      default:
        return nil
      }
      scalars += 1
    }
    return scalars
  }

  /// The bytes that decide how text cut to `width` columns shows (``TerminalText/fitted(_:width:)``
  /// of its ``sanitized(_:)`` form), and their ``simpleLength(_:)``; nil when those are not
  /// simple.
  ///
  /// Text that starts with `width` + 1 printable ASCII bytes is cut whatever follows: each is a
  /// one-column grapheme cluster that sanitizing leaves as it is (it removes and replaces only
  /// from a control character on), so the text is wider than `width`, and the cut keeps only
  /// bytes among the first `width`. Those `width` + 1 bytes are returned then, and the rest of a
  /// long quote is never looked at; any other text is measured whole.
  static func simpleHead(
    _ bytes: UnsafeBufferPointer<UInt8>, width: Int
  ) -> (bytes: UnsafeBufferPointer<UInt8>, length: Int)? {
    if width >= 1 && bytes.count > width + 1 {
      let head = UnsafeBufferPointer(rebasing: bytes[...width])
      if isPrintableASCII(head) { return (head, head.count) }
    }
    return simpleLength(bytes).map { (bytes, $0) }
  }

  /// ``needsCleaning(_:)`` of valid UTF-8 bytes.
  static func needsCleaning(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var multiByte = false
    for byte in bytes {
      if byte < 0x20 {
        if byte != 0x0A && byte != 0x09 { return true }
      } else if byte >= 0x7F {
        if byte == 0x7F { return true }
        multiByte = true
      }
    }
    guard multiByte, bytes.count >= 2 else { return false }
    for index in 1..<bytes.count {
      let (before, byte) = (bytes[index - 1], bytes[index])
      switch byte {
      case 0x80...0x9F where before == 0xC2: return true
      case 0x9C where before == 0xD8: return true
      case 0x8E...0x8F, 0xAA...0xAE:
        if before == 0x80 && index >= 2 && bytes[index - 2] == 0xE2 { return true }
      case 0xA6...0xA9:
        if before == 0x81 && index >= 2 && bytes[index - 2] == 0xE2 { return true }
      default: continue
      }
    }
    return false
  }

  /// Whether every byte is printable ASCII (20 to 7E), looked at eight bytes at a time: the
  /// test every quote of a 100,000-row listing goes through.
  static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    guard count >= 8 else {
      for byte in bytes where byte &- 0x20 >= 0x5F { return false }
      return true
    }
    var index = 0
    while index + 8 < count {
      if !isPrintableASCII(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
        return false
      }
      index += 8
    }
    // The last eight bytes, overlapping the words before: no byte-at-a-time tail.
    return isPrintableASCII(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
  }

  /// Whether each of the eight bytes of `word` is printable ASCII (20 to 7E).
  @inline(__always)
  private static func isPrintableASCII(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // A byte of 80 or more; then, among bytes below 80, one below 20, and one that is 7F
    // (a zero byte of word ^ 7F7F...).
    let below = (word &- 0x20 &* ones) & ~word & highs
    let flipped = word ^ (0x7F &* ones)
    let del = (flipped &- ones) & ~flipped & highs
    return (word & highs) | below | del == 0
  }

  /// Whether every byte is ASCII (below 80), looked at eight bytes at a time.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = 0
    while index + 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      if word & 0x8080_8080_8080_8080 != 0 { return false }
      index += 8
    }
    while index < bytes.count {
      if bytes[index] >= 0x80 { return false }
      index += 1
    }
    return true
  }
}
