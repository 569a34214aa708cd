// One connection to a PostgreSQL server through libpq, loaded with dlopen on first use.
//
// Most starts of powerquotes use SQLite, and a start pays for every library the binary links:
// libpq would bring OpenSSL, Kerberos and LDAP into each of them. So nothing here is linked, as
// with CCurl: the first connection loads libpq.so.5, and a start that uses SQLite never maps it.
// Not even libpq's headers are needed to build: the few types and constants used are declared
// in pq_postgres.c, from libpq's stable ABI.
//
// Connecting and waiting for results run libpq's non-blocking calls on the calling thread and
// sleep in poll(2), so a timeout is real milliseconds (libpq's own connect_timeout is whole
// seconds, two at least) and pq_pg_cancel, from any thread, wakes the wait at once.
#ifndef POWERQUOTES_PQ_POSTGRES_H
#define POWERQUOTES_PQ_POSTGRES_H

#include <stddef.h>

/// How a call ended.
typedef enum {
  PQ_PG_OK = 0,
  /// libpq could not be loaded; pq_pg_library_error() says why.
  PQ_PG_NO_LIBRARY,
  /// The connection could not be made, or broke; pq_pg_error_text() has libpq's words.
  PQ_PG_CONNECTION_FAILED,
  /// The server answered a statement with an error; see pq_pg_error_field().
  PQ_PG_STATEMENT_FAILED,
  PQ_PG_TIMED_OUT,
  PQ_PG_CANCELLED,
  /// Out of memory, or a call made on a connection that is not open.
  PQ_PG_OTHER,
} pq_pg_outcome;

/// A connection and the result of its last statement. Not thread-safe except for pq_pg_cancel.
typedef struct pq_pg pq_pg;

/// A new, unconnected handle, or NULL when out of memory.
pq_pg *pq_pg_create(void);

/// Connects with libpq's keyword/value pairs (`keywords` and `values` end with NULL), waiting
/// at most `timeout_ms` for the whole of it: resolving, TCP, TLS and authentication.
pq_pg_outcome pq_pg_connect(pq_pg *pg, const char *const *keywords, const char *const *values,
                            long timeout_ms);

/// Runs `sql`, waiting at most `timeout_ms` for its results (no limit when negative).
///
/// With `count` >= 0, one statement with `count` parameters ($1...) in text format, NULL for
/// SQL NULL. With `count` < 0, `sql` may hold several statements separated by semicolons
/// (the simple query protocol) and takes no parameters: they run as one implicit transaction
/// unless `sql` says otherwise. The result kept is the last statement's, or the first error.
///
/// After PQ_PG_TIMED_OUT or PQ_PG_CANCELLED the server has been asked to cancel the statement
/// and the connection is closed: it can no longer be trusted to be between statements.
pq_pg_outcome pq_pg_exec(pq_pg *pg, const char *sql, int count, const char *const *values,
                         long timeout_ms);

/// pq_pg_exec in two halves, so that the caller can work while the server does: pq_pg_send
/// sends one statement (`count` >= 0) and returns once it is written; pq_pg_receive then
/// waits for its results as pq_pg_exec does. Nothing else may run on `pg` between the two.
pq_pg_outcome pq_pg_send(pq_pg *pg, const char *sql, int count, const char *const *values,
                         long timeout_ms);
pq_pg_outcome pq_pg_receive(pq_pg *pg, long timeout_ms);

/// Ends a connect or exec in progress (or the next one started) as PQ_PG_CANCELLED. Any thread.
void pq_pg_cancel(pq_pg *pg);

/// Makes a wait of `pg` end as pq_pg_cancel ends it once `stop` returns nonzero: `stop` is
/// called on the waiting thread before it sleeps and at least every 50 ms while it does (for
/// a waiting task's cancellation, which only that thread can see). NULL for none.
void pq_pg_stop_when(pq_pg *pg, int (*stop)(void));

/// A statement's result, taken from its connection (pq_pg_take_result): its rows stay readable,
/// in place, until pq_pg_result_free, whatever the connection runs meanwhile.
typedef struct pq_pg_result pq_pg_result;

/// The last statement's result, now the caller's to free; NULL when it returned none. Read how
/// many rows it touched (pq_pg_affected_rows) before taking it.
pq_pg_result *pq_pg_take_result(pq_pg *pg);
void pq_pg_result_free(pq_pg_result *result);

/// Rows and columns of a result.
int pq_pg_result_rows(const pq_pg_result *result);
int pq_pg_result_columns(const pq_pg_result *result);
/// A column's name.
const char *pq_pg_result_column_name(const pq_pg_result *result, int column);
/// A value in text format, NUL-terminated, with its length in bytes; NULL for SQL NULL.
const char *pq_pg_result_value(const pq_pg_result *result, int row, int column, size_t *length);
/// How many rows an INSERT, UPDATE or DELETE touched; 0 for other statements.
long pq_pg_affected_rows(const pq_pg *pg);

/// A field of the last error the server sent: 'C' the SQLSTATE, 'M' the message, 'D' the
/// detail, 'n' the constraint's name (libpq's PG_DIAG_* codes). "" when absent.
const char *pq_pg_error_field(const pq_pg *pg, char code);
/// libpq's description of what went wrong last, "" when nothing did.
const char *pq_pg_error_text(const pq_pg *pg);
/// Whether the connection is open and usable.
int pq_pg_is_open(const pq_pg *pg);

/// Closes the connection (if open) and frees the handle.
void pq_pg_destroy(pq_pg *pg);

/// Why libpq could not be loaded, or NULL when it was (or has not been tried).
const char *pq_pg_library_error(void);

#endif
