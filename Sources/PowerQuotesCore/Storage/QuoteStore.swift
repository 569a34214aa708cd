/// Everything the library keeps, and where a new store starts.
///
/// Favorites, the library's tags, trash and history, and the quotes seen. ``QuoteDatabase`` (SQLite) and ``PostgresStore`` are the two; controllers take
/// `any QuoteStore` (or the part they use). A new store implements the requirements of
/// ``FavoriteStore``, ``LibraryStore`` and ``QuotePoolStore`` (everything else is written once,
/// in their extensions, from those) and passes the parity suite: add a factory for it to
/// `StoreFactory.all` in `Tests/PowerQuotesTestSupport`, and every store test runs on it.
/// Both stores share plain types and functions (`Storage/Shared`, `Storage/Records`, the
/// models), never each other's code.
///
/// What every requirement promises, unless its own documentation says more:
///
/// - **Synchronous and blocking**, like GRDB's API and a C client's: a call runs to completion on
///   the caller's thread. A store is `Sendable` and may be used from several threads; it
///   serializes what must be.
/// - **Atomic**: a call that writes commits all of its work in one transaction, or none of it
///   (a throw leaves the library as it was). A call that reads sees one state of the library.
/// - **One undoable change** per call that changes favorites, their notes and tags, or the
///   trash (add, import, edit, tag, untag, trash, restore): it is kept as a ``LibraryChange``
///   (facts, never a sentence: views word it) unless it changed nothing; the newest
///   ``LibraryChange/historyLimit`` are kept, and ``LibraryStore/undoLastChange()`` takes the
///   newest back exactly.
/// - **Order**: favorites come in id order, ids never reused (a duplicate or a rollback may
///   leave a gap); search hits best first; tags most used first; the trash in the order it was
///   filled; changes newest first.
/// - **Not found** is an answer, not an error, for reads: nil, zero or nothing. A write naming a
///   favorite that is not there throws ``StorageError/noSuchFavorite(id:)`` (or
///   ``StorageError/noSuchTrashedFavorite(id:)``) and changes nothing.
/// - **Duplicates** are the store's to decide, through its unique key on ``QuoteKey``
///   (the normalized quote and author; a favorite's work is no part of it), never by a read
///   before the write: an add returns
///   ``AddFavoriteResult/alreadyFavorite(_:)``, an edit or restore throws
///   ``StorageError/duplicateFavorite(id:)``.
/// - **Errors** are typed, never sentences made here: ``StorageError`` for the library's own
///   conditions and a store's own error type for its connection (``PostgresError``); each
///   type words itself in one place, its `errorDescription`. The rules above the data (what a
///   confirmation covers, what the user is told) are the controllers' and the views'.
/// - **Text is kept as given** (quotes, authors, notes, works: untrusted, cleaned by views), and
///   times as ``StoredTime`` text, so that both stores give back the same values.
/// - **Streaming** calls (`forEach...`) call `body` once per row as rows are read, never holding
///   the whole list; bytes they lend are valid only during that call. A throw from `body` stops
///   the walk and is rethrown.
public typealias QuoteStore = FavoriteStore & QuotePoolStore & LibraryStore
