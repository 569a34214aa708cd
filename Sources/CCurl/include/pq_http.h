// One HTTP GET through libcurl, loaded with dlopen on first use.
//
// powerquotes starts as often as a shell prompt does, and most starts never touch the network.
// Linking libcurl would make every start pay for the dynamic loader resolving it and the ~50
// libraries it pulls in (TLS, Kerberos, LDAP, IDN...). So nothing here is linked: the first
// request loads libcurl.so.4 (or Debian's libcurl-gnutls.so.4), and a start that asks no server
// never maps it.
//
// A transfer runs libcurl's multi interface on the calling thread and sleeps in curl_multi_poll,
// so waiting on a silent server costs no CPU, timeouts are real milliseconds, and
// pq_http_cancel (from any thread) wakes it at once.
#ifndef POWERQUOTES_PQ_HTTP_H
#define POWERQUOTES_PQ_HTTP_H

#include <stddef.h>

/// How a transfer ended.
typedef enum {
  PQ_HTTP_OK = 0,
  /// libcurl could not be loaded; pq_http_library_error() says why.
  PQ_HTTP_NO_LIBRARY,
  PQ_HTTP_RESOLVE_FAILED,
  PQ_HTTP_CONNECT_FAILED,
  PQ_HTTP_TIMED_OUT,
  /// The body passed the size cap (announced or while reading).
  PQ_HTTP_TOO_LARGE,
  /// The reply's head arrived, then the connection closed before the body was whole.
  PQ_HTTP_CUT_SHORT,
  /// The server closed the connection without a reply, or sent a broken one.
  PQ_HTTP_MALFORMED,
  /// Something that is not HTTP answered.
  PQ_HTTP_NOT_HTTP,
  PQ_HTTP_TLS_FAILED,
  PQ_HTTP_TOO_MANY_REDIRECTS,
  /// A redirect to a URL that is not http or https.
  PQ_HTTP_BAD_REDIRECT,
  PQ_HTTP_CANCELLED,
  /// Anything else; pq_http_error_text() has libcurl's words.
  PQ_HTTP_OTHER,
} pq_http_outcome;

/// One transfer's state. Not thread-safe except for pq_http_cancel.
typedef struct pq_http pq_http;

/// A new transfer, or NULL when out of memory.
pq_http *pq_http_create(void);

/// GETs `url`, following up to 5 redirects over http and https only, and waits at most
/// `timeout_ms` for the whole of it. A body over `max_body` bytes is refused.
pq_http_outcome pq_http_get(pq_http *http, const char *url, long timeout_ms, size_t max_body,
                            const char *user_agent, const char *accept);

/// Ends a transfer in progress (or the next one started) as PQ_HTTP_CANCELLED. Any thread.
void pq_http_cancel(pq_http *http);

/// The final reply's status code, 0 when there was none.
long pq_http_status(const pq_http *http);
/// The final reply's header lines, as received ("Name: value\r\n" each), NUL-terminated.
const char *pq_http_headers(const pq_http *http, size_t *length);
/// The final reply's body.
const unsigned char *pq_http_body(const pq_http *http, size_t *length);
/// libcurl's description of what went wrong, "" when nothing did.
const char *pq_http_error_text(const pq_http *http);

/// Frees the transfer.
void pq_http_destroy(pq_http *http);

/// Why libcurl could not be loaded, or NULL when it was (or has not been tried).
const char *pq_http_library_error(void);

/// Starts loading libcurl on a thread of its own and returns at once, so that a command sure to
/// ask a server loads it while doing its other work (opening the database) on another core; the
/// first pq_http_get then waits for that load instead of starting one. Only the first call does
/// anything. Loading maps libraries and runs their constructors but initializes nothing: the
/// first pq_http_get calls curl_global_init.
void pq_http_preload(void);

#endif
