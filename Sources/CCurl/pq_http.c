#define _GNU_SOURCE  // sched_getcpu, CPU_* and the pthread affinity calls
#include "pq_http.h"

#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - What is used of libcurl's ABI (curl.h and multi.h, stable since 7.68)
//
// Declared here rather than included, as pq_postgres.c does for libpq, so that building needs
// no development package: every function is reached through dlsym, and these types, codes and
// option numbers are part of libcurl's ABI, which keeps them as they are.

typedef struct Curl_easy CURL;
typedef struct Curl_multi CURLM;
typedef long long curl_off_t;
typedef int CURLoption;  // an enum in curl.h; passed through a variadic call as an int
typedef int CURLINFO;

typedef enum {
  CURLE_OK = 0,
  CURLE_UNSUPPORTED_PROTOCOL = 1,
  CURLE_COULDNT_RESOLVE_PROXY = 5,
  CURLE_COULDNT_RESOLVE_HOST = 6,
  CURLE_COULDNT_CONNECT = 7,
  CURLE_WEIRD_SERVER_REPLY = 8,
  CURLE_HTTP2 = 16,
  CURLE_PARTIAL_FILE = 18,
  CURLE_WRITE_ERROR = 23,
  CURLE_OUT_OF_MEMORY = 27,
  CURLE_OPERATION_TIMEDOUT = 28,
  CURLE_SSL_CONNECT_ERROR = 35,
  CURLE_TOO_MANY_REDIRECTS = 47,
  CURLE_GOT_NOTHING = 52,
  CURLE_SEND_ERROR = 55,
  CURLE_RECV_ERROR = 56,
  CURLE_SSL_CERTPROBLEM = 58,
  CURLE_SSL_CIPHER = 59,
  CURLE_PEER_FAILED_VERIFICATION = 60,
  CURLE_BAD_CONTENT_ENCODING = 61,
  CURLE_FILESIZE_EXCEEDED = 63,
  CURLE_SSL_ENGINE_INITFAILED = 66,
  CURLE_SSL_CACERT_BADFILE = 77,
  CURLE_SSL_SHUTDOWN_FAILED = 80,
  CURLE_SSL_CRL_BADFILE = 82,
  CURLE_SSL_ISSUER_ERROR = 83,
  CURLE_SSL_PINNEDPUBKEYNOTMATCH = 90,
  CURLE_SSL_INVALIDCERTSTATUS = 91,
  CURLE_HTTP2_STREAM = 92,
} CURLcode;

typedef enum { CURLM_OK = 0 } CURLMcode;
typedef enum { CURLMSG_DONE = 1 } CURLMSG;

typedef struct CURLMsg {
  CURLMSG msg;
  CURL *easy_handle;
  union {
    void *whatever;
    CURLcode result;
  } data;
} CURLMsg;

struct curl_slist {
  char *data;
  struct curl_slist *next;
};

// An option's number is its type's base plus its index (curl.h's CURLOPT macro).
enum {
  CURLOPTTYPE_LONG = 0,
  CURLOPTTYPE_OBJECTPOINT = 10000,
  CURLOPTTYPE_FUNCTIONPOINT = 20000,
  CURLOPTTYPE_OFF_T = 30000,
};
enum {
  CURLOPT_WRITEDATA = CURLOPTTYPE_OBJECTPOINT + 1,
  CURLOPT_URL = CURLOPTTYPE_OBJECTPOINT + 2,
  CURLOPT_ERRORBUFFER = CURLOPTTYPE_OBJECTPOINT + 10,
  CURLOPT_USERAGENT = CURLOPTTYPE_OBJECTPOINT + 18,
  CURLOPT_HTTPHEADER = CURLOPTTYPE_OBJECTPOINT + 23,
  CURLOPT_HEADERDATA = CURLOPTTYPE_OBJECTPOINT + 29,
  CURLOPT_NOPROGRESS = CURLOPTTYPE_LONG + 43,
  CURLOPT_FOLLOWLOCATION = CURLOPTTYPE_LONG + 52,
  CURLOPT_MAXREDIRS = CURLOPTTYPE_LONG + 68,
  CURLOPT_NOSIGNAL = CURLOPTTYPE_LONG + 99,
  CURLOPT_ACCEPT_ENCODING = CURLOPTTYPE_OBJECTPOINT + 102,
  CURLOPT_TIMEOUT_MS = CURLOPTTYPE_LONG + 155,
  CURLOPT_CONNECTTIMEOUT_MS = CURLOPTTYPE_LONG + 156,
  CURLOPT_PROTOCOLS_STR = CURLOPTTYPE_OBJECTPOINT + 318,
  CURLOPT_REDIR_PROTOCOLS_STR = CURLOPTTYPE_OBJECTPOINT + 319,
  CURLOPT_WRITEFUNCTION = CURLOPTTYPE_FUNCTIONPOINT + 11,
  CURLOPT_HEADERFUNCTION = CURLOPTTYPE_FUNCTIONPOINT + 79,
  CURLOPT_MAXFILESIZE_LARGE = CURLOPTTYPE_OFF_T + 117,
};
enum { CURLINFO_RESPONSE_CODE = 0x200000 + 2 };  // CURLINFO_LONG + 2
enum { CURL_GLOBAL_DEFAULT = 3 };                 // CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32
enum { CURL_ERROR_SIZE = 256 };

struct curl_waitfd;

// MARK: - Loading libcurl

static struct {
  CURLcode (*global_init)(long flags);
  CURL *(*easy_init)(void);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  void (*easy_cleanup)(CURL *);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_add_handle)(CURLM *, CURL *);
  CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
  CURLMcode (*multi_perform)(CURLM *, int *running_handles);
  CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
  CURLMcode (*multi_wakeup)(CURLM *);
  CURLMsg *(*multi_info_read)(CURLM *, int *msgs_in_queue);
  CURLMcode (*multi_cleanup)(CURLM *);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[512];

static void load_curl(void) {
  // Debian ships the same ABI built on OpenSSL (libcurl4) and on GnuTLS (libcurl3-gnutls).
  static const char *const names[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};
  void *library = NULL;
  // RTLD_LAZY binds the functions of libcurl's dependencies when first called, as they are in
  // curl's own process: RTLD_NOW resolved ~1,800 more symbols at load (a few hundred
  // microseconds). libcurl itself is linked -z now, so its symbols are still all checked here.
  for (size_t i = 0; i < sizeof names / sizeof *names && library == NULL; i++) {
    library = dlopen(names[i], RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL && i == 0) {
      const char *reason = dlerror();
      snprintf(load_error, sizeof load_error, "%s", reason ? reason : "libcurl.so.4 not found");
    }
  }
  if (library == NULL) return;

#define PQ_LOAD(field, symbol)                                                                 \
  do {                                                                                          \
    *(void **)(&curl.field) = dlsym(library, #symbol);                                          \
    if (curl.field == NULL) {                                                                   \
      snprintf(load_error, sizeof load_error, "libcurl is older than 7.68 (no %s)", #symbol);   \
      return;                                                                                   \
    }                                                                                           \
  } while (0)
  PQ_LOAD(global_init, curl_global_init);
  PQ_LOAD(easy_init, curl_easy_init);
  PQ_LOAD(easy_setopt, curl_easy_setopt);
  PQ_LOAD(easy_getinfo, curl_easy_getinfo);
  PQ_LOAD(easy_cleanup, curl_easy_cleanup);
  PQ_LOAD(multi_init, curl_multi_init);
  PQ_LOAD(multi_add_handle, curl_multi_add_handle);
  PQ_LOAD(multi_remove_handle, curl_multi_remove_handle);
  PQ_LOAD(multi_perform, curl_multi_perform);
  PQ_LOAD(multi_poll, curl_multi_poll);
  PQ_LOAD(multi_wakeup, curl_multi_wakeup);
  PQ_LOAD(multi_info_read, curl_multi_info_read);
  PQ_LOAD(multi_cleanup, curl_multi_cleanup);
  PQ_LOAD(slist_append, curl_slist_append);
  PQ_LOAD(slist_free_all, curl_slist_free_all);
#undef PQ_LOAD
  loaded = 1;
  load_error[0] = '\0';
}

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static int initialized;

// Kept out of loading, so that pq_http_preload's thread never runs it: curl_global_init starts
// OpenSSL, which registers an exit handler, and a command that fails before asking exits
// without waiting for that thread; its handler must not run against half-made state. Loading
// alone is safe to leave behind: exit waits for the loader's lock before unloading anything.
// pq_http_get runs on a thread the command waits for.
static void init_curl(void) {
  if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    snprintf(load_error, sizeof load_error, "libcurl could not initialize");
    return;
  }
  initialized = 1;
}

// The CPUs the process may run on, which the loading thread takes back once started.
static cpu_set_t allowed_cpus;
static int has_allowed_cpus;

static void *preload(void *unused) {
  (void)unused;
  if (has_allowed_cpus) {
    (void)pthread_setaffinity_np(pthread_self(), sizeof allowed_cpus, &allowed_cpus);
  }
  pthread_once(&load_once, load_curl);
  return NULL;
}

void pq_http_preload(void) {
  static atomic_flag started = ATOMIC_FLAG_INIT;
  if (atomic_flag_test_and_set(&started)) return;
  pthread_attr_t attributes;
  if (pthread_attr_init(&attributes) != 0) return;
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  // Started on another core than this thread's. Left to the kernel, the new thread often
  // started on the caller's core and took turns with it there while the other core idled
  // (perf's sched_switch: both threads on CPU 0, each preempting the other), and loading
  // libcurl took 8-9 ms instead of 4-5. It may run anywhere again once it has started.
  int here = sched_getcpu();
  if (here >= 0 && sched_getaffinity(0, sizeof allowed_cpus, &allowed_cpus) == 0 &&
      CPU_ISSET(here, &allowed_cpus) && CPU_COUNT(&allowed_cpus) > 1) {
    cpu_set_t elsewhere = allowed_cpus;
    CPU_CLR(here, &elsewhere);
    has_allowed_cpus =
        pthread_attr_setaffinity_np(&attributes, sizeof elsewhere, &elsewhere) == 0;
  }
  pthread_t thread;
  // When no thread can be made, the first request loads libcurl itself, as without this call.
  (void)pthread_create(&thread, &attributes, preload, NULL);
  pthread_attr_destroy(&attributes);
}

const char *pq_http_library_error(void) {
  return load_error[0] ? load_error : NULL;
}

// MARK: - A transfer

struct pq_http {
  pthread_mutex_t lock;  // guards `multi` against pq_http_cancel from another thread
  CURLM *multi;
  atomic_int cancelled;

  size_t max_body;
  int too_large;
  unsigned char *body;
  size_t body_length, body_capacity;
  char *headers;
  size_t headers_length, headers_capacity;
  long status;
  char error[CURL_ERROR_SIZE];
};

pq_http *pq_http_create(void) {
  pq_http *http = calloc(1, sizeof *http);
  if (http == NULL) return NULL;
  pthread_mutex_init(&http->lock, NULL);
  return http;
}

void pq_http_cancel(pq_http *http) {
  pthread_mutex_lock(&http->lock);
  atomic_store(&http->cancelled, 1);
  if (http->multi != NULL) curl.multi_wakeup(http->multi);
  pthread_mutex_unlock(&http->lock);
}

long pq_http_status(const pq_http *http) { return http->status; }

const char *pq_http_headers(const pq_http *http, size_t *length) {
  *length = http->headers_length;
  return http->headers ? http->headers : "";
}

const unsigned char *pq_http_body(const pq_http *http, size_t *length) {
  *length = http->body_length;
  return http->body;
}

const char *pq_http_error_text(const pq_http *http) { return http->error; }

void pq_http_destroy(pq_http *http) {
  if (http == NULL) return;
  pthread_mutex_destroy(&http->lock);
  free(http->body);
  free(http->headers);
  free(http);
}

/// Appends `length` bytes to a growing buffer, keeping a NUL after them; 0 when out of memory.
static int append(void *restrict *buffer, size_t *restrict used, size_t *restrict capacity,
                  const void *bytes, size_t length) {
  if (*used + length + 1 > *capacity) {
    size_t wanted = *capacity ? *capacity : 4096;
    while (wanted < *used + length + 1) wanted *= 2;
    void *grown = realloc(*buffer, wanted);
    if (grown == NULL) return 0;
    *buffer = grown;
    *capacity = wanted;
  }
  memcpy((char *)*buffer + *used, bytes, length);
  *used += length;
  ((char *)*buffer)[*used] = '\0';
  return 1;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
  pq_http *http = context;
  size_t length = size * count;
  if (length > http->max_body - http->body_length) {
    http->too_large = 1;
    return 0;  // a short count makes libcurl stop with CURLE_WRITE_ERROR
  }
  if (!append((void **)&http->body, &http->body_length, &http->body_capacity, data, length)) {
    return 0;
  }
  return length;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
  pq_http *http = context;
  size_t length = size * count;
  if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) {
    // A new reply's status line (after a redirect or a 100 Continue): only the last one counts.
    http->headers_length = 0;
    return length;
  }
  if (length <= 2) return length;  // the blank line that ends the head
  if (http->headers_length + length > 256 * 1024) return length;  // keep the first 256 KiB
  if (!append((void **)&http->headers, &http->headers_length, &http->headers_capacity, data,
              length)) {
    return 0;
  }
  return length;
}

static pq_http_outcome outcome_of(pq_http *http, CURLcode code) {
  switch (code) {
    case CURLE_OK:
      return PQ_HTTP_OK;
    case CURLE_WRITE_ERROR:
    case CURLE_FILESIZE_EXCEEDED:
      return http->too_large || code == CURLE_FILESIZE_EXCEEDED ? PQ_HTTP_TOO_LARGE
                                                                 : PQ_HTTP_OTHER;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
      return PQ_HTTP_RESOLVE_FAILED;
    case CURLE_COULDNT_CONNECT:
      return PQ_HTTP_CONNECT_FAILED;
    case CURLE_OPERATION_TIMEDOUT:
      return PQ_HTTP_TIMED_OUT;
    case CURLE_PARTIAL_FILE:
      return PQ_HTTP_CUT_SHORT;
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
      // Once a reply's head has arrived the server was reached: losing it now cuts the body.
      return http->status > 0 ? PQ_HTTP_CUT_SHORT : PQ_HTTP_MALFORMED;
    case CURLE_GOT_NOTHING:
    case CURLE_WEIRD_SERVER_REPLY:
    case CURLE_BAD_CONTENT_ENCODING:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM:
      return PQ_HTTP_MALFORMED;
    case CURLE_UNSUPPORTED_PROTOCOL:
      // The scheme is checked before asking, so this is a redirect to another scheme, or a reply
      // that is not HTTP at all ("Received HTTP/0.9 when not allowed", with no status).
      return http->status >= 300 && http->status < 400 ? PQ_HTTP_BAD_REDIRECT : PQ_HTTP_NOT_HTTP;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_SSL_CRL_BADFILE:
    case CURLE_SSL_SHUTDOWN_FAILED:
    case CURLE_SSL_ENGINE_INITFAILED:
      return PQ_HTTP_TLS_FAILED;
    case CURLE_TOO_MANY_REDIRECTS:
      return PQ_HTTP_TOO_MANY_REDIRECTS;
    case CURLE_OUT_OF_MEMORY:
    default:
      return PQ_HTTP_OTHER;
  }
}

pq_http_outcome pq_http_get(pq_http *http, const char *url, long timeout_ms, size_t max_body,
                            const char *user_agent, const char *accept) {
  pthread_once(&load_once, load_curl);
  if (loaded) pthread_once(&init_once, init_curl);
  if (!initialized) return PQ_HTTP_NO_LIBRARY;

  http->max_body = max_body;
  http->too_large = 0;
  http->body_length = 0;
  http->headers_length = 0;
  http->status = 0;
  http->error[0] = '\0';

  CURL *easy = curl.easy_init();
  CURLM *multi = curl.multi_init();
  struct curl_slist *header_list = NULL;
  char accept_line[256];
  snprintf(accept_line, sizeof accept_line, "Accept: %s", accept);
  header_list = curl.slist_append(NULL, accept_line);
  if (easy == NULL || multi == NULL || header_list == NULL) {
    if (header_list) curl.slist_free_all(header_list);
    if (easy) curl.easy_cleanup(easy);
    if (multi) curl.multi_cleanup(multi);
    snprintf(http->error, sizeof http->error, "libcurl is out of memory");
    return PQ_HTTP_OTHER;
  }

  curl.easy_setopt(easy, CURLOPT_URL, url);
  curl.easy_setopt(easy, CURLOPT_ERRORBUFFER, http->error);
  curl.easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
  curl.easy_setopt(easy, CURLOPT_NOPROGRESS, 1L);
  curl.easy_setopt(easy, CURLOPT_TIMEOUT_MS, timeout_ms);
  curl.easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
  curl.easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 1L);
  curl.easy_setopt(easy, CURLOPT_MAXREDIRS, 5L);
  if (curl.easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK) {
    // libcurl before 7.85 knows only the bit mask (CURLOPT_PROTOCOLS and
    // CURLOPT_REDIR_PROTOCOLS, 181 and 182, with CURLPROTO_HTTP | CURLPROTO_HTTPS).
    curl.easy_setopt(easy, (CURLoption)(CURLOPTTYPE_LONG + 181), (long)(1 | 2));
    curl.easy_setopt(easy, (CURLoption)(CURLOPTTYPE_LONG + 182), (long)(1 | 2));
  } else {
    curl.easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  }
  curl.easy_setopt(easy, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)max_body);
  curl.easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
  curl.easy_setopt(easy, CURLOPT_USERAGENT, user_agent);
  curl.easy_setopt(easy, CURLOPT_HTTPHEADER, header_list);
  curl.easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_body);
  curl.easy_setopt(easy, CURLOPT_WRITEDATA, http);
  curl.easy_setopt(easy, CURLOPT_HEADERFUNCTION, on_header);
  curl.easy_setopt(easy, CURLOPT_HEADERDATA, http);
  curl.multi_add_handle(multi, easy);

  pthread_mutex_lock(&http->lock);
  http->multi = multi;
  pthread_mutex_unlock(&http->lock);

  pq_http_outcome outcome = PQ_HTTP_OTHER;
  int running = 1;
  for (;;) {
    if (atomic_load(&http->cancelled)) {
      outcome = PQ_HTTP_CANCELLED;
      break;
    }
    CURLMcode status = curl.multi_perform(multi, &running);
    if (status != CURLM_OK) {
      snprintf(http->error, sizeof http->error, "libcurl's multi interface failed (%d)",
               (int)status);
      break;
    }
    if (!running) {
      int left = 0;
      CURLMsg *message = curl.multi_info_read(multi, &left);
      CURLcode code = message && message->msg == CURLMSG_DONE ? message->data.result
                                                               : CURLE_GOT_NOTHING;
      curl.easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &http->status);
      outcome = outcome_of(http, code);
      break;
    }
    // Sleeps until a socket is ready, libcurl's next timeout (ours included) or a wakeup.
    curl.multi_poll(multi, NULL, 0, 1000, NULL);
  }

  pthread_mutex_lock(&http->lock);
  http->multi = NULL;
  pthread_mutex_unlock(&http->lock);
  curl.multi_remove_handle(multi, easy);
  curl.easy_cleanup(easy);
  curl.multi_cleanup(multi);
  curl.slist_free_all(header_list);
  return outcome;
}
