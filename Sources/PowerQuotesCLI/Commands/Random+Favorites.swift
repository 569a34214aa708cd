import ArgumentParser
import PowerQuotesCore

extension Random {
  /// Checks `--favorites` and the filters that go with it.
  func validateFavorites() throws {
    if !favorites {
      if author != nil {
        throw ValidationError("--author picks among your favorites, so it needs --favorites.")
      }
      if tag != nil {
        throw ValidationError("--tag picks among your favorites, so it needs --favorites.")
      }
      if work != nil {
        throw ValidationError("--work picks among your favorites, so it needs --favorites.")
      }
      return
    }
    let others: [(String, Bool)] = [
      ("--source", source != nil), ("--offline", offline), ("--online", online),
      ("--id", id != nil), ("--save", save),
    ]
    if let (flag, _) = others.first(where: { $0.1 }) {
      throw ValidationError(
        "--favorites draws from your favorites, so it cannot be used with \(flag).")
    }
    if let author, UntrustedText.isBlank(author) {
      throw ValidationError("--author is empty. Give part of an author's name.")
    }
    if let work, QuoteKey.searchFolded(work).isEmpty {
      throw ValidationError("--work has no word. Give words of a work's title.")
    }
    // The same check as TagOptions makes for the commands whose --tag needs nothing else.
    if let tag {
      do {
        _ = try FavoriteTag(tag)
      } catch {
        throw ValidationError("--tag: \(error.description)")
      }
    }
  }
}
