import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A PNG file read back into pixels, to check what a picture card shows: its size from the
/// IHDR chunk, its pixels from the IDAT chunks inflated with zlib (the system's libz.so.1,
/// loaded here, as every Debian system has it) and unfiltered as the PNG specification says.
///
/// Reads what cairo writes: 8-bit RGB or RGBA, not interlaced. Anything else is an error.
public struct DecodedPNG: Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Bytes per pixel: 3 (RGB) or 4 (RGBA).
  public let channels: Int
  /// The pixels, row by row, `channels` bytes each.
  public let pixels: [UInt8]

  /// Why bytes are not a PNG this reads.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Decodes `bytes`.
  public init(_ bytes: [UInt8]) throws {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count > 8, Array(bytes[0..<8]) == signature else {
      throw Failure(description: "no PNG signature")
    }
    var offset = 8
    var header: [UInt8] = []
    var compressed: [UInt8] = []
    while offset + 8 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      let start = offset + 8
      guard start + length + 4 <= bytes.count else { throw Failure(description: "a chunk is cut") }
      let data = bytes[start..<start + length]
      if type == "IHDR" { header = Array(data) }
      if type == "IDAT" { compressed += data }
      if type == "IEND" { break }
      offset = start + length + 4
    }
    guard header.count == 13 else { throw Failure(description: "no IHDR chunk") }
    width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
    height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
    guard header[8] == 8, header[12] == 0, header[9] == 2 || header[9] == 6 else {
      throw Failure(description: "not 8-bit RGB or RGBA without interlacing")
    }
    channels = header[9] == 6 ? 4 : 3
    let stride = width * channels
    let raw = try Self.inflate(compressed, expected: height * (stride + 1))
    var pixels = [UInt8](repeating: 0, count: height * stride)
    for row in 0..<height {
      let filter = raw[row * (stride + 1)]
      let line = row * (stride + 1) + 1
      for index in 0..<stride {
        let x = Int(raw[line + index])
        let a = index >= channels ? Int(pixels[row * stride + index - channels]) : 0
        let b = row > 0 ? Int(pixels[(row - 1) * stride + index]) : 0
        let c =
          row > 0 && index >= channels ? Int(pixels[(row - 1) * stride + index - channels]) : 0
        let predicted: Int
        switch filter {
        case 0: predicted = 0
        case 1: predicted = a
        case 2: predicted = b
        case 3: predicted = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        default: throw Failure(description: "unknown filter \(filter) on row \(row)")
        }
        pixels[row * stride + index] = UInt8((x + predicted) & 0xFF)
      }
    }
    self.pixels = pixels
  }

  /// The pixel at (`x`, `y`): red, green, blue (and alpha).
  public func pixel(x: Int, y: Int) -> ArraySlice<UInt8> {
    let start = (y * width + x) * channels
    return pixels[start..<start + channels]
  }

  /// How many pixels differ from `color` (red, green, blue) by more than `tolerance` in some
  /// channel: the ink on a card whose background is `color`; all of the picture, or the pixels
  /// in `columns` x `rows`.
  public func count(
    differingFrom color: [UInt8], tolerance: Int = 40, columns: Range<Int>? = nil,
    rows: Range<Int>? = nil
  ) -> Int {
    var count = 0
    for y in rows ?? 0..<height {
      for x in columns ?? 0..<width {
        let start = (y * width + x) * channels
        for channel in 0..<3
        where abs(Int(pixels[start + channel]) - Int(color[channel])) > tolerance {
          count += 1
          break
        }
      }
    }
    return count
  }

  private typealias Uncompress =
    @convention(c) (
      UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt
    ) -> Int32

  /// zlib's `uncompress` of `data`, which must give `expected` bytes.
  private static func inflate(_ data: [UInt8], expected: Int) throws -> [UInt8] {
    guard let zlib = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL),
      let symbol = dlsym(zlib, "uncompress")
    else { throw Failure(description: "libz.so.1 could not be loaded") }
    let uncompress = unsafeBitCast(symbol, to: Uncompress.self)
    var output = [UInt8](repeating: 0, count: expected)
    var length = UInt(expected)
    let status = output.withUnsafeMutableBufferPointer { out in
      data.withUnsafeBufferPointer { input in
        uncompress(out.baseAddress, &length, input.baseAddress, UInt(input.count))
      }
    }
    guard status == 0, length == UInt(expected) else {
      throw Failure(description: "zlib could not inflate the image (status \(status))")
    }
    return output
  }
}
