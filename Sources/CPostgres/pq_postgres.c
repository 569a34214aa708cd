// pipe2
#define _GNU_SOURCE

#include "pq_postgres.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// MARK: - What is used of libpq's ABI (libpq-fe.h and postgres_ext.h, stable since 9.x)

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;
typedef unsigned int Oid;
typedef void (*PQnoticeProcessor)(void *arg, const char *message);

enum { CONNECTION_OK = 0, CONNECTION_BAD = 1 };
enum {
  PGRES_POLLING_FAILED = 0,
  PGRES_POLLING_READING = 1,
  PGRES_POLLING_WRITING = 2,
  PGRES_POLLING_OK = 3,
};
enum {
  PGRES_EMPTY_QUERY = 0,
  PGRES_COMMAND_OK = 1,
  PGRES_TUPLES_OK = 2,
  PGRES_COPY_OUT = 3,
  PGRES_COPY_IN = 4,
  PGRES_BAD_RESPONSE = 5,
  PGRES_NONFATAL_ERROR = 6,
  PGRES_FATAL_ERROR = 7,
  PGRES_COPY_BOTH = 8,
};

// MARK: - Loading libpq

static struct {
  PGconn *(*connectStartParams)(const char *const *keywords, const char *const *values,
                                int expand_dbname);
  int (*connectPoll)(PGconn *conn);
  int (*status)(const PGconn *conn);
  int (*socket)(const PGconn *conn);
  char *(*errorMessage)(const PGconn *conn);
  void (*finish)(PGconn *conn);
  PQnoticeProcessor (*setNoticeProcessor)(PGconn *conn, PQnoticeProcessor proc, void *arg);
  int (*setnonblocking)(PGconn *conn, int arg);
  int (*sendQuery)(PGconn *conn, const char *query);
  int (*sendQueryParams)(PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
                         const char *const *paramValues, const int *paramLengths,
                         const int *paramFormats, int resultFormat);
  int (*flush)(PGconn *conn);
  int (*consumeInput)(PGconn *conn);
  int (*isBusy)(PGconn *conn);
  PGresult *(*getResult)(PGconn *conn);
  int (*resultStatus)(const PGresult *res);
  char *(*resultErrorMessage)(const PGresult *res);
  char *(*resultErrorField)(const PGresult *res, int fieldcode);
  int (*ntuples)(const PGresult *res);
  int (*nfields)(const PGresult *res);
  char *(*fname)(const PGresult *res, int field_num);
  char *(*getvalue)(const PGresult *res, int tup_num, int field_num);
  int (*getisnull)(const PGresult *res, int tup_num, int field_num);
  int (*getlength)(const PGresult *res, int tup_num, int field_num);
  char *(*cmdTuples)(PGresult *res);
  void (*clear)(PGresult *res);
} pq;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[512];

static void load_libpq(void) {
  void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(load_error, sizeof load_error, "%s", reason ? reason : "libpq.so.5 not found");
    return;
  }
#define PQ_LOAD(field, symbol)                                                                 \
  do {                                                                                          \
    *(void **)(&pq.field) = dlsym(library, #symbol);                                            \
    if (pq.field == NULL) {                                                                     \
      snprintf(load_error, sizeof load_error, "libpq is older than 9.3 (no %s)", #symbol);      \
      return;                                                                                   \
    }                                                                                           \
  } while (0)
  PQ_LOAD(connectStartParams, PQconnectStartParams);
  PQ_LOAD(connectPoll, PQconnectPoll);
  PQ_LOAD(status, PQstatus);
  PQ_LOAD(socket, PQsocket);
  PQ_LOAD(errorMessage, PQerrorMessage);
  PQ_LOAD(finish, PQfinish);
  PQ_LOAD(setNoticeProcessor, PQsetNoticeProcessor);
  PQ_LOAD(setnonblocking, PQsetnonblocking);
  PQ_LOAD(sendQuery, PQsendQuery);
  PQ_LOAD(sendQueryParams, PQsendQueryParams);
  PQ_LOAD(flush, PQflush);
  PQ_LOAD(consumeInput, PQconsumeInput);
  PQ_LOAD(isBusy, PQisBusy);
  PQ_LOAD(getResult, PQgetResult);
  PQ_LOAD(resultStatus, PQresultStatus);
  PQ_LOAD(resultErrorMessage, PQresultErrorMessage);
  PQ_LOAD(resultErrorField, PQresultErrorField);
  PQ_LOAD(ntuples, PQntuples);
  PQ_LOAD(nfields, PQnfields);
  PQ_LOAD(fname, PQfname);
  PQ_LOAD(getvalue, PQgetvalue);
  PQ_LOAD(getisnull, PQgetisnull);
  PQ_LOAD(getlength, PQgetlength);
  PQ_LOAD(cmdTuples, PQcmdTuples);
  PQ_LOAD(clear, PQclear);
#undef PQ_LOAD
  loaded = 1;
  load_error[0] = '\0';
}

const char *pq_pg_library_error(void) { return load_error[0] ? load_error : NULL; }

// MARK: - A connection

struct pq_pg {
  PGconn *conn;
  PGresult *result;      // the last statement's result, or its first error
  int wake[2];           // pq_pg_cancel writes to wake[1]; the waits poll wake[0]
  atomic_int cancelled;
  int (*stop)(void);     // asked between polls, on the waiting thread
  char error[1024];
};

pq_pg *pq_pg_create(void) {
  pq_pg *pg = calloc(1, sizeof *pg);
  if (pg == NULL) return NULL;
  if (pipe2(pg->wake, O_CLOEXEC | O_NONBLOCK) != 0) {
    free(pg);
    return NULL;
  }
  return pg;
}

void pq_pg_cancel(pq_pg *pg) {
  atomic_store(&pg->cancelled, 1);
  // A full pipe already wakes the wait: a failed write changes nothing.
  ssize_t written = write(pg->wake[1], "", 1);
  (void)written;
}

void pq_pg_stop_when(pq_pg *pg, int (*stop)(void)) { pg->stop = stop; }

static void clear_result(pq_pg *pg) {
  if (pg->result != NULL) {
    pq.clear(pg->result);
    pg->result = NULL;
  }
}

static void close_connection(pq_pg *pg) {
  clear_result(pg);
  if (pg->conn != NULL) {
    pq.finish(pg->conn);
    pg->conn = NULL;
  }
}

void pq_pg_destroy(pq_pg *pg) {
  if (pg == NULL) return;
  if (loaded) close_connection(pg);
  close(pg->wake[0]);
  close(pg->wake[1]);
  free(pg);
}

/// Keeps libpq's message, one line per line, without the newline that ends it.
static void keep_error(pq_pg *pg, const char *message) {
  snprintf(pg->error, sizeof pg->error, "%s", message ? message : "");
  size_t length = strlen(pg->error);
  while (length > 0 && (pg->error[length - 1] == '\n' || pg->error[length - 1] == ' ')) {
    pg->error[--length] = '\0';
  }
}

/// Notices (such as "extension already exists, skipping") are not for the terminal.
static void ignore_notice(void *context, const char *message) {
  (void)context;
  (void)message;
}

static long long now_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

typedef enum { WAIT_READY, WAIT_TIMED_OUT, WAIT_CANCELLED, WAIT_FAILED } wait_outcome;

/// Sleeps until the connection's socket is ready for `events`, the deadline passes (none when
/// negative), pq_pg_cancel is called or the stop check says to.
static wait_outcome wait_for(pq_pg *pg, short events, long long deadline) {
  for (;;) {
    if (pg->stop != NULL && pg->stop()) atomic_store(&pg->cancelled, 1);
    if (atomic_load(&pg->cancelled)) return WAIT_CANCELLED;
    int timeout = -1;
    if (deadline >= 0) {
      long long left = deadline - now_ms();
      if (left <= 0) return WAIT_TIMED_OUT;
      timeout = left > 60000 ? 60000 : (int)left;
    }
    if (pg->stop != NULL && (timeout < 0 || timeout > 50)) timeout = 50;
    struct pollfd fds[2] = {
        {.fd = pq.socket(pg->conn), .events = events},
        {.fd = pg->wake[0], .events = POLLIN},
    };
    if (fds[0].fd < 0) return WAIT_FAILED;
    int ready = poll(fds, 2, timeout);
    if (ready < 0 && errno != EINTR) return WAIT_FAILED;
    if (ready > 0 && fds[0].revents != 0) return WAIT_READY;
  }
}

static pq_pg_outcome wait_failure(pq_pg *pg, wait_outcome outcome, const char *doing) {
  switch (outcome) {
    case WAIT_TIMED_OUT:
      snprintf(pg->error, sizeof pg->error, "no answer in time while %s", doing);
      return PQ_PG_TIMED_OUT;
    case WAIT_CANCELLED:
      snprintf(pg->error, sizeof pg->error, "cancelled while %s", doing);
      return PQ_PG_CANCELLED;
    default:
      snprintf(pg->error, sizeof pg->error, "waiting on the connection failed while %s: %s",
               doing, strerror(errno));
      return PQ_PG_CONNECTION_FAILED;
  }
}

pq_pg_outcome pq_pg_connect(pq_pg *pg, const char *const *keywords, const char *const *values,
                            long timeout_ms) {
  pthread_once(&load_once, load_libpq);
  if (!loaded) return PQ_PG_NO_LIBRARY;
  close_connection(pg);
  pg->error[0] = '\0';
  long long deadline = now_ms() + (timeout_ms > 0 ? timeout_ms : 1);

  pg->conn = pq.connectStartParams(keywords, values, 0);
  if (pg->conn == NULL) {
    snprintf(pg->error, sizeof pg->error, "libpq is out of memory");
    return PQ_PG_OTHER;
  }
  pq.setNoticeProcessor(pg->conn, ignore_notice, NULL);
  if (pq.status(pg->conn) == CONNECTION_BAD) {
    keep_error(pg, pq.errorMessage(pg->conn));
    close_connection(pg);
    return PQ_PG_CONNECTION_FAILED;
  }
  // libpq's protocol: wait as PQconnectPoll last said, starting as if it had said "writing".
  int polling = PGRES_POLLING_WRITING;
  while (polling != PGRES_POLLING_OK) {
    if (polling == PGRES_POLLING_FAILED) {
      keep_error(pg, pq.errorMessage(pg->conn));
      close_connection(pg);
      return PQ_PG_CONNECTION_FAILED;
    }
    wait_outcome waited =
        wait_for(pg, polling == PGRES_POLLING_READING ? POLLIN : POLLOUT, deadline);
    if (waited != WAIT_READY) {
      pq_pg_outcome outcome = wait_failure(pg, waited, "connecting");
      close_connection(pg);
      return outcome;
    }
    polling = pq.connectPoll(pg->conn);
  }
  if (pq.setnonblocking(pg->conn, 1) != 0) {
    keep_error(pg, pq.errorMessage(pg->conn));
    close_connection(pg);
    return PQ_PG_CONNECTION_FAILED;
  }
  return PQ_PG_OK;
}

/// Sends `sql` (see pq_pg_exec) and waits until libpq has written it, until `deadline`.
static pq_pg_outcome send_statement(pq_pg *pg, const char *sql, int count,
                                    const char *const *values, long long deadline) {
  if (!loaded || pg->conn == NULL || pq.status(pg->conn) != CONNECTION_OK) {
    snprintf(pg->error, sizeof pg->error, "the connection is closed");
    return PQ_PG_OTHER;
  }
  clear_result(pg);
  pg->error[0] = '\0';
  int sent = count >= 0 ? pq.sendQueryParams(pg->conn, sql, count, NULL, values, NULL, NULL, 0)
                        : pq.sendQuery(pg->conn, sql);
  if (!sent) {
    keep_error(pg, pq.errorMessage(pg->conn));
    return PQ_PG_CONNECTION_FAILED;
  }
  // The statement may not fit the socket's buffer at once (long parameters).
  int flushed;
  while ((flushed = pq.flush(pg->conn)) == 1) {
    wait_outcome waited = wait_for(pg, POLLOUT | POLLIN, deadline);
    if (waited != WAIT_READY) {
      pq_pg_outcome outcome = wait_failure(pg, waited, "sending a statement");
      close_connection(pg);
      return outcome;
    }
    if (!pq.consumeInput(pg->conn)) break;
  }
  if (flushed != 0) {
    keep_error(pg, pq.errorMessage(pg->conn));
    return PQ_PG_CONNECTION_FAILED;
  }
  return PQ_PG_OK;
}

/// Reads every result of the statement sent last, keeping the last one or the first error,
/// until `deadline`.
static pq_pg_outcome receive_results(pq_pg *pg, long long deadline) {
  if (!loaded || pg->conn == NULL) {
    snprintf(pg->error, sizeof pg->error, "the connection is closed");
    return PQ_PG_OTHER;
  }
  clear_result(pg);
  int failed = 0;
  for (;;) {
    while (pq.isBusy(pg->conn)) {
      wait_outcome waited = wait_for(pg, POLLIN, deadline);
      if (waited != WAIT_READY) {
        // The connection may be in the middle of a statement: closing it is the only way back,
        // and the server rolls back whatever transaction it had open.
        pq_pg_outcome outcome = wait_failure(pg, waited, "waiting for the server");
        close_connection(pg);
        return outcome;
      }
      if (!pq.consumeInput(pg->conn)) {
        keep_error(pg, pq.errorMessage(pg->conn));
        return PQ_PG_CONNECTION_FAILED;
      }
    }
    PGresult *result = pq.getResult(pg->conn);
    if (result == NULL) break;
    switch (pq.resultStatus(result)) {
      case PGRES_EMPTY_QUERY:
      case PGRES_COMMAND_OK:
      case PGRES_TUPLES_OK:
      case PGRES_NONFATAL_ERROR:
        if (failed) {
          pq.clear(result);
        } else {
          clear_result(pg);
          pg->result = result;
        }
        break;
      case PGRES_COPY_OUT:
      case PGRES_COPY_IN:
      case PGRES_COPY_BOTH:
        // Not used by powerquotes, and the connection cannot leave COPY without it.
        pq.clear(result);
        snprintf(pg->error, sizeof pg->error, "COPY is not supported here");
        close_connection(pg);
        return PQ_PG_OTHER;
      default:
        if (failed) {
          pq.clear(result);
        } else {
          failed = 1;
          clear_result(pg);
          pg->result = result;
          keep_error(pg, pq.resultErrorMessage(result));
        }
        break;
    }
  }
  if (pq.status(pg->conn) == CONNECTION_BAD) {
    if (pg->error[0] == '\0') keep_error(pg, pq.errorMessage(pg->conn));
    return PQ_PG_CONNECTION_FAILED;
  }
  return failed ? PQ_PG_STATEMENT_FAILED : PQ_PG_OK;
}

static long long deadline_after(long timeout_ms) {
  return timeout_ms < 0 ? -1 : now_ms() + timeout_ms;
}

pq_pg_outcome pq_pg_exec(pq_pg *pg, const char *sql, int count, const char *const *values,
                         long timeout_ms) {
  long long deadline = deadline_after(timeout_ms);
  pq_pg_outcome outcome = send_statement(pg, sql, count, values, deadline);
  return outcome == PQ_PG_OK ? receive_results(pg, deadline) : outcome;
}

pq_pg_outcome pq_pg_send(pq_pg *pg, const char *sql, int count, const char *const *values,
                         long timeout_ms) {
  return send_statement(pg, sql, count, values, deadline_after(timeout_ms));
}

pq_pg_outcome pq_pg_receive(pq_pg *pg, long timeout_ms) {
  return receive_results(pg, deadline_after(timeout_ms));
}

pq_pg_result *pq_pg_take_result(pq_pg *pg) {
  PGresult *result = pg->result;
  pg->result = NULL;
  return (pq_pg_result *)result;
}

void pq_pg_result_free(pq_pg_result *result) {
  if (result != NULL) pq.clear((PGresult *)result);
}

int pq_pg_result_rows(const pq_pg_result *result) {
  return result ? pq.ntuples((const PGresult *)result) : 0;
}

int pq_pg_result_columns(const pq_pg_result *result) {
  return result ? pq.nfields((const PGresult *)result) : 0;
}

const char *pq_pg_result_column_name(const pq_pg_result *result, int column) {
  const char *name = result ? pq.fname((const PGresult *)result, column) : NULL;
  return name ? name : "";
}

const char *pq_pg_result_value(const pq_pg_result *result, int row, int column, size_t *length) {
  const PGresult *res = (const PGresult *)result;
  *length = 0;
  if (res == NULL || row < 0 || column < 0 || row >= pq.ntuples(res) ||
      column >= pq.nfields(res) || pq.getisnull(res, row, column)) {
    return NULL;
  }
  *length = (size_t)pq.getlength(res, row, column);
  return pq.getvalue(res, row, column);
}

long pq_pg_affected_rows(const pq_pg *pg) {
  if (pg->result == NULL) return 0;
  const char *text = pq.cmdTuples(pg->result);
  return text && *text ? strtol(text, NULL, 10) : 0;
}

const char *pq_pg_error_field(const pq_pg *pg, char code) {
  if (pg->result == NULL) return "";
  const char *field = pq.resultErrorField(pg->result, code);
  return field ? field : "";
}

const char *pq_pg_error_text(const pq_pg *pg) { return pg->error; }

int pq_pg_is_open(const pq_pg *pg) {
  return loaded && pg->conn != NULL && pq.status(pg->conn) == CONNECTION_OK;
}
