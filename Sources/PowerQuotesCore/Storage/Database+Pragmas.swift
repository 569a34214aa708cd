import CSQLite
import GRDB

extension Database {
  /// Runs `sql`, pragmas that take no arguments and whose rows are not wanted, straight through
  /// SQLite's `sqlite3_exec`.
  ///
  /// GRDB's `execute(sql:)` first turns the text into an SQL literal and splits it into
  /// statements in Swift; `random` ran five pragmas that way on every start (7% of the CPU of its
  /// command's thread in perf).
  func executePragmas(_ sql: String) throws {
    guard let connection = sqliteConnection else {
      throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is closed", sql: sql)
    }
    let code = sqlite3_exec(connection, sql, nil, nil, nil)
    guard code == SQLITE_OK else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code),
        message: String(cString: sqlite3_errmsg(connection)),
        sql: sql)
    }
  }
}
