// The SQLite settings GRDB does not reach: sqlite3_db_config is variadic, which Swift cannot call.
#ifndef POWERQUOTES_PQ_SQLITE_H
#define POWERQUOTES_PQ_SQLITE_H

#include <sqlite3.h>

/// Makes closing `db` leave the write-ahead log as it is, instead of copying it into the
/// database, flushing both to disk and deleting it. Returns SQLite's result code.
///
/// A command opens the database once and closes it on exit; with checkpoint-on-close every run
/// of `random` paid two disk flushes, and the next one a third to create the log again. The log
/// would only grow, so a process that finds it long does not call this and checkpoints when it
/// closes (see QuoteDatabase.open).
int pq_sqlite_keep_wal_on_close(sqlite3 *db);

#endif
