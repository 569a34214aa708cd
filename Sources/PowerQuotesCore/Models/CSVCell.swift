/// The one rule that keeps a CSV cell from running as a spreadsheet formula, read back exactly.
///
/// A spreadsheet reads a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
/// as a formula (OWASP's "CSV injection"). `fav export` writes such a cell after a `'`, which a
/// spreadsheet shows as text and does not run; `fav import` takes that `'` off again. So that
/// any text goes out and comes back unchanged, a cell that starts with `'`s followed by one of
/// those characters gets one `'` more too, and loses exactly one on the way in: export then
/// import is the identity, whatever the text.
public enum CSVCell {
  /// The guard: an apostrophe.
  static let guardByte = UInt8(ascii: "'")

  /// Whether a cell of `bytes` is written after a guard: it starts with `'`s (none or more)
  /// and then `=`, `+`, `-`, `@`, a tab or a carriage return.
  static func needsGuard(_ bytes: some Collection<UInt8>) -> Bool {
    guard let start = bytes.firstIndex(where: { $0 != guardByte }) else { return false }
    switch bytes[start] {
    case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D:
      return true
    default:
      return false
    }
  }

  /// `field` as written before its guard: without the first `'` when one more follows that
  /// ``needsGuard(_:)`` would have put there, else as it is.
  static func unguarded(_ field: [UInt8]) -> [UInt8] {
    guard field.first == guardByte, needsGuard(field.dropFirst()) else { return field }
    return Array(field.dropFirst())
  }
}
