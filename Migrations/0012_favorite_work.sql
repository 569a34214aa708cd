-- The work a quote came from (a book's or a speech's title) on each favorite, searched by
-- `fav find` beside the quote, author, note and tags. Empty when there is none: every favorite
-- of an earlier version has none, and keeps everything else. Two favorites are still equal by
-- their quote and author alone (the keys of 0008): the work is not part of them.
ALTER TABLE favorite ADD COLUMN work TEXT NOT NULL DEFAULT '';

-- The trash keeps a favorite whole, its work too.
ALTER TABLE trashed_favorite ADD COLUMN work TEXT NOT NULL DEFAULT '';

-- An FTS5 table's columns cannot change: the index is made again with the work as its last
-- column (so the columns of 0005 keep their numbers, which `highlight` names), and rebuilt from
-- the favorites there are. Its triggers, as 0008 left them, with the work.
DROP TRIGGER favorite_search_after_insert;
DROP TRIGGER favorite_search_after_delete;
DROP TRIGGER favorite_search_after_update;
DROP TABLE favorite_search;

CREATE VIRTUAL TABLE favorite_search USING fts5(
  quote, author, note, tags, work,
  content = 'favorite',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO favorite_search (favorite_search) VALUES ('rebuild');

CREATE TRIGGER favorite_search_after_insert AFTER INSERT ON favorite
WHEN NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE new.id BETWEEN first_id AND last_id)
BEGIN
  INSERT INTO favorite_search (rowid, quote, author, note, tags, work)
  VALUES (new.id, new.quote, new.author, new.note, new.tags, new.work);
END;

CREATE TRIGGER favorite_search_after_delete AFTER DELETE ON favorite
WHEN NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE old.id BETWEEN first_id AND last_id)
BEGIN
  INSERT INTO favorite_search (favorite_search, rowid, quote, author, note, tags, work)
  VALUES ('delete', old.id, old.quote, old.author, old.note, old.tags, old.work);
END;

CREATE TRIGGER favorite_search_after_update
AFTER UPDATE OF quote, author, note, tags, work ON favorite
WHEN NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE old.id BETWEEN first_id AND last_id)
BEGIN
  INSERT INTO favorite_search (favorite_search, rowid, quote, author, note, tags, work)
  VALUES ('delete', old.id, old.quote, old.author, old.note, old.tags, old.work);
  INSERT INTO favorite_search (rowid, quote, author, note, tags, work)
  VALUES (new.id, new.quote, new.author, new.note, new.tags, new.work);
END;

-- Made again after the index's, as 0008 made it: SQLite runs a table's triggers in the order
-- of their making, and this keeps the order of 0008 (author count, index, undo).
DROP TRIGGER favorite_undo_after_insert;
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

-- The undo steps of a deleted or changed favorite and of a favorite leaving the trash, as
-- 0008 and 0006 left them, with the work. Steps logged before the upgrade name no work: the
-- column's default, empty, is what those favorites had.
DROP TRIGGER favorite_undo_after_delete;
CREATE TRIGGER favorite_undo_after_delete AFTER DELETE ON favorite
WHEN EXISTS (SELECT 1 FROM library_recording) BEGIN
  INSERT INTO library_undo_step (change_id, sql)
  SELECT change_id,
    'INSERT INTO favorite (id, quote, author, source, source_id, saved_at, quote_key, '
    || 'author_key, author_folded, note, tags, key_hash, work) VALUES (' || old.id || ', '
    || quote(old.quote) || ', ' || quote(old.author) || ', ' || quote(old.source) || ', '
    || quote(old.source_id) || ', ' || quote(old.saved_at) || ', ' || quote(old.quote_key)
    || ', ' || quote(old.author_key) || ', ' || quote(old.author_folded) || ', '
    || quote(old.note) || ', ' || quote(old.tags) || ', ' || quote(old.key_hash) || ', '
    || quote(old.work) || ')'
  FROM library_recording;
END;

DROP TRIGGER favorite_undo_after_update;
CREATE TRIGGER favorite_undo_after_update
AFTER UPDATE OF quote, author, source, source_id, saved_at, quote_key, author_key, author_folded,
  note, work ON favorite
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
    || quote(old.key_hash) || ', work = ' || quote(old.work) || ' WHERE id = ' || old.id
  FROM library_recording;
END;

DROP TRIGGER trashed_favorite_undo_after_delete;
CREATE TRIGGER trashed_favorite_undo_after_delete AFTER DELETE ON trashed_favorite
WHEN EXISTS (SELECT 1 FROM library_recording) BEGIN
  INSERT INTO library_undo_step (change_id, sql)
  SELECT change_id,
    'INSERT INTO trashed_favorite (id, quote, author, source, source_id, saved_at, quote_key, '
    || 'author_key, author_folded, note, tags, trashed_at, work) VALUES (' || old.id || ', '
    || quote(old.quote) || ', ' || quote(old.author) || ', ' || quote(old.source) || ', '
    || quote(old.source_id) || ', ' || quote(old.saved_at) || ', ' || quote(old.quote_key)
    || ', ' || quote(old.author_key) || ', ' || quote(old.author_folded) || ', '
    || quote(old.note) || ', ' || quote(old.tags) || ', ' || quote(old.trashed_at) || ', '
    || quote(old.work) || ')'
  FROM library_recording;
END;
