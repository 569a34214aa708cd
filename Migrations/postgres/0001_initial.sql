-- The first schema on PostgreSQL, with the meaning of ../0001_initial.sql: favorites, the
-- offline pool of every quote shown, and the last quote shown. quote_key and author_key are the
-- normalized forms that decide what is a duplicate, and author_folded is the author without
-- case, diacritics or punctuation; powerquotes computes all three (Models/QuoteKey.swift), the
-- same way for both stores, and the database stores them and enforces them.

-- Trigram indexes, for author search by substring. Trusted since PostgreSQL 13: the database's
-- owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE favorite (
  -- An identity, never reused after a delete (a sequence only goes up), as AUTOINCREMENT.
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote text NOT NULL CHECK (length(btrim(quote)) > 0),
  author text NOT NULL CHECK (length(btrim(author)) > 0),
  source text NOT NULL CHECK (length(source) > 0),
  source_id bigint,
  -- UTC text to the millisecond, 'YYYY-MM-DD HH:MM:SS.SSS', exactly as the SQLite store keeps
  -- it: a library moves between the stores unchanged, and the text sorts as the time does.
  saved_at text NOT NULL,
  quote_key text NOT NULL CHECK (length(quote_key) > 0),
  author_key text NOT NULL,
  author_folded text NOT NULL
);

-- The server decides what is a duplicate: the same (quote_key, author_key) as SQLite's UNIQUE,
-- through the keys' SHA-256 digests. A B-tree entry holds at most about 2,700 bytes, and a
-- quote from a fortune file can be longer; its 32-byte digest always fits, and two different
-- keys with one digest are not a case to plan for. INSERT ... ON CONFLICT names the same two
-- expressions.
CREATE UNIQUE INDEX favorite_by_key
  ON favorite (sha256(quote_key::bytea), sha256(author_key::bytea));

-- Author search matches substrings of the folded author (LIKE '%khattab%'); a trigram index
-- finds them without reading every favorite.
CREATE INDEX favorite_by_author_folded ON favorite USING gin (author_folded gin_trgm_ops);

-- Every quote ever shown: what `random` falls back to without a network. Rows are never
-- deleted, so a random row is found through the primary key.
CREATE TABLE pool_quote (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote text NOT NULL CHECK (length(btrim(quote)) > 0),
  author text NOT NULL CHECK (length(btrim(author)) > 0),
  source text NOT NULL CHECK (length(source) > 0),
  source_id bigint,
  first_seen_at text NOT NULL,
  quote_key text NOT NULL,
  author_key text NOT NULL
);

CREATE UNIQUE INDEX pool_quote_by_key
  ON pool_quote (sha256(quote_key::bytea), sha256(author_key::bytea));

-- The quote shown last, so that `fav add` and `share` with no arguments know what to use.
CREATE TABLE last_shown (
  singleton integer PRIMARY KEY CHECK (singleton = 1),
  quote text NOT NULL,
  author text NOT NULL,
  source text NOT NULL,
  source_id bigint,
  shown_at text NOT NULL
);
