/// A strict, fast reader of the JSON that `fav import` meets, over UTF-8 bytes.
///
/// `JSONDecoder` builds and type-checks a tree of the whole file (a 13 MB export is several times
/// that in memory) before the first item is read. This reads one value at a time, and the items
/// of a top-level array one by one, as ``JSONValue``. It only says what it is sure `JSONDecoder`
/// would say: on anything unusual (invalid JSON, a repeated key, a number that is not a plain
/// whole `Int`, a lone surrogate) it gives up with nil, and the caller reads the file with
/// `JSONDecoder` as before, so results and error messages stay the same.
struct JSONScanner {
  /// Why the scanner gave up.
  struct GaveUp: Error {}

  /// How deeply arrays and objects may nest before the scanner leaves the file to
  /// `JSONDecoder`: quotes are two levels deep, and recursion must not exhaust the stack.
  static let maxDepth = 64

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0

  /// A scanner over `bytes`, which must outlive it.
  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Reads the whole content, calling `item` with each element (and its position from 1) when
  /// it is an array, and returning the value itself otherwise (nil for an array).
  mutating func scanRoot(item: (JSONValue, Int) -> Void) throws -> JSONValue? {
    skipSpace()
    var root: JSONValue?
    if peek() == UInt8(ascii: "[") {
      index += 1
      var position = 0
      try scanElements { value in
        position += 1
        item(value, position)
      }
    } else {
      root = try value()
    }
    skipSpace()
    guard index == bytes.count else { throw GaveUp() }
    return root
  }

  // MARK: - Values

  private mutating func value() throws -> JSONValue {
    skipSpace()
    guard let byte = peek() else { throw GaveUp() }
    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
      depth += 1
      guard depth <= Self.maxDepth else { throw GaveUp() }
    }
    defer { if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth -= 1 } }
    switch byte {
    case UInt8(ascii: "{"):
      index += 1
      return .object(try members())
    case UInt8(ascii: "["):
      index += 1
      var elements: [JSONValue] = []
      try scanElements { elements.append($0) }
      return .array(elements)
    case UInt8(ascii: "\""):
      index += 1
      return .string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    default:
      return .integer(try integer())
    }
  }

  /// The elements of an array whose `[` has been read, through its `]`.
  private mutating func scanElements(_ element: (JSONValue) -> Void) throws {
    skipSpace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      element(try value())
      skipSpace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return
      default: throw GaveUp()
      }
    }
  }

  /// The members of an object whose `{` has been read, through its `}`.
  private mutating func members() throws -> [String: JSONValue] {
    var members: [String: JSONValue] = [:]
    skipSpace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      return members
    }
    while true {
      skipSpace()
      guard peek() == UInt8(ascii: "\"") else { throw GaveUp() }
      index += 1
      let key = try string()
      skipSpace()
      guard peek() == UInt8(ascii: ":") else { throw GaveUp() }
      index += 1
      // A repeated key: which one JSONDecoder keeps is its business.
      guard members.updateValue(try value(), forKey: key) == nil else { throw GaveUp() }
      skipSpace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return members
      default: throw GaveUp()
      }
    }
  }

  /// A string whose opening quote has been read, through its closing quote.
  private mutating func string() throws -> String {
    let start = index
    // Most strings have no escape: find the closing quote and decode the bytes between.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = try decoded(start..<index)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw GaveUp() }
      index += 1
    }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: try decoded(start..<index).unicodeScalars)
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        index += 1
        scalars.append(try escaped())
      default:
        guard byte >= 0x20 else { throw GaveUp() }
        let runStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""),
          bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20
        {
          index += 1
        }
        scalars.append(contentsOf: try decoded(runStart..<index).unicodeScalars)
      }
    }
    throw GaveUp()
  }

  /// Bytes that must be valid UTF-8.
  private func decoded(_ range: Range<Int>) throws -> String {
    guard let text = String(validatingUTF8: UnsafeBufferPointer(rebasing: bytes[range])) else {
      throw GaveUp()
    }
    return text
  }

  /// The scalar an escape stands for; its backslash has been read.
  private mutating func escaped() throws -> Unicode.Scalar {
    guard let byte = peek() else { throw GaveUp() }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let unit = try hexUnit()
      if (0xD800...0xDBFF).contains(unit) {
        guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw GaveUp() }
        index += 2
        let low = try hexUnit()
        guard (0xDC00...0xDFFF).contains(low) else { throw GaveUp() }
        let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        guard let scalar = Unicode.Scalar(value) else { throw GaveUp() }
        return scalar
      }
      guard let scalar = Unicode.Scalar(unit) else { throw GaveUp() }
      return scalar
    default:
      throw GaveUp()
    }
  }

  /// Four hex digits.
  private mutating func hexUnit() throws -> UInt32 {
    guard index + 4 <= bytes.count else { throw GaveUp() }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      index += 1
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw GaveUp()
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// A whole number without fraction or exponent that fits in `Int`.
  private mutating func integer() throws -> Int {
    var negative = false
    if peek() == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    let start = index
    var value = 0
    while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      guard !overflow, !overflow2 else { throw GaveUp() }
      value = sum
      index += 1
    }
    let digits = index - start
    // No digits, a leading zero, or a fraction or exponent to follow.
    guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { throw GaveUp() }
    if let byte = peek(),
      byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    {
      throw GaveUp()
    }
    return negative ? -value : value
  }

  private mutating func literal(_ word: StaticString) throws {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw GaveUp() }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw GaveUp()
    }
    index += count
  }

  // MARK: - Bytes

  private func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }
}
