// An SVG drawn into a PNG through librsvg, loaded with dlopen when a picture card is drawn.
//
// librsvg brings cairo, pango, fontconfig, freetype, harfbuzz and GLib with it (~40 libraries):
// linking it would make every start of powerquotes pay for them. So nothing here is linked, as
// with CCurl and CPostgres: the first PNG card loads librsvg, and a start that draws no picture
// never maps it. No headers are needed to build either: the few types and functions used are
// declared in pq_rsvg.c, from librsvg's, cairo's and GLib's stable ABIs (librsvg 2.46 or later).
// cairo draws into memory; the PNG file around the pixels is written here and compressed by
// zlib (libz.so.1, which librsvg loads anyway).
// Text is laid out by pango, which finds a font for every script through fontconfig's fallback.
#ifndef POWERQUOTES_PQ_RSVG_H
#define POWERQUOTES_PQ_RSVG_H

#include <stddef.h>

/// How drawing ended.
typedef enum {
  PQ_RSVG_OK = 0,
  /// The library could not be loaded, or lacks a function; the error text says why.
  PQ_RSVG_NO_LIBRARY,
  /// librsvg refused the SVG, or cairo could not draw or encode it; the error text says why.
  PQ_RSVG_FAILED,
} pq_rsvg_outcome;

/// Draws the SVG document `svg` (`length` bytes) at `width` x `height` pixels and encodes it as
/// PNG into `*png` (`*png_length` bytes, to be freed with free()).
///
/// `library` is the file name dlopen is given ("librsvg-2.so.2"); cairo, GLib and GObject are
/// found among the libraries it loads, zlib as libz.so.1. The PNG is 8-bit RGB, or RGBA when a
/// pixel is not opaque. On failure `*png` is NULL and `error` (of
/// `error_size` bytes) holds one line saying why. Safe to call from several threads at once.
pq_rsvg_outcome pq_rsvg_png(const char *library, const char *svg, size_t length, int width,
                            int height, unsigned char **png, size_t *png_length, char *error,
                            size_t error_size);

#endif
