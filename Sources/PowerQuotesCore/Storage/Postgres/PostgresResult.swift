import CPostgres

/// A statement's rows as libpq received them (text format), read in place: a listing of
/// 100,000 favorites lends each column's bytes to its writer without making a `String` of it.
///
/// It owns the result, freed when it is released, and stays readable whatever its connection
/// runs meanwhile.
final class PostgresResult {
  private let handle: OpaquePointer?
  /// How many rows and columns it has.
  let rowCount: Int
  let columnCount: Int

  /// Takes the last result of `connection`'s handle.
  init(taking handle: OpaquePointer?) {
    self.handle = handle
    rowCount = Int(pq_pg_result_rows(handle))
    columnCount = Int(pq_pg_result_columns(handle))
  }

  deinit { pq_pg_result_free(handle) }

  /// The columns' names, in order.
  var columnNames: [String] {
    (0..<columnCount).map { String(cString: pq_pg_result_column_name(handle, Int32($0))) }
  }

  /// The bytes of the value at `row`, `column` (valid while the result lives); nil for NULL.
  func bytes(_ row: Int, _ column: Int) -> UnsafeBufferPointer<UInt8>? {
    var length = 0
    guard let value = pq_pg_result_value(handle, Int32(row), Int32(column), &length) else {
      return nil
    }
    return UnsafeRawPointer(value).withMemoryRebound(to: UInt8.self, capacity: length) {
      UnsafeBufferPointer(start: $0, count: length)
    }
  }

  /// The value at `row`, `column` as text; nil for NULL.
  func text(_ row: Int, _ column: Int) -> String? {
    bytes(row, column).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The values of `row`, in column order.
  func values(_ row: Int) -> [String?] {
    (0..<columnCount).map { text(row, $0) }
  }

  /// The value at `row`, `column` as a whole number (the server's text of a `bigint`: an
  /// optional minus and digits), read from its bytes; nil for NULL or anything else.
  func integer(_ row: Int, _ column: Int) -> Int64? {
    guard let bytes = bytes(row, column) else { return nil }
    let negative = bytes.first == UInt8(ascii: "-")
    let digits = UnsafeBufferPointer(rebasing: bytes[(negative ? 1 : 0)...])
    guard !digits.isEmpty else { return nil }
    // Counted down from zero, so that Int64.min reads too.
    var value: Int64 = 0
    for byte in digits {
      guard byte &- UInt8(ascii: "0") < 10 else { return nil }
      let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (next, alsoOverflowed) = times.subtractingReportingOverflow(
        Int64(byte &- UInt8(ascii: "0")))
      guard !overflowed, !alsoOverflowed else { return nil }
      value = next
    }
    if negative { return value }
    return value == .min ? nil : -value
  }
}
