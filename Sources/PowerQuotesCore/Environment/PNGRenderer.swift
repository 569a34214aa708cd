import CRsvg
import Foundation

/// Draws an SVG document as a PNG image with librsvg, which it loads (dlopen) on the first
/// drawing: a start that draws no PNG card never maps librsvg, cairo, pango or fontconfig.
///
/// Text is laid out by pango and gets its fonts from fontconfig, which falls back, character
/// by character, to an installed font that has it (Noto's for CJK and Arabic, when installed).
public struct PNGRenderer: Sendable {
  /// The file name dlopen is given.
  public var library: String

  /// Debian's librsvg, as `librsvg2-2` installs it.
  public static let live = PNGRenderer(library: "librsvg-2.so.2")
  /// The Debian package that holds ``live``'s library.
  public static let debianPackage = "librsvg2-2"

  /// A renderer that loads `library`.
  public init(library: String) {
    self.library = library
  }

  /// `svg` drawn at `size` and encoded as PNG.
  ///
  /// - Throws: ``PNGRendererError``.
  public func png(svg: String, size: CardSize) throws -> [UInt8] {
    var png: UnsafeMutablePointer<UInt8>?
    var length = 0
    var error = [CChar](repeating: 0, count: 512)
    var document = svg
    let outcome = document.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { text in
        pq_rsvg_png(
          library, text.baseAddress, text.count, Int32(size.width), Int32(size.height), &png,
          &length, &error, error.count)
      }
    }
    let reason = String(
      decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    switch outcome {
    case PQ_RSVG_OK:
      guard let png else { throw PNGRendererError.failed(reason: "no image came back") }
      defer { free(png) }
      return Array(UnsafeBufferPointer(start: png, count: length))
    case PQ_RSVG_NO_LIBRARY:
      throw PNGRendererError.noLibrary(reason: UntrustedText.sanitized(reason))
    default:
      throw PNGRendererError.failed(reason: UntrustedText.sanitized(reason))
    }
  }
}

/// Why a PNG card could not be drawn.
public enum PNGRendererError: LocalizedError, Equatable, Sendable {
  /// librsvg could not be loaded.
  case noLibrary(reason: String)
  /// librsvg or cairo failed while drawing.
  case failed(reason: String)

  public var errorDescription: String? {
    switch self {
    case .noLibrary(let reason):
      "powerquotes draws PNG cards with librsvg, and it could not be loaded (\(reason)). "
        + "Install it (apt-get install \(PNGRenderer.debianPackage)), or write an .svg card."
    case .failed(let reason):
      "Could not draw the PNG card: \(reason)."
    }
  }
}
