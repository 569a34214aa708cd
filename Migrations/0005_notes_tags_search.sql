-- The library: a note on each favorite, its tags, and full-text search over quote, author, note
-- and tags. A database of an earlier version keeps every row, and the search covers them all.

ALTER TABLE favorite ADD COLUMN note TEXT NOT NULL DEFAULT '';

-- The favorite's tags, space-separated in name order, kept by the triggers below from favorite_tag:
-- the full-text index reads them here, beside the quote, author and note.
ALTER TABLE favorite ADD COLUMN tags TEXT NOT NULL DEFAULT '';

-- Tags are lower-case words (the app folds them before they get here).
CREATE TABLE favorite_tag (
  favorite_id INTEGER NOT NULL REFERENCES favorite (id) ON DELETE CASCADE,
  tag TEXT NOT NULL CHECK (length(tag) BETWEEN 1 AND 64 AND tag = lower(tag) AND tag NOT GLOB '*[ 	]*'),
  PRIMARY KEY (favorite_id, tag)
) WITHOUT ROWID;

CREATE INDEX favorite_tag_by_tag ON favorite_tag (tag, favorite_id);

CREATE TRIGGER favorite_tag_after_insert AFTER INSERT ON favorite_tag BEGIN
  UPDATE favorite SET tags = (
    SELECT group_concat(tag, ' ') FROM (
      SELECT tag FROM favorite_tag WHERE favorite_id = new.favorite_id ORDER BY tag))
  WHERE id = new.favorite_id;
END;

CREATE TRIGGER favorite_tag_after_delete AFTER DELETE ON favorite_tag BEGIN
  UPDATE favorite SET tags = coalesce((
    SELECT group_concat(tag, ' ') FROM (
      SELECT tag FROM favorite_tag WHERE favorite_id = old.favorite_id ORDER BY tag)), '')
  WHERE id = old.favorite_id;
END;

-- Words of the quote, author, note and tags, without case or diacritics ('naivete' finds
-- 'naïveté'), ranked by bm25. External content: the text stays in `favorite` only.
CREATE VIRTUAL TABLE favorite_search USING fts5(
  quote, author, note, tags,
  content = 'favorite',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO favorite_search (favorite_search) VALUES ('rebuild');

CREATE TRIGGER favorite_search_after_insert AFTER INSERT ON favorite BEGIN
  INSERT INTO favorite_search (rowid, quote, author, note, tags)
  VALUES (new.id, new.quote, new.author, new.note, new.tags);
END;

CREATE TRIGGER favorite_search_after_delete AFTER DELETE ON favorite BEGIN
  INSERT INTO favorite_search (favorite_search, rowid, quote, author, note, tags)
  VALUES ('delete', old.id, old.quote, old.author, old.note, old.tags);
END;

CREATE TRIGGER favorite_search_after_update AFTER UPDATE OF quote, author, note, tags ON favorite BEGIN
  INSERT INTO favorite_search (favorite_search, rowid, quote, author, note, tags)
  VALUES ('delete', old.id, old.quote, old.author, old.note, old.tags);
  INSERT INTO favorite_search (rowid, quote, author, note, tags)
  VALUES (new.id, new.quote, new.author, new.note, new.tags);
END;
