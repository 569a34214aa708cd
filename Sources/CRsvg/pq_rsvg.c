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
typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data,
                                             unsigned int length);
enum { CAIRO_STATUS_SUCCESS = 0, CAIRO_STATUS_NO_MEMORY = 1, CAIRO_FORMAT_ARGB32 = 0 };

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
  cairo_status_t (*write_to_png_stream)(cairo_surface_t *surface, cairo_write_func_t write,
                                        void *closure);
} rsvg_functions;

// fontconfig and pango keep caches that several threads may fill at once; one drawing at a
// time keeps that simple, and a card takes milliseconds.
static pthread_mutex_t drawing = PTHREAD_MUTEX_INITIALIZER;

// dlopen counts its references, so loading the same library again on each card costs a lookup
// and the symbols below; the library is never closed (GLib cannot be unloaded safely).
static int load(const char *library, rsvg_functions *f, char *error, size_t error_size) {
  void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    const char *reason = dlerror();
    snprintf(error, error_size, "%s", reason ? reason : "the library was not found");
    return 0;
  }
#define PQ_LOAD(field, symbol)                                                                 \
  do {                                                                                          \
    *(void **)(&f->field) = dlsym(handle, #symbol);                                             \
    if (f->field == NULL) {                                                                     \
      snprintf(error, error_size, "%s has no %s (librsvg 2.46 or later is needed)", library,   \
               #symbol);                                                                        \
      return 0;                                                                                 \
    }                                                                                           \
  } while (0)
  PQ_LOAD(new_from_data, rsvg_handle_new_from_data);
  PQ_LOAD(set_dpi, rsvg_handle_set_dpi);
  PQ_LOAD(render_document, rsvg_handle_render_document);
  PQ_LOAD(object_unref, g_object_unref);
  PQ_LOAD(error_free, g_error_free);
  PQ_LOAD(image_surface_create, cairo_image_surface_create);
  PQ_LOAD(surface_status, cairo_surface_status);
  PQ_LOAD(surface_destroy, cairo_surface_destroy);
  PQ_LOAD(create, cairo_create);
  PQ_LOAD(status, cairo_status);
  PQ_LOAD(destroy, cairo_destroy);
  PQ_LOAD(status_to_string, cairo_status_to_string);
  PQ_LOAD(write_to_png_stream, cairo_surface_write_to_png_stream);
#undef PQ_LOAD
  return 1;
}

typedef struct {
  unsigned char *bytes;
  size_t length;
  size_t capacity;
} png_buffer;

static cairo_status_t append(void *closure, const unsigned char *data, unsigned int length) {
  png_buffer *buffer = closure;
  if (buffer->length + length > buffer->capacity) {
    size_t capacity = buffer->capacity ? buffer->capacity : 1 << 16;
    while (capacity < buffer->length + length) capacity *= 2;
    unsigned char *grown = realloc(buffer->bytes, capacity);
    if (grown == NULL) return CAIRO_STATUS_NO_MEMORY;
    buffer->bytes = grown;
    buffer->capacity = capacity;
  }
  memcpy(buffer->bytes + buffer->length, data, length);
  buffer->length += length;
  return CAIRO_STATUS_SUCCESS;
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
  } else if ((status = f->write_to_png_stream(surface, append, png)) != CAIRO_STATUS_SUCCESS) {
    snprintf(error, error_size, "cairo could not encode the PNG: %s",
             f->status_to_string(status));
  } else {
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
