/// What a statement returned: its rows in text format, and how many rows it changed.
public struct PostgresRows: Sendable, Equatable {
  /// The columns' names, in order.
  public var columns: [String]
  /// Each row's values in column order; nil is NULL.
  public var values: [[String?]]
  /// How many rows an INSERT, UPDATE or DELETE touched; 0 for other statements.
  public var affectedRows: Int

  /// The number of rows.
  public var count: Int { values.count }

  /// The value of `column` in `row`; nil for NULL or a column that is not there.
  public func value(_ column: String, row: Int = 0) -> String? {
    guard values.indices.contains(row), let index = columns.firstIndex(of: column) else {
      return nil
    }
    return values[row][index]
  }
}
