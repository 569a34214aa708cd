/// The names of tags an earlier version stored, as ``FavoriteTag`` names them now
/// (`Migrations/0009_tag_forms.sql`): what both stores rename when they upgrade.
enum StoredTagNames {
  /// The name the tag stored as `name` has now, or nil when it keeps its own: it is normalized
  /// already, or its normalized form would not be a tag.
  static func renamed(_ name: String) -> String? {
    guard let tag = try? FavoriteTag(name), !tag.name.utf8.elementsEqual(name.utf8) else {
      return nil
    }
    return tag.name
  }

  /// A tags column (names one space apart, as `trashed_favorite.tags` keeps them) with each
  /// name renamed and a name given twice kept once, in byte order; nil when nothing changes.
  static func renamedList(_ tags: String) -> String? {
    let names = tags.split(separator: " ").map(String.init)
    guard names.contains(where: { renamed($0) != nil }) else { return nil }
    var seen: Set<[UInt8]> = []
    var kept: [[UInt8]] = []
    for name in names {
      let bytes = Array((renamed(name) ?? name).utf8)
      if seen.insert(bytes).inserted { kept.append(bytes) }
    }
    kept.sort { $0.lexicographicallyPrecedes($1) }
    return kept.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
  }
}
