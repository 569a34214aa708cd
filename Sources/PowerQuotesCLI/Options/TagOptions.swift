import ArgumentParser
import PowerQuotesCore

/// `--tag TAG`: only favorites with this tag.
@DirectlyParsedGroup
struct TagOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp("Only favorites with this tag.", valueName: "tag"),
    completion: LibraryCompletion.tags)
  var tag: String?

  /// The tag, checked and folded; nil without `--tag`.
  var parsed: FavoriteTag? { tag.flatMap { try? FavoriteTag($0) } }

  func validate() throws {
    if let tag {
      do {
        _ = try FavoriteTag(tag)
      } catch {
        throw ValidationError("--tag: \(error.description)")
      }
    }
  }
}

extension Array where Element == String {
  /// The tags these words name, checked and folded.
  ///
  /// - Throws: `ValidationError` with the sentence for the first word that is not a tag.
  func parsedTags() throws -> [FavoriteTag] {
    do {
      return try map { (word) throws(TagError) in try FavoriteTag(word) }
    } catch {
      throw ValidationError(error.description)
    }
  }
}
