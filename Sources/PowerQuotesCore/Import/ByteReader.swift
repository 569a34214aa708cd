#if canImport(Glibc)
import Glibc
#endif

/// The bytes of an import file, read a chunk at a time, so that reading a file of 100,000 rows
/// holds one chunk of it rather than all of it.
///
/// The head of the file can be looked at first (``startLookingAhead()``, ``readMore()``, ``head``)
/// and read again after (``rewind()``): that is how the import tells the format. Bytes already in
/// memory (a downloaded reply, a test's text) are one chunk with nothing behind it.
struct ByteReader {
  /// Fills the buffer it is given with the next bytes and returns how many; 0 at the end.
  typealias Source = (UnsafeMutableRawBufferPointer) throws -> Int

  /// How many bytes a file is read in at a time.
  static let defaultChunkSize = 1 << 16

  private var buffer: [UInt8]
  /// The next byte to give, and the end of the bytes read into `buffer`.
  private var index = 0
  private var end: Int
  private let source: Source?
  private var sourceEnded: Bool
  private let chunkSize: Int
  /// While true, more bytes are added after those in `buffer` instead of replacing them.
  private var lookingAhead = false
  /// How many bytes the source gave in all.
  private var total = 0
  /// The most bytes read before ``ImportError/tooLarge(origin:limit:)``, and what the error
  /// names.
  private let limit: Int
  private let origin: String
  /// About how many bytes there are in all (a regular file's size), or nil when not known.
  let sizeHint: Int?
  /// The path of the regular file read, when it is one: what a reader that opens files itself
  /// (SQLite, for a Kobo's database) can open in place.
  let file: String?

  /// A reader of `bytes` already in memory: one chunk, not copied.
  init(bytes: [UInt8]) {
    buffer = bytes
    end = bytes.count
    source = nil
    sourceEnded = true
    chunkSize = max(bytes.count, 1)
    limit = .max
    origin = ""
    sizeHint = bytes.count
    file = nil
  }

  /// A reader that takes its bytes from `source`, `chunkSize` at a time, and throws
  /// ``ImportError/tooLarge(origin:limit:)`` naming `origin` once it has read more than `limit`.
  init(
    origin: String, limit: Int, chunkSize: Int = defaultChunkSize, sizeHint: Int? = nil,
    file: String? = nil, source: @escaping Source
  ) {
    precondition(chunkSize > 0)
    buffer = []
    end = 0
    self.source = source
    sourceEnded = false
    self.chunkSize = chunkSize
    self.limit = limit
    self.origin = origin
    self.sizeHint = sizeHint
    self.file = file
  }

  /// A reader of `bytes` that hands them out `chunkSize` at a time, as a file would be read:
  /// for tests of where chunks end.
  init(bytes: [UInt8], chunkSize: Int) {
    var offset = 0
    self.init(origin: "test", limit: .max, chunkSize: chunkSize) { buffer in
      let count = min(buffer.count, bytes.count - offset)
      buffer.copyBytes(from: bytes[offset..<(offset + count)])
      offset += count
      return count
    }
  }

  /// The next byte, or nil at the end.
  @inline(__always)
  mutating func next() throws -> UInt8? {
    if index < end {
      let byte = buffer[index]
      index += 1
      return byte
    }
    guard try fill() else { return nil }
    let byte = buffer[index]
    index += 1
    return byte
  }

  /// The next byte, left to be read; nil at the end.
  @inline(__always)
  mutating func peek() throws -> UInt8? {
    if index < end { return buffer[index] }
    guard try fill() else { return nil }
    return buffer[index]
  }

  /// Appends the bytes before the next one that is `a`, `b` or `c` to `bytes`, and leaves that
  /// one to be read; at the end of the input, all that is left.
  ///
  /// A field of CSV is copied a run at a time rather than a byte at a time.
  mutating func append(into bytes: inout [UInt8], upTo a: UInt8, _ b: UInt8, _ c: UInt8) throws {
    while try fill() {
      let (start, end) = (index, end)
      let stop = buffer.withUnsafeBufferPointer { buffer -> Int in
        var index = start
        while index < end {
          let byte = buffer[index]
          if byte == a || byte == b || byte == c { break }
          index += 1
        }
        return index
      }
      bytes.append(contentsOf: buffer[start..<stop])
      index = stop
      if stop < end { return }
    }
  }

  /// Appends the bytes up to and with the next line feed to `line`.
  ///
  /// Returns false when there was nothing left to read. The last line may have no line feed.
  mutating func readLine(into line: inout [UInt8]) throws -> Bool {
    var readAny = false
    while try fill() {
      readAny = true
      let (start, end) = (index, end)
      let stop = buffer.withUnsafeBytes { buffer -> Int? in
        guard let base = buffer.baseAddress else { return nil }
        return memchr(base + start, 0x0A, end - start).map { base.distance(to: $0) + 1 }
      }
      line.append(contentsOf: buffer[start..<(stop ?? end)])
      index = stop ?? end
      if stop != nil { return true }
    }
    return readAny
  }

  /// Skips `count` bytes (fewer at the end).
  mutating func skip(_ count: Int) throws {
    for _ in 0..<count where try next() == nil { return }
  }

  /// Whether there are bytes left to read.
  mutating func hasMore() throws -> Bool {
    try peek() != nil
  }

  /// Everything not read yet, as one array: for a format that is parsed whole (JSON).
  ///
  /// A regular file's bytes go into one array of its size, not into the larger arrays it would
  /// grow through.
  mutating func readAll() throws -> [UInt8] {
    if sourceEnded, index == 0, end == buffer.count {
      index = end
      return buffer
    }
    var all: [UInt8] = []
    all.reserveCapacity(end - index + max(0, (sizeHint ?? 0) - total) + 1)
    all.append(contentsOf: buffer[index..<end])
    if sourceEnded {
      index = end
      return all
    }
    index = 0
    end = 0
    buffer = []
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = try readChunk(into: &chunk, at: 0)
      if count == 0 { return all }
      all.append(contentsOf: chunk[..<count])
    }
  }

  // MARK: Looking ahead

  /// From now until ``stopLookingAhead()``, bytes read are kept in ``head``; to be called before any byte
  /// is read.
  mutating func startLookingAhead() {
    lookingAhead = true
  }

  /// The bytes read since ``startLookingAhead()``.
  var head: ArraySlice<UInt8> { buffer[0..<end] }

  /// Reads another chunk onto the end of ``head``; false at the end of the file.
  mutating func readMore() throws -> Bool {
    precondition(lookingAhead)
    var bytes = takeBuffer()
    defer {
      buffer = bytes
      end = buffer.count
    }
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: chunkSize))
    let count: Int
    do {
      count = try readChunk(into: &bytes, at: start)
    } catch {
      bytes.removeSubrange(start...)
      throw error
    }
    bytes.removeSubrange((start + count)...)
    return count > 0
  }

  /// Reading starts again from the first byte of ``head``.
  mutating func rewind() {
    precondition(lookingAhead)
    index = 0
  }

  /// ``head`` is no longer added to: once it has been read, the next chunk takes its place.
  mutating func stopLookingAhead() {
    lookingAhead = false
  }

  // MARK: Reading

  /// Makes sure a byte is ready at `index`: false at the end.
  private mutating func fill() throws -> Bool {
    if index < end { return true }
    if lookingAhead { return try readMore() }
    if sourceEnded { return false }
    var bytes = takeBuffer()
    // A long head is not kept as the buffer once it has been read.
    if bytes.count != chunkSize { bytes = [UInt8](repeating: 0, count: chunkSize) }
    index = 0
    end = 0
    defer { buffer = bytes }
    end = try readChunk(into: &bytes, at: 0)
    return end > 0
  }

  /// The buffer, moved out of `self` so that it can be read into without a copy.
  private mutating func takeBuffer() -> [UInt8] {
    var bytes: [UInt8] = []
    swap(&bytes, &buffer)
    return bytes
  }

  /// Reads up to `bytes.count - start` bytes into `bytes` from `start`; returns how many, 0 at
  /// the end of the file.
  private mutating func readChunk(into bytes: inout [UInt8], at start: Int) throws -> Int {
    guard let source, !sourceEnded else { return 0 }
    let count = try bytes.withUnsafeMutableBytes { try source(.init(rebasing: $0[start...])) }
    if count == 0 { sourceEnded = true }
    total += count
    if total > limit { throw ImportError.tooLarge(origin: origin, limit: limit) }
    return count
  }
}
