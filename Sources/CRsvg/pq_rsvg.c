#include "pq_rsvg.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The part of librsvg's, cairo's and GLib's ABI used here, as their headers declare it.
typedef struct {
  uint32_t domain;
  int code;
  char *message;
} GError;
typedef struct {
  double x, y, width, height;
} RsvgRectangle;
typedef struct _RsvgHandle RsvgHandle;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo cairo_t;
typedef int cairo_status_t;
enum { CAIRO_STATUS_SUCCESS = 0, CAIRO_STATUS_NO_MEMORY = 1, CAIRO_FORMAT_ARGB32 = 0 };

// zlib's stream, as zlib.h declares it (its layout is part of zlib's ABI since 1.0).
typedef struct {
  const unsigned char *next_in;
  unsigned int avail_in;
  unsigned long total_in;
  unsigned char *next_out;
  unsigned int avail_out;
  unsigned long total_out;
  const char *msg;
  void *state;
  void *zalloc;
  void *zfree;
  void *opaque;
  int data_type;
  unsigned long adler;
  unsigned long reserved;
} z_stream;
enum { Z_OK = 0, Z_STREAM_END = 1, Z_FINISH = 4, Z_DEFLATED = 8, Z_DEFAULT_STRATEGY = 0 };

typedef struct {
  RsvgHandle *(*new_from_data)(const unsigned char *data, size_t length, GError **error);
  void (*set_dpi)(RsvgHandle *handle, double dpi);
  int (*render_document)(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport,
                         GError **error);
  void (*object_unref)(void *object);
  void (*error_free)(GError *error);
  cairo_surface_t *(*image_surface_create)(int format, int width, int height);
  cairo_status_t (*surface_status)(cairo_surface_t *surface);
  void (*surface_destroy)(cairo_surface_t *surface);
  cairo_t *(*create)(cairo_surface_t *target);
  cairo_status_t (*status)(cairo_t *cr);
  void (*destroy)(cairo_t *cr);
  const char *(*status_to_string)(cairo_status_t status);
  void (*surface_flush)(cairo_surface_t *surface);
  unsigned char *(*surface_data)(cairo_surface_t *surface);
  int (*surface_stride)(cairo_surface_t *surface);
  const char *(*zlib_version)(void);
  int (*deflate_init)(z_stream *stream, int level, int method, int window_bits, int memory_level,
                      int strategy, const char *version, int stream_size);
  int (*deflate)(z_stream *stream, int flush);
  int (*deflate_end)(z_stream *stream);
  unsigned long (*crc32)(unsigned long crc, const unsigned char *bytes, unsigned int length);
} rsvg_functions;

// fontconfig and pango keep caches that several threads may fill at once; one drawing at a
// time keeps that simple, and a card takes milliseconds.
static pthread_mutex_t drawing = PTHREAD_MUTEX_INITIALIZER;

// dlopen counts its references, so loading the same library again on each card costs a lookup
// and the symbols below; the library is never closed (GLib cannot be unloaded safely). Lazy
// binding: librsvg and its ~40 libraries export thousands of functions, of which a card calls
// a few hundred, so resolving each on its first call is cheaper than resolving all at load.
static int load(const char *library, rsvg_functions *f, char *error, size_t error_size) {
  void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
  // zlib compresses the PNG; cairo's PNG writer (libpng's defaults) spent a third of a card's
  // time on it. librsvg already maps zlib, so this is a lookup.
  void *zlib = handle ? dlopen("libz.so.1", RTLD_LAZY | RTLD_LOCAL) : NULL;
  if (handle == NULL || zlib == NULL) {
    const char *reason = dlerror();
    snprintf(error, error_size, "%s", reason ? reason : "the library was not found");
    return 0;
  }
#define PQ_LOAD(from, field, symbol)                                                           \
  do {                                                                                          \
    *(void **)(&f->field) = dlsym(from, #symbol);                                               \
    if (f->field == NULL) {                                                                     \
      snprintf(error, error_size, "%s has no %s (librsvg 2.46 or later is needed)",            \
               from == zlib ? "libz.so.1" : library, #symbol);                                  \
      return 0;                                                                                 \
    }                                                                                           \
  } while (0)
  PQ_LOAD(handle, new_from_data, rsvg_handle_new_from_data);
  PQ_LOAD(handle, set_dpi, rsvg_handle_set_dpi);
  PQ_LOAD(handle, render_document, rsvg_handle_render_document);
  PQ_LOAD(handle, object_unref, g_object_unref);
  PQ_LOAD(handle, error_free, g_error_free);
  PQ_LOAD(handle, image_surface_create, cairo_image_surface_create);
  PQ_LOAD(handle, surface_status, cairo_surface_status);
  PQ_LOAD(handle, surface_destroy, cairo_surface_destroy);
  PQ_LOAD(handle, create, cairo_create);
  PQ_LOAD(handle, status, cairo_status);
  PQ_LOAD(handle, destroy, cairo_destroy);
  PQ_LOAD(handle, status_to_string, cairo_status_to_string);
  PQ_LOAD(handle, surface_flush, cairo_surface_flush);
  PQ_LOAD(handle, surface_data, cairo_image_surface_get_data);
  PQ_LOAD(handle, surface_stride, cairo_image_surface_get_stride);
  PQ_LOAD(zlib, zlib_version, zlibVersion);
  PQ_LOAD(zlib, deflate_init, deflateInit2_);
  PQ_LOAD(zlib, deflate, deflate);
  PQ_LOAD(zlib, deflate_end, deflateEnd);
  PQ_LOAD(zlib, crc32, crc32);
#undef PQ_LOAD
  return 1;
}

typedef struct {
  unsigned char *bytes;
  size_t length;
  size_t capacity;
} png_buffer;

static int reserve(png_buffer *buffer, size_t more) {
  if (buffer->length + more <= buffer->capacity) return 1;
  size_t capacity = buffer->capacity ? buffer->capacity : 1 << 16;
  while (capacity < buffer->length + more) capacity *= 2;
  unsigned char *grown = realloc(buffer->bytes, capacity);
  if (grown == NULL) return 0;
  buffer->bytes = grown;
  buffer->capacity = capacity;
  return 1;
}

static void put32(unsigned char *at, uint32_t value) {
  at[0] = value >> 24;
  at[1] = value >> 16;
  at[2] = value >> 8;
  at[3] = value;
}

// A PNG chunk: its length, type and data, then the CRC of type and data.
static int chunk(const rsvg_functions *f, png_buffer *png, const char *type,
                 const unsigned char *data, size_t length) {
  if (!reserve(png, length + 12)) return 0;
  unsigned char *start = png->bytes + png->length;
  put32(start, (uint32_t)length);
  memcpy(start + 4, type, 4);
  if (length) memcpy(start + 8, data, length);
  put32(start + 8 + length, (uint32_t)f->crc32(0, start + 4, (unsigned int)length + 4));
  png->length += length + 12;
  return 1;
}

// The surface as PNG rows: each row filter byte 1 ("Sub": a byte less the one a pixel before),
// which turns a card's runs of one colour into runs of zeros, then red, green, blue (and alpha
// where a pixel is not opaque) from cairo's premultiplied native-endian ARGB.
static unsigned char *png_rows(const unsigned char *data, int stride, int width, int height,
                               int *channels, size_t *length) {
  int opaque = 1;
  for (int y = 0; y < height && opaque; y++) {
    const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
    for (int x = 0; x < width; x++) {
      if ((row[x] >> 24) != 0xFF) {
        opaque = 0;
        break;
      }
    }
  }
  *channels = opaque ? 3 : 4;
  size_t row_length = 1 + (size_t)width * *channels;
  *length = row_length * height;
  unsigned char *rows = malloc(*length);
  if (rows == NULL) return NULL;
  for (int y = 0; y < height; y++) {
    const uint32_t *pixel = (const uint32_t *)(data + (size_t)y * stride);
    unsigned char *out = rows + row_length * y;
    *out++ = 1;
    unsigned char before[4] = {0, 0, 0, 0};
    for (int x = 0; x < width; x++) {
      uint32_t argb = pixel[x];
      unsigned alpha = argb >> 24;
      unsigned char now[4] = {argb >> 16, argb >> 8, argb, alpha};
      if (alpha != 0xFF && alpha != 0) {
        for (int c = 0; c < 3; c++) now[c] = (unsigned char)((now[c] * 255u + alpha / 2) / alpha);
      }
      for (int c = 0; c < *channels; c++) {
        *out++ = (unsigned char)(now[c] - before[c]);
        before[c] = now[c];
      }
    }
  }
  return rows;
}

// The PNG of an image surface: signature, IHDR, one IDAT of the deflated rows, IEND.
static int encode(const rsvg_functions *f, cairo_surface_t *surface, int width, int height,
                  png_buffer *png, char *error, size_t error_size) {
  f->surface_flush(surface);
  int channels;
  size_t length;
  unsigned char *rows =
      png_rows(f->surface_data(surface), f->surface_stride(surface), width, height, &channels,
               &length);
  if (rows == NULL) {
    snprintf(error, error_size, "there was no memory for the image");
    return 0;
  }
  static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  unsigned char header[13] = {0};
  put32(header, (uint32_t)width);
  put32(header + 4, (uint32_t)height);
  header[8] = 8;                        // bits per channel
  header[9] = channels == 4 ? 6 : 2;    // RGBA or RGB
  int ok = reserve(png, sizeof signature);
  if (ok) {
    memcpy(png->bytes, signature, sizeof signature);
    png->length = sizeof signature;
    ok = chunk(f, png, "IHDR", header, sizeof header);
  }
  // Level 3: on a 1080x1080 card it drew and encoded in half cairo's time (level 6 and every
  // filter tried on each row), for a file of 70 KB instead of 54.
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  size_t bound = length + length / 1000 + 64;  // deflate's worst case, with room to spare
  unsigned char *deflated = ok ? malloc(bound) : NULL;
  ok = deflated != NULL &&
       f->deflate_init(&stream, 3, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY, f->zlib_version(),
                       (int)sizeof stream) == Z_OK;
  if (ok) {
    stream.next_in = rows;
    stream.avail_in = (unsigned int)length;
    stream.next_out = deflated;
    stream.avail_out = (unsigned int)bound;
    ok = f->deflate(&stream, Z_FINISH) == Z_STREAM_END;
    size_t produced = stream.total_out;
    f->deflate_end(&stream);
    ok = ok && chunk(f, png, "IDAT", deflated, produced) && chunk(f, png, "IEND", NULL, 0);
  }
  free(deflated);
  free(rows);
  if (!ok) snprintf(error, error_size, "zlib could not compress the PNG");
  return ok;
}

static pq_rsvg_outcome draw(const rsvg_functions *f, const char *svg, size_t length, int width,
                            int height, png_buffer *png, char *error, size_t error_size) {
  GError *failure = NULL;
  RsvgHandle *handle = f->new_from_data((const unsigned char *)svg, length, &failure);
  if (handle == NULL) {
    snprintf(error, error_size, "librsvg refused the SVG: %s",
             failure && failure->message ? failure->message : "no reason given");
    if (failure) f->error_free(failure);
    return PQ_RSVG_FAILED;
  }
  // The SVG's sizes are in pixels; 96 dpi is what CSS means by one.
  f->set_dpi(handle, 96);
  pq_rsvg_outcome outcome = PQ_RSVG_FAILED;
  cairo_surface_t *surface = f->image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  cairo_status_t status = f->surface_status(surface);
  if (status != CAIRO_STATUS_SUCCESS) {
    snprintf(error, error_size, "cairo could not make a %dx%d image: %s", width, height,
             f->status_to_string(status));
    f->surface_destroy(surface);
    f->object_unref(handle);
    return PQ_RSVG_FAILED;
  }
  cairo_t *cr = f->create(surface);
  RsvgRectangle viewport = {0, 0, width, height};
  if (!f->render_document(handle, cr, &viewport, &failure)) {
    snprintf(error, error_size, "librsvg could not draw the SVG: %s",
             failure && failure->message ? failure->message : "no reason given");
    if (failure) f->error_free(failure);
  } else if ((status = f->status(cr)) != CAIRO_STATUS_SUCCESS) {
    snprintf(error, error_size, "cairo could not draw the card: %s", f->status_to_string(status));
  } else if (encode(f, surface, width, height, png, error, error_size)) {
    outcome = PQ_RSVG_OK;
  }
  f->destroy(cr);
  f->surface_destroy(surface);
  f->object_unref(handle);
  return outcome;
}

pq_rsvg_outcome pq_rsvg_png(const char *library, const char *svg, size_t length, int width,
                            int height, unsigned char **png, size_t *png_length, char *error,
                            size_t error_size) {
  *png = NULL;
  *png_length = 0;
  if (error_size > 0) error[0] = '\0';
  pthread_mutex_lock(&drawing);
  rsvg_functions functions;
  pq_rsvg_outcome outcome = PQ_RSVG_NO_LIBRARY;
  png_buffer buffer = {NULL, 0, 0};
  if (load(library, &functions, error, error_size)) {
    outcome = draw(&functions, svg, length, width, height, &buffer, error, error_size);
  }
  pthread_mutex_unlock(&drawing);
  if (outcome != PQ_RSVG_OK) {
    free(buffer.bytes);
    return outcome;
  }
  *png = buffer.bytes;
  *png_length = buffer.length;
  return PQ_RSVG_OK;
}
