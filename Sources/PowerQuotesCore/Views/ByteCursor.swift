/// Writes bytes into memory measured beforehand to hold them: a listing's row is bounded, then
/// written without growing an array at each piece, and appended in one copy.
struct ByteCursor {
  private let start: UnsafeMutablePointer<UInt8>
  private var end: UnsafeMutablePointer<UInt8>
  private let limit: UnsafeMutablePointer<UInt8>

  /// A cursor at the start of `buffer`, which must not be empty.
  init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    guard let base = buffer.baseAddress else {
      preconditionFailure("ByteCursor: an empty buffer")
    }
    start = base
    end = start
    limit = start + buffer.count
  }

  /// Calls `body` with a cursor over `capacity` bytes (on the stack when they are few), then
  /// appends what it wrote to `out`.
  static func appending<Result>(
    capacity: Int, to out: inout [UInt8], _ body: (inout ByteCursor) -> Result
  ) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, 1)) { buffer in
      var cursor = ByteCursor(buffer)
      let result = body(&cursor)
      out.append(contentsOf: cursor.written)
      return result
    }
  }

  /// The bytes written so far.
  var written: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: start, count: end - start)
  }

  /// Makes room for `count` more bytes: the bound was a programming error if there is none.
  private func check(_ count: Int) {
    precondition(limit - end >= count, "ByteCursor: the row was measured too short")
  }

  mutating func write(_ byte: UInt8) {
    check(1)
    end.initialize(to: byte)
    end += 1
  }

  mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    check(bytes.count)
    end.initialize(from: base, count: bytes.count)
    end += bytes.count
  }

  mutating func write(_ text: StaticString) {
    write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Writes `count` spaces (none when `count` is 0 or less).
  mutating func writeSpaces(_ count: Int) {
    guard count > 0 else { return }
    check(count)
    end.initialize(repeating: 0x20, count: count)
    end += count
  }

  /// Writes `value` in decimal: at most 20 bytes.
  mutating func writeDecimal(_ value: Int64) {
    var magnitude = value.magnitude
    let count = RowBytes.decimalCount(magnitude) + (value < 0 ? 1 : 0)
    check(count)
    if value < 0 { end.initialize(to: UInt8(ascii: "-")) }
    var digit = end + count
    repeat {
      digit -= 1
      digit.initialize(to: UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    end += count
  }
}
