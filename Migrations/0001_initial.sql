-- The first schema: favorites, the offline pool of every quote shown, and the last quote shown.
-- quote_key and author_key are the normalized forms that decide what is a duplicate
-- (see Quote+Normalization.swift); author_folded is the author without case or diacritics,
-- which the author search matches against.

CREATE TABLE favorite (
  id INTEGER PRIMARY KEY AUTOINCREMENT,  -- AUTOINCREMENT: an id is never reused after a delete
  quote TEXT NOT NULL CHECK (length(trim(quote)) > 0),
  author TEXT NOT NULL CHECK (length(trim(author)) > 0),
  source TEXT NOT NULL CHECK (length(source) > 0),
  source_id INTEGER,
  saved_at TEXT NOT NULL,
  quote_key TEXT NOT NULL CHECK (length(quote_key) > 0),
  author_key TEXT NOT NULL,
  author_folded TEXT NOT NULL,
  UNIQUE (quote_key, author_key)
);

-- Author search: a trigram index over the folded author finds substrings without a table scan.
CREATE VIRTUAL TABLE favorite_author_search USING fts5(
  author_folded,
  content = 'favorite',
  content_rowid = 'id',
  tokenize = 'trigram'
);

CREATE TRIGGER favorite_after_insert AFTER INSERT ON favorite BEGIN
  INSERT INTO favorite_author_search (rowid, author_folded) VALUES (new.id, new.author_folded);
END;

CREATE TRIGGER favorite_after_delete AFTER DELETE ON favorite BEGIN
  INSERT INTO favorite_author_search (favorite_author_search, rowid, author_folded)
  VALUES ('delete', old.id, old.author_folded);
END;

CREATE TRIGGER favorite_after_update AFTER UPDATE OF author_folded ON favorite BEGIN
  INSERT INTO favorite_author_search (favorite_author_search, rowid, author_folded)
  VALUES ('delete', old.id, old.author_folded);
  INSERT INTO favorite_author_search (rowid, author_folded) VALUES (new.id, new.author_folded);
END;

-- Every quote ever shown: what `random` falls back to without a network.
CREATE TABLE pool_quote (
  id INTEGER PRIMARY KEY,
  quote TEXT NOT NULL CHECK (length(trim(quote)) > 0),
  author TEXT NOT NULL CHECK (length(trim(author)) > 0),
  source TEXT NOT NULL CHECK (length(source) > 0),
  source_id INTEGER,
  first_seen_at TEXT NOT NULL,
  quote_key TEXT NOT NULL,
  author_key TEXT NOT NULL,
  UNIQUE (quote_key, author_key)
);

-- The quote shown last, so that `fav add` and `share` with no arguments know what to use.
CREATE TABLE last_shown (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  quote TEXT NOT NULL,
  author TEXT NOT NULL,
  source TEXT NOT NULL,
  source_id INTEGER,
  shown_at TEXT NOT NULL
);
