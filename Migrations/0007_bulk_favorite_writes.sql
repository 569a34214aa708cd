-- Bulk writes of favorites: a large import, and the undo of one.
--
-- Each favorite row a trigger handles costs a trigger program of its own: 100,000 imported rows
-- ran the author count, full-text and undo triggers 100,000 times each, three times the cost of
-- the inserts alone. While `favorite_bulk_write` has a row, those per-row triggers step aside
-- for the favorites whose ids are in its range, and the app does their work for the whole range
-- in a few statements of the same transaction (see QuoteDatabase+BulkWrite.swift): the author
-- counts, the full-text index, the `tags` column and one undo step, a range of ids.
--
-- Rows outside the range (a saved favorite that an import gives tags or a note) keep every
-- trigger, so their index entries and undo steps stay as before. The row is deleted before the
-- transaction commits: outside one, the table is always empty and every trigger runs.
CREATE TABLE favorite_bulk_write (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  first_id INTEGER NOT NULL,
  last_id INTEGER NOT NULL CHECK (last_id >= first_id)
);

-- The triggers of 0001, 0005 and 0006 that a bulk write covers, as they were, each with the
-- condition that steps it aside.

DROP TRIGGER favorite_after_insert;
CREATE TRIGGER favorite_after_insert AFTER INSERT ON favorite
WHEN NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE new.id BETWEEN first_id AND last_id)
BEGIN
  INSERT OR IGNORE INTO favorite_author (folded, favorite_count) VALUES (new.author_folded, 0);
  UPDATE favorite_author SET favorite_count = favorite_count + 1
  WHERE folded = new.author_folded;
END;

DROP TRIGGER favorite_after_delete;
CREATE TRIGGER favorite_after_delete AFTER DELETE ON favorite
WHEN NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE old.id BETWEEN first_id AND last_id)
BEGIN
  UPDATE favorite_author SET favorite_count = favorite_count - 1
  WHERE folded = old.author_folded;
  DELETE FROM favorite_author WHERE folded = old.author_folded AND favorite_count = 0;
END;

DROP TRIGGER favorite_tag_after_insert;
CREATE TRIGGER favorite_tag_after_insert AFTER INSERT ON favorite_tag
WHEN NOT EXISTS (
  SELECT 1 FROM favorite_bulk_write WHERE new.favorite_id BETWEEN first_id AND last_id)
BEGIN
  UPDATE favorite SET tags = (
    SELECT group_concat(tag, ' ') FROM (
      SELECT tag FROM favorite_tag WHERE favorite_id = new.favorite_id ORDER BY tag))
  WHERE id = new.favorite_id;
END;

DROP TRIGGER favorite_tag_after_delete;
CREATE TRIGGER favorite_tag_after_delete AFTER DELETE ON favorite_tag
WHEN NOT EXISTS (
  SELECT 1 FROM favorite_bulk_write WHERE old.favorite_id BETWEEN first_id AND last_id)
BEGIN
  UPDATE favorite SET tags = coalesce((
    SELECT group_concat(tag, ' ') FROM (
      SELECT tag FROM favorite_tag WHERE favorite_id = old.favorite_id ORDER BY tag)), '')
  WHERE id = old.favorite_id;
END;

DROP TRIGGER favorite_search_after_insert;
CREATE TRIGGER favorite_search_after_insert AFTER INSERT ON favorite
WHEN NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE new.id BETWEEN first_id AND last_id)
BEGIN
  INSERT INTO favorite_search (rowid, quote, author, note, tags)
  VALUES (new.id, new.quote, new.author, new.note, new.tags);
END;

DROP TRIGGER favorite_search_after_delete;
CREATE TRIGGER favorite_search_after_delete AFTER DELETE ON favorite
WHEN NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE old.id BETWEEN first_id AND last_id)
BEGIN
  INSERT INTO favorite_search (favorite_search, rowid, quote, author, note, tags)
  VALUES ('delete', old.id, old.quote, old.author, old.note, old.tags);
END;

-- A favorite in the range is not in the index while the bulk write lasts (an import indexes it
-- at the end, an undo took it out at the start): deleting its entry would break the index.
DROP TRIGGER favorite_search_after_update;
CREATE TRIGGER favorite_search_after_update AFTER UPDATE OF quote, author, note, tags ON favorite
WHEN NOT EXISTS (SELECT 1 FROM favorite_bulk_write WHERE old.id BETWEEN first_id AND last_id)
BEGIN
  INSERT INTO favorite_search (favorite_search, rowid, quote, author, note, tags)
  VALUES ('delete', old.id, old.quote, old.author, old.note, old.tags);
  INSERT INTO favorite_search (rowid, quote, author, note, tags)
  VALUES (new.id, new.quote, new.author, new.note, new.tags);
END;

-- The favorites an import adds are one step, which the import writes; what it does to them
-- afterwards (a tag or note from a later row of the same file) goes with them when that step
-- is undone.
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

DROP TRIGGER favorite_undo_after_update;
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
    || quote(old.author_folded) || ', note = ' || quote(old.note) || ' WHERE id = ' || old.id
  FROM library_recording;
END;

DROP TRIGGER favorite_tag_undo_after_insert;
CREATE TRIGGER favorite_tag_undo_after_insert AFTER INSERT ON favorite_tag
WHEN EXISTS (SELECT 1 FROM library_recording)
  AND NOT EXISTS (
    SELECT 1 FROM favorite_bulk_write WHERE new.favorite_id BETWEEN first_id AND last_id)
BEGIN
  INSERT INTO library_undo_step (change_id, sql)
  SELECT change_id,
    'DELETE FROM favorite_tag WHERE favorite_id = ' || new.favorite_id || ' AND tag = '
    || quote(new.tag)
  FROM library_recording;
END;
