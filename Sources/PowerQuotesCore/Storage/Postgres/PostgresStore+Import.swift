import Foundation

extension PostgresStore {
  /// How many quotes of an import go to the server in one statement.
  static let importBatchSize = 1000

  /// Saves the quotes `feed` hands to the function it is given, in one transaction and as one
  /// undoable change, with their notes and tags, as ``QuoteDatabase`` saves them.
  ///
  /// They go to the server a batch at a time (``importBatchSize``), each batch one INSERT of
  /// parameter arrays, so a large file is never all in memory and 100,000 quotes are a hundred
  /// round trips rather than 100,000. A process killed before the commit leaves nothing: the
  /// server rolls back a transaction whose connection is gone. After a batch fails, the quotes
  /// that follow are not sent; the failure is thrown once `feed` returns, and nothing is saved.
  ///
  /// Duplicates count as in SQLite, where each quote is one INSERT in file order: the unique
  /// index decides against the saved favorites, and a quote repeated within a batch is left to
  /// its first copy here, so no identity value is drawn for it. A quote already a favorite
  /// adds its tags to the favorite's, and its note when the favorite has none.
  ///
  /// The favorites added are logged for `fav undo` as ranges of ids written here (the
  /// migration's trigger, which extends a range row by row, slows down as the range grows);
  /// tags and notes given to saved favorites are logged by the triggers.
  ///
  /// A dry run inserts nothing: an identity value drawn by an INSERT stays used after a
  /// rollback, and a dry run must not leave a gap in the ids. It asks the unique index about
  /// each batch instead, and remembers the keys it would have added (about 100 bytes a
  /// quote), so a quote repeated in the file counts as already a favorite as an insert would.
  public func importFavorites(
    count: Int,
    at date: Date,
    dryRun: Bool,
    feed: ((ImportedQuote) -> Void) throws -> Void
  ) throws -> (added: Int, alreadyFavorites: Int) {
    try inTransaction(rollback: dryRun) {
      var importer = PostgresImporter(store: self, date: date)
      if !dryRun {
        // One change, but not logged by the triggers while favorites are added. The recording
        // row is deleted at once; until the commit it still holds back other machines' changes.
        importer.changeID = try startChange(.importFile, at: date)
        try execute("DELETE FROM library_recording")
      }
      var batch: [ImportedQuote] = []
      batch.reserveCapacity(min(max(count, 1), Self.importBatchSize))
      var failure: (any Error)?
      try feed { imported in
        guard failure == nil else { return }
        batch.append(imported)
        guard batch.count >= Self.importBatchSize else { return }
        do {
          try importer.save(batch, dryRun: dryRun)
        } catch {
          failure = error
        }
        batch.removeAll(keepingCapacity: true)
      }
      if let failure { throw failure }
      try importer.save(batch, dryRun: dryRun)
      if let changeID = importer.changeID {
        try importer.logAddedRanges()
        try finishChange(changeID, facts: StoredChange.importing(importer.counts.added))
      }
      return importer.counts
    }
  }
}

/// One import's batches on PostgreSQL: what ``PostgresStore/importFavorites(count:at:dryRun:feed:)``
/// keeps between them.
struct PostgresImporter {
  let store: PostgresStore
  /// The time of quotes that do not give their own.
  let date: Date
  /// The import's change in the undo history; nil for a dry run.
  var changeID: String?
  /// What was added and what was already a favorite so far.
  var counts = (added: 0, alreadyFavorites: 0)
  /// The ids added so far, as ranges, oldest first.
  private(set) var addedRanges: [ClosedRange<Int64>] = []
  /// A dry run's keys that it would have added.
  private var wouldAdd: Set<[UInt8]> = []

  init(store: PostgresStore, date: Date) {
    self.store = store
    self.date = date
  }

  /// Saves one batch (or, for a dry run, counts it).
  mutating func save(_ batch: [ImportedQuote], dryRun: Bool) throws {
    guard !batch.isEmpty else { return }
    let keys = batch.map(\.quote.key)
    if dryRun {
      try count(batch, keys: keys)
      return
    }
    // The first copy of each key in the batch is offered to the server; the others are
    // already favorites by the time SQLite, going row by row, would reach them.
    var firstCopy: [QuoteKey: Int] = [:]
    var offered: [Int] = []
    for (index, key) in keys.enumerated() where firstCopy[key] == nil {
      firstCopy[key] = index
      offered.append(index)
    }
    let addedIDs = try insert(offered.map { batch[$0] }, keys: offered.map { keys[$0] })
    var idOf: [Int: Int64] = [:]
    for (position, id) in addedIDs { idOf[offered[position]] = id }
    counts.added += idOf.count
    counts.alreadyFavorites += batch.count - idOf.count
    note(added: idOf.values.sorted())

    var newTags: [(id: Int64, tag: String)] = []
    var merged: [(key: QuoteKey, imported: ImportedQuote)] = []
    for (index, imported) in batch.enumerated() {
      if let id = idOf[index] {
        newTags += imported.tags.map { (id, $0) }
      } else if !imported.tags.isEmpty || !imported.note.isEmpty || !imported.work.isEmpty {
        merged.append((keys[index], imported))
      }
    }
    if !newTags.isEmpty {
      // New favorites: their range of ids undoes them with their tags, unlogged.
      try store.execute(
        """
        INSERT INTO favorite_tag (favorite_id, tag)
        SELECT * FROM unnest($1::bigint[], $2::text[]) ON CONFLICT DO NOTHING
        """,
        [
          PostgresArray.literal(newTags.map { String($0.id) }),
          PostgresArray.literal(newTags.map(\.tag)),
        ])
    }
    if !merged.isEmpty { try merge(merged) }
  }

  /// Inserts `quotes` (no two with one key) in their order, each unless its key is saved;
  /// returns the position in `quotes` and the new id of each one added.
  private func insert(_ quotes: [ImportedQuote], keys: [QuoteKey]) throws -> [(Int, Int64)] {
    var columns = Array(repeating: [String?](), count: 10)
    for column in columns.indices { columns[column].reserveCapacity(quotes.count) }
    for (imported, key) in zip(quotes, keys) {
      let quote = imported.quote
      let values: [String?] = [
        quote.text, quote.author, quote.source.rawValue, quote.sourceID.map(String.init),
        StoredTime.text(imported.savedAt ?? date), key.quote, key.author,
        QuoteKey.searchFolded(quote.author), imported.note, imported.work,
      ]
      for (column, value) in values.enumerated() { columns[column].append(value) }
    }
    let rows = try store.execute(Self.insertBatchSQL, columns.map(PostgresArray.literal))
    return rows.values.compactMap { row in
      guard let position = row[0].flatMap({ Int($0) }), let id = row[1].flatMap({ Int64($0) })
      else { return nil }
      return (position - 1, id)
    }
  }

  /// One batch's INSERT: the parameters are arrays of the columns, in file order.
  ///
  /// `NOT EXISTS` skips a saved favorite before an identity value is drawn for it, as the
  /// INSERT of one favorite does; `ON CONFLICT` catches one another machine saved meanwhile.
  /// The rows come back with their place in the batch, matched through their keys.
  static let insertBatchSQL = """
    WITH input AS MATERIALIZED (
      SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[],
        $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
        WITH ORDINALITY AS given (quote, author, source, source_id, saved_at, quote_key,
          author_key, author_folded, note, work, position)
    ),
    added AS (
      INSERT INTO favorite (quote, author, source, source_id, saved_at, quote_key, author_key,
        author_folded, note, work)
      SELECT quote, author, source, source_id, saved_at, quote_key, author_key, author_folded,
        note, work
      FROM input
      WHERE NOT EXISTS (
        SELECT 1 FROM favorite
        WHERE \(PostgresStore.sameKey(quoteKey: "input.quote_key", authorKey: "input.author_key")))
      ORDER BY position
      ON CONFLICT \(PostgresStore.conflictTarget) DO NOTHING
      RETURNING id, quote_key, author_key
    )
    SELECT input.position, added.id
    FROM added JOIN input USING (quote_key, author_key)
    """

  /// Gives saved favorites the tags, notes and works of their copies in the file, with the
  /// triggers logging each change: tags join the favorite's own, and the first note and work
  /// are kept where the favorite has none (what the user wrote is never replaced).
  private func merge(_ merged: [(key: QuoteKey, imported: ImportedQuote)]) throws {
    var tagRows: (quoteKeys: [String?], authorKeys: [String?], tags: [String?]) = ([], [], [])
    var noteRows: (quoteKeys: [String?], authorKeys: [String?], notes: [String?]) = ([], [], [])
    var noted: Set<QuoteKey> = []
    var workRows: (quoteKeys: [String?], authorKeys: [String?], works: [String?]) = ([], [], [])
    var worked: Set<QuoteKey> = []
    for (key, imported) in merged {
      for tag in imported.tags {
        tagRows.quoteKeys.append(key.quote)
        tagRows.authorKeys.append(key.author)
        tagRows.tags.append(tag)
      }
      if !imported.note.isEmpty && noted.insert(key).inserted {
        noteRows.quoteKeys.append(key.quote)
        noteRows.authorKeys.append(key.author)
        noteRows.notes.append(imported.note)
      }
      if !imported.work.isEmpty && worked.insert(key).inserted {
        workRows.quoteKeys.append(key.quote)
        workRows.authorKeys.append(key.author)
        workRows.works.append(imported.work)
      }
    }
    guard let changeID else { return }
    try store.execute(
      "INSERT INTO library_recording (singleton, change_id) VALUES (1, $1::bigint)", [changeID])
    if !tagRows.tags.isEmpty {
      try store.execute(
        """
        INSERT INTO favorite_tag (favorite_id, tag)
        SELECT favorite.id, given.tag
        FROM unnest($1::text[], $2::text[], $3::text[]) AS given (given_quote_key,
          given_author_key, tag)
        JOIN favorite ON \(PostgresStore.sameKey(quoteKey: "given_quote_key", authorKey: "given_author_key"))
        ON CONFLICT DO NOTHING
        """,
        [tagRows.quoteKeys, tagRows.authorKeys, tagRows.tags].map(PostgresArray.literal))
    }
    if !noteRows.notes.isEmpty {
      try store.execute(
        """
        UPDATE favorite SET note = given.note
        FROM unnest($1::text[], $2::text[], $3::text[]) AS given (given_quote_key,
          given_author_key, note)
        WHERE \(PostgresStore.sameKey(quoteKey: "given_quote_key", authorKey: "given_author_key"))
          AND favorite.note = ''
        """,
        [noteRows.quoteKeys, noteRows.authorKeys, noteRows.notes].map(PostgresArray.literal))
    }
    if !workRows.works.isEmpty {
      try store.execute(
        """
        UPDATE favorite SET work = given.work
        FROM unnest($1::text[], $2::text[], $3::text[]) AS given (given_quote_key,
          given_author_key, work)
        WHERE \(PostgresStore.sameKey(quoteKey: "given_quote_key", authorKey: "given_author_key"))
          AND favorite.work = ''
        """,
        [workRows.quoteKeys, workRows.authorKeys, workRows.works].map(PostgresArray.literal))
    }
    try store.execute("DELETE FROM library_recording")
  }

  /// Adds `ids` (sorted) to the ranges of added ids.
  private mutating func note(added ids: [Int64]) {
    for id in ids {
      if let last = addedRanges.last, last.upperBound == id - 1 {
        addedRanges[addedRanges.count - 1] = last.lowerBound...id
      } else {
        addedRanges.append(id...id)
      }
    }
  }

  /// Writes the ranges of added ids as the change's undo steps.
  func logAddedRanges() throws {
    guard let changeID, !addedRanges.isEmpty else { return }
    try store.execute(
      """
      INSERT INTO library_undo_step (change_id, first_added_id, last_added_id)
      SELECT $1::bigint, first, last FROM unnest($2::bigint[], $3::bigint[]) AS range (first, last)
      """,
      [
        changeID,
        PostgresArray.literal(addedRanges.map { String($0.lowerBound) }),
        PostgresArray.literal(addedRanges.map { String($0.upperBound) }),
      ])
  }

  /// A dry run's batch: counted against the saved favorites and the keys it would have added.
  private mutating func count(_ batch: [ImportedQuote], keys: [QuoteKey]) throws {
    let saved = try store.execute(
      """
      SELECT given.position FROM unnest($1::text[], $2::text[])
        WITH ORDINALITY AS given (quote_key, author_key, position)
      WHERE EXISTS (
        SELECT 1 FROM favorite
        WHERE \(PostgresStore.sameKey(quoteKey: "given.quote_key", authorKey: "given.author_key")))
      """,
      [PostgresArray.literal(keys.map(\.quote)), PostgresArray.literal(keys.map(\.author))])
    let known = Set(saved.values.compactMap { $0[0].flatMap { Int($0) }.map { $0 - 1 } })
    for (index, key) in keys.enumerated() {
      if known.contains(index)
        || !wouldAdd.insert(Array((key.quote + "\u{0}" + key.author).utf8)).inserted
      {
        counts.alreadyFavorites += 1
      } else {
        counts.added += 1
      }
    }
  }
}
