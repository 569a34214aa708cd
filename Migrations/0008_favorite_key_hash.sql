-- Duplicates found through a hash of the keys rather than a UNIQUE index of the keys themselves.
--
-- UNIQUE (quote_key, author_key) indexed every favorite's whole normalized text: 12 MB at
-- 100,000 favorites, which a large import touched at random, one page per row, so its page cache
-- had to hold most of it or write it to the log and read it back. `key_hash` is a 64-bit hash of
-- the two keys (QuoteKey.keyHash: FNV-1a over the UTF-8 of quote_key, a 0xFF byte, and the UTF-8
-- of author_key, as a signed integer), indexed without UNIQUE: 1.8 MB at 100,000. Two
-- favorites are equal when their keys are, as before; the hash only finds the candidates.
--
-- The schema still refuses a duplicate, for every writer: a trigger looks for an equal favorite
-- through the hash before each insert or change of keys, and aborts with the message the UNIQUE
-- constraint gave. SQLite runs one writer at a time, so nothing comes between the look and the
-- write. A `fav import` sets the insert trigger aside for its own rows, inside its transaction,
-- and looks first itself (see QuoteDatabase+ImportedRows.swift).
--
-- key_hash is NULL where SQL that does not know it wrote the row: this migration, which leaves
-- the app to hash the favorites there are in the same transaction (SQL has no hash function;
-- see SchemaMigrator.finish), and the undo steps an earlier version logged, until the next
-- import hashes them. The triggers find a duplicate of such a row, and of a change that keeps
-- the hash of other keys, by the keys alone.
--
-- SQLite cannot drop a constraint, so the table is made again, as SQLite's documentation says
-- (sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema Changes"): foreign key
-- checks are off while migrations run (SchemaMigrator), every row keeps its id, and AUTOINCREMENT
-- keeps its high mark, so no new favorite takes the id of one in the trash.

-- The two triggers of 0007 on favorite_tag write to `favorite`: SQLite would refuse to rename a
-- table while a trigger names one that is gone. Created again below, as they were.
DROP TRIGGER favorite_tag_after_insert;
DROP TRIGGER favorite_tag_after_delete;

CREATE TABLE favorite_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  quote TEXT NOT NULL CHECK (length(trim(quote)) > 0),
  author TEXT NOT NULL CHECK (length(trim(author)) > 0),
  source TEXT NOT NULL CHECK (length(source) > 0),
  source_id INTEGER,
  saved_at TEXT NOT NULL,
  quote_key TEXT NOT NULL CHECK (length(quote_key) > 0),
  author_key TEXT NOT NULL,
  author_folded TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '',
  key_hash INTEGER
);

INSERT INTO favorite_new (id, quote, author, source, source_id, saved_at, quote_key, author_key,
  author_folded, note, tags)
SELECT id, quote, author, source, source_id, saved_at, quote_key, author_key, author_folded, note,
  tags
FROM favorite ORDER BY id;

DELETE FROM sqlite_sequence WHERE name = 'favorite_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'favorite_new', seq FROM sqlite_sequence
WHERE name = 'favorite';

-- Drops the old table's index and triggers with it. The full-text index (external content) and
-- favorite_tag name the table, not the old one, and find the new one under the same name.
DROP TABLE favorite;
ALTER TABLE favorite_new RENAME TO favorite;

CREATE INDEX favorite_by_key_hash ON favorite (key_hash);
CREATE INDEX favorite_by_author_folded ON favorite (author_folded);
CREATE INDEX favorite_by_id ON favorite (id);

-- No two favorites with the same keys. The first look goes through the hash; the other two find
-- rows whose hash is not known (none, but after an upgrade or an old undo step).
CREATE TRIGGER favorite_unique_before_insert BEFORE INSERT ON favorite
WHEN EXISTS (
    SELECT 1 FROM favorite WHERE key_hash = new.key_hash
      AND quote_key = new.quote_key AND author_key = new.author_key)
  OR EXISTS (
    SELECT 1 FROM favorite WHERE key_hash IS NULL
      AND quote_key = new.quote_key AND author_key = new.author_key)
  OR (new.key_hash IS NULL AND EXISTS (
    SELECT 1 FROM favorite WHERE quote_key = new.quote_key AND author_key = new.author_key))
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: favorite.quote_key, favorite.author_key');
END;

-- A change of keys is looked at the same way; one that leaves the hash as it was (an undo step
-- an earlier version logged) by the keys alone, and its hash is forgotten below. A change of the
-- hash alone (the app hashing a row) changes no favorite's keys: nothing to look at.
CREATE TRIGGER favorite_unique_before_update BEFORE UPDATE OF quote_key, author_key ON favorite
WHEN (new.quote_key IS NOT old.quote_key OR new.author_key IS NOT old.author_key)
  AND (
    EXISTS (
      SELECT 1 FROM favorite WHERE key_hash = new.key_hash
        AND quote_key = new.quote_key AND author_key = new.author_key AND id <> new.id)
    OR EXISTS (
      SELECT 1 FROM favorite WHERE key_hash IS NULL
        AND quote_key = new.quote_key AND author_key = new.author_key AND id <> new.id)
    OR ((new.key_hash IS NULL OR new.key_hash IS old.key_hash) AND EXISTS (
      SELECT 1 FROM favorite
      WHERE quote_key = new.quote_key AND author_key = new.author_key AND id <> new.id)))
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: favorite.quote_key, favorite.author_key');
END;

CREATE TRIGGER favorite_key_hash_after_update AFTER UPDATE OF quote_key, author_key ON favorite
WHEN new.key_hash IS NOT NULL AND new.key_hash IS old.key_hash
  AND (new.quote_key IS NOT old.quote_key OR new.author_key IS NOT old.author_key)
BEGIN
  UPDATE favorite SET key_hash = NULL WHERE id = new.id;
END;

-- The triggers on `favorite` as 0007 left them, and the undo steps of a delete and an update
-- with the hash.

CREATE TRIGGER favorite_after_insert AFTER INSERT ON favorite
WHEN NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE new.id BETWEEN first_id AND last_id)
BEGIN
  INSERT OR IGNORE INTO favorite_author (folded, favorite_count) VALUES (new.author_folded, 0);
  UPDATE favorite_author SET favorite_count = favorite_count + 1
  WHERE folded = new.author_folded;
END;

CREATE TRIGGER favorite_after_delete AFTER DELETE ON favorite
WHEN NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE old.id BETWEEN first_id AND last_id)
BEGIN
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

CREATE TRIGGER favorite_tag_after_insert AFTER INSERT ON favorite_tag
WHEN NOT EXISTS (
  SELECT 1 FROM favorite_bulk_write WHERE new.favorite_id BETWEEN first_id AND last_id)
BEGIN
  UPDATE favorite SET tags = (
    SELECT group_concat(tag, ' ') FROM (
      SELECT tag FROM favorite_tag WHERE favorite_id = new.favorite_id ORDER BY tag))
  WHERE id = new.favorite_id;
END;

CREATE TRIGGER favorite_tag_after_delete AFTER DELETE ON favorite_tag
WHEN NOT EXISTS (
  SELECT 1 FROM favorite_bulk_write WHERE old.favorite_id BETWEEN first_id AND last_id)
BEGIN
  UPDATE favorite SET tags = coalesce((
    SELECT group_concat(tag, ' ') FROM (
      SELECT tag FROM favorite_tag WHERE favorite_id = old.favorite_id ORDER BY tag)), '')
  WHERE id = old.favorite_id;
END;

CREATE TRIGGER favorite_search_after_insert AFTER INSERT ON favorite
WHEN NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE new.id BETWEEN first_id AND last_id)
BEGIN
  INSERT INTO favorite_search (rowid, quote, author, note, tags)
  VALUES (new.id, new.quote, new.author, new.note, new.tags);
END;

CREATE TRIGGER favorite_search_after_delete AFTER DELETE ON favorite
WHEN NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE old.id BETWEEN first_id AND last_id)
BEGIN
  INSERT INTO favorite_search (favorite_search, rowid, quote, author, note, tags)
  VALUES ('delete', old.id, old.quote, old.author, old.note, old.tags);
END;

CREATE TRIGGER favorite_search_after_update AFTER UPDATE OF quote, author, note, tags ON favorite
WHEN NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE old.id BETWEEN first_id AND last_id)
BEGIN
  INSERT INTO favorite_search (favorite_search, rowid, quote, author, note, tags)
  VALUES ('delete', old.id, old.quote, old.author, old.note, old.tags);
  INSERT INTO favorite_search (rowid, quote, author, note, tags)
  VALUES (new.id, new.quote, new.author, new.note, new.tags);
END;

CREATE TRIGGER favorite_undo_after_insert AFTER INSERT ON favorite
WHEN EXISTS (SELECT 1 FROM library_recording)
  AND NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE new.id BETWEEN first_id AND last_id)
BEGIN
  UPDATE library_undo_step SET last_added_id = new.id
  WHERE id = (SELECT max(id) FROM library_undo_step) AND last_added_id = new.id - 1
    AND change_id = (SELECT change_id FROM library_recording);
  INSERT INTO library_undo_step (change_id, first_added_id, last_added_id)
  SELECT change_id, new.id, new.id FROM library_recording
  WHERE NOT EXISTS (
    SELECT 1 FROM library_undo_step
    WHERE id = (SELECT max(id) FROM library_undo_step) AND last_added_id = new.id
      AND change_id = (SELECT change_id FROM library_recording));
END;

CREATE TRIGGER favorite_undo_after_delete AFTER DELETE ON favorite
WHEN EXISTS (SELECT 1 FROM library_recording) BEGIN
  INSERT INTO library_undo_step (change_id, sql)
  SELECT change_id,
    'INSERT INTO favorite (id, quote, author, source, source_id, saved_at, quote_key, '
    || 'author_key, author_folded, note, tags, key_hash) VALUES (' || old.id || ', '
    || quote(old.quote) || ', ' || quote(old.author) || ', ' || quote(old.source) || ', '
    || quote(old.source_id) || ', ' || quote(old.saved_at) || ', ' || quote(old.quote_key)
    || ', ' || quote(old.author_key) || ', ' || quote(old.author_folded) || ', '
    || quote(old.note) || ', ' || quote(old.tags) || ', ' || quote(old.key_hash) || ')'
  FROM library_recording;
END;

CREATE TRIGGER favorite_undo_after_update
AFTER UPDATE OF quote, author, source, source_id, saved_at, quote_key, author_key, author_folded,
  note ON favorite
WHEN EXISTS (SELECT 1 FROM library_recording)
  AND NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE old.id BETWEEN first_id AND last_id)
BEGIN
  INSERT INTO library_undo_step (change_id, sql)
  SELECT change_id,
    'UPDATE favorite SET quote = ' || quote(old.quote) || ', author = ' || quote(old.author)
    || ', source = ' || quote(old.source) || ', source_id = ' || quote(old.source_id)
    || ', saved_at = ' || quote(old.saved_at) || ', quote_key = ' || quote(old.quote_key)
    || ', author_key = ' || quote(old.author_key) || ', author_folded = '
    || quote(old.author_folded) || ', note = ' || quote(old.note) || ', key_hash = '
    || quote(old.key_hash) || ' WHERE id = ' || old.id
  FROM library_recording;
END;
