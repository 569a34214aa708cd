-- The first schema: favorites, the offline pool of every quote shown, and the last quote shown.
-- quote_key and author_key are the normalized forms that decide what is a duplicate
-- (see Models/QuoteKey.swift); author_folded is the author without case or diacritics,
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

CREATE INDEX favorite_by_author_folded ON favorite (author_folded);

-- Author search runs over the distinct authors, not over every favorite, so its cost follows the
-- number of authors (89 in all of DummyJSON) rather than of favorites. Triggers keep this table
-- and its trigram index in step with the favorites.
CREATE TABLE favorite_author (
  id INTEGER PRIMARY KEY,
  folded TEXT NOT NULL UNIQUE,
  favorite_count INTEGER NOT NULL CHECK (favorite_count >= 0)
);

-- A trigram index finds substrings of the folded author without a scan.
CREATE VIRTUAL TABLE favorite_author_search USING fts5(
  folded,
  content = 'favorite_author',
  content_rowid = 'id',
  tokenize = 'trigram'
);

CREATE TRIGGER favorite_author_after_insert AFTER INSERT ON favorite_author BEGIN
  INSERT INTO favorite_author_search (rowid, folded) VALUES (new.id, new.folded);
END;

CREATE TRIGGER favorite_author_after_delete AFTER DELETE ON favorite_author BEGIN
  INSERT INTO favorite_author_search (favorite_author_search, rowid, folded)
  VALUES ('delete', old.id, old.folded);
END;

CREATE TRIGGER favorite_after_insert AFTER INSERT ON favorite BEGIN
  INSERT OR IGNORE INTO favorite_author (folded, favorite_count) VALUES (new.author_folded, 0);
  UPDATE favorite_author SET favorite_count = favorite_count + 1
  WHERE folded = new.author_folded;
END;

CREATE TRIGGER favorite_after_delete AFTER DELETE ON favorite BEGIN
  UPDATE favorite_author SET favorite_count = favorite_count - 1
  WHERE folded = old.author_folded;
  DELETE FROM favorite_author WHERE folded = old.author_folded AND favorite_count = 0;
END;

CREATE TRIGGER favorite_after_update_author AFTER UPDATE OF author_folded ON favorite BEGIN
  UPDATE favorite_author SET favorite_count = favorite_count - 1
  WHERE folded = old.author_folded;
  DELETE FROM favorite_author WHERE folded = old.author_folded AND favorite_count = 0;
  INSERT OR IGNORE INTO favorite_author (folded, favorite_count) VALUES (new.author_folded, 0);
  UPDATE favorite_author SET favorite_count = favorite_count + 1
  WHERE folded = new.author_folded;
END;

-- Every quote ever shown: what `random` falls back to without a network. Rows are never
-- deleted, so ids run 1...n and a random row is found through the primary key.
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
