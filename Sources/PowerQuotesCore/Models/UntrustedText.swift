/// Text from outside (a server's reply, a file, a command line, a path) made safe to show or
/// store: no escape sequence, control character or bidirectional control survives.
///
/// Every layer that puts outside text into a message, a terminal or the database cleans it here;
/// laying it out in terminal columns is the views' business.
public enum UntrustedText {
  /// Text made safe for a terminal: no escape sequence or control character survives.
  ///
  /// Escape sequences are removed whole, with their parameters and payloads, in both their 7-bit
  /// (ESC) and 8-bit (C1) forms. Tab, line feed, carriage return (a CR LF pair counts once),
  /// vertical tab and form feed become a space; every other C0 or C1 control, DEL, and the Unicode
  /// bidirectional controls that can reorder what is displayed are removed. Everything else is
  /// kept exactly.
  public static func sanitized(_ text: String) -> String {
    // Most quotes are printable ASCII or simple Latin text: nothing to remove, and no need to
    // look at scalars' properties.
    if simpleLength(text) != nil { return text }
    return scalarSanitized(text)
  }

  /// ``sanitized(_:)`` scalar by scalar, for any text; with `keepingLinesAndTabs`, line breaks
  /// (LF, CR LF and CR alike) stay as LF and tabs stay tabs, as text is stored.
  static func scalarSanitized(_ text: String, keepingLinesAndTabs: Bool = false) -> String {
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      switch scalar.value {
      case 0x1B:
        index = endOfEscape(in: scalars, after: index)
      case 0x9B:
        index = endOfControlSequence(in: scalars, from: index)
      case 0x9D:
        index = endOfString(in: scalars, from: index, bellEnds: true)
      case 0x90, 0x98, 0x9E, 0x9F:
        index = endOfString(in: scalars, from: index, bellEnds: false)
      case 0x0D:
        // CR LF is one line break (and one Character), so it becomes one space, not two.
        if index < scalars.count, scalars[index].value == 0x0A { index += 1 }
        result.append(keepingLinesAndTabs ? "\n" : " ")
      case 0x09 where keepingLinesAndTabs, 0x0A where keepingLinesAndTabs:
        result.append(scalar)
      case 0x09...0x0C:
        result.append(" ")
      case 0x00...0x1F, 0x7F...0x9F:
        break
      case _ where isBidiControl(scalar):
        break
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// ``sanitized(_:)`` that keeps the lines: line breaks (LF, CR LF and CR alike) stay as one
  /// LF each, and tabs stay tabs; a vertical tab or form feed becomes a space.
  ///
  /// What the library stores (see ``QuoteText/cleaned(_:)``), and what a multi-line export shows
  /// on a terminal.
  public static func sanitizedKeepingLines(_ text: String) -> String {
    needsCleaning(text) ? scalarSanitized(text, keepingLinesAndTabs: true) : text
  }

  /// Whether `text` holds anything ``sanitizedKeepingLines(_:)`` would change.
  ///
  /// Read over its UTF-8 bytes: a C0 control but the line feed and tab, DEL, a C1 control (C2 80 to C2 9F) or a bidirectional
  /// control (E2 80 8E/8F/AA-AE, E2 81 A6-A9, D8 9C). Almost every quote has none.
  static func needsCleaning(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { needsCleaning($0) }
  }

  /// Whether `text` shows nothing once sanitized: only white space, control characters, escape
  /// sequences and invisible format characters.
  public static func isBlank(_ text: String) -> Bool {
    sanitized(text).unicodeScalars.allSatisfy { scalar in
      scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
    }
  }

  /// How many scalars simple text has (the columns it takes), or nil for other text.
  ///
  /// Text is simple when every scalar is printable ASCII, or a Latin letter or sign up to U+02FF
  /// (not the soft hyphen), or general punctuation such as dashes, curly quote marks and the
  /// ellipsis: each is a grapheme cluster of its own, one column wide, with nothing to sanitize.
  /// Nearly every quote is simple: it needs no cleaning, and it is measured without looking up a
  /// Unicode property.
  static func simpleLength(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { simpleLength($0) }
  }

  // MARK: - Escape sequences

  /// Where the sequence that started with the ESC just before `start` ends: the index of the
  /// first scalar after it.
  private static func endOfEscape(in scalars: [Unicode.Scalar], after start: Int) -> Int {
    guard start < scalars.count else { return start }
    let next = scalars[start].value
    switch next {
    case 0x5B:  // [ introduces CSI
      return endOfControlSequence(in: scalars, from: start + 1)
    case 0x5D:  // ] introduces OSC
      return endOfString(in: scalars, from: start + 1, bellEnds: true)
    case 0x50, 0x58, 0x5E, 0x5F:  // P X ^ _ introduce DCS, SOS, PM, APC
      return endOfString(in: scalars, from: start + 1, bellEnds: false)
    case 0x20...0x2F:
      // Intermediate bytes (character-set designations and the like) run up to one final byte.
      var index = start
      while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
      if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { index += 1 }
      return index
    case 0x30...0x7E:
      return start + 1
    default:
      // Not a sequence: only the ESC goes, and what follows is judged on its own.
      return start
    }
  }

  /// Where a control sequence whose body begins at `start` ends: parameter and intermediate bytes,
  /// then one final byte.
  private static func endOfControlSequence(in scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
    // A malformed sequence ends at the unexpected scalar, which is then sanitized like any other.
    if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
    return index
  }

  /// Where a control string (OSC, DCS, SOS, PM, APC) whose body begins at `start` ends: just after
  /// its string terminator, ESC \ or U+009C, or BEL when `bellEnds`; the end of the text if it is
  /// never terminated.
  private static func endOfString(
    in scalars: [Unicode.Scalar], from start: Int, bellEnds: Bool
  ) -> Int {
    var index = start
    while index < scalars.count {
      let value = scalars[index].value
      if value == 0x9C || (bellEnds && value == 0x07) { return index + 1 }
      if value == 0x1B, index + 1 < scalars.count, scalars[index + 1].value == 0x5C {
        return index + 2
      }
      index += 1
    }
    // Unterminated: a terminal would swallow the rest as payload, so showing it is not safe either.
    return index
  }

  /// Whether the scalar is a bidirectional control that can reorder displayed text.
  private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
