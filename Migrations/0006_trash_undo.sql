-- The trash, and the history that `fav undo` walks back.

-- A removed favorite, whole: `fav restore` brings it back under its old id with its note and
-- tags (space-separated, as favorite.tags keeps them). AUTOINCREMENT on favorite.id means no
-- new favorite ever takes the id of one in the trash.
CREATE TABLE trashed_favorite (
  id INTEGER PRIMARY KEY,
  quote TEXT NOT NULL,
  author TEXT NOT NULL,
  source TEXT NOT NULL,
  source_id INTEGER,
  saved_at TEXT NOT NULL,
  quote_key TEXT NOT NULL,
  author_key TEXT NOT NULL,
  author_folded TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '',
  trashed_at TEXT NOT NULL
);

-- One user action that changed the library (add, rm, edit, tag, import...), newest last.
CREATE TABLE library_change (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (length(kind) > 0),
  summary TEXT NOT NULL,
  made_at TEXT NOT NULL
);

-- The SQLite undo-log technique (sqlite.org/undoredo.html): triggers write the inverse of each
-- row change as it happens, and `fav undo` runs a change's steps newest first. Favorites added
-- one after another (an import) share one step, a range of ids, rather than one row each.
CREATE TABLE library_undo_step (
  id INTEGER PRIMARY KEY,
  change_id INTEGER NOT NULL REFERENCES library_change (id) ON DELETE CASCADE,
  -- The SQL that undoes one row change, or NULL for a range of added favorites.
  sql TEXT,
  first_added_id INTEGER,
  last_added_id INTEGER,
  CHECK ((sql IS NULL) = (first_added_id IS NOT NULL AND last_added_id IS NOT NULL))
);

CREATE INDEX library_undo_step_by_change ON library_undo_step (change_id, id);

-- The change being made: one row while the app records one, none otherwise (and while undoing),
-- so the triggers below log only what a user action does.
CREATE TABLE library_recording (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  change_id INTEGER NOT NULL
);

CREATE TRIGGER favorite_undo_after_insert AFTER INSERT ON favorite
WHEN EXISTS (SELECT 1 FROM library_recording) BEGIN
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
    || 'author_key, author_folded, note, tags) VALUES (' || old.id || ', ' || quote(old.quote)
    || ', ' || quote(old.author) || ', ' || quote(old.source) || ', ' || quote(old.source_id)
    || ', ' || quote(old.saved_at) || ', ' || quote(old.quote_key) || ', '
    || quote(old.author_key) || ', ' || quote(old.author_folded) || ', ' || quote(old.note)
    || ', ' || quote(old.tags) || ')'
  FROM library_recording;
END;

-- Not `tags`: favorite_tag's own steps put those back, and its triggers rewrite the column.
CREATE TRIGGER favorite_undo_after_update
AFTER UPDATE OF quote, author, source, source_id, saved_at, quote_key, author_key, author_folded,
  note ON favorite
WHEN EXISTS (SELECT 1 FROM library_recording) BEGIN
  INSERT INTO library_undo_step (change_id, sql)
  SELECT change_id,
    'UPDATE favorite SET quote = ' || quote(old.quote) || ', author = ' || quote(old.author)
    || ', source = ' || quote(old.source) || ', source_id = ' || quote(old.source_id)
    || ', saved_at = ' || quote(old.saved_at) || ', quote_key = ' || quote(old.quote_key)
    || ', author_key = ' || quote(old.author_key) || ', author_folded = '
    || quote(old.author_folded) || ', note = ' || quote(old.note) || ' WHERE id = ' || old.id
  FROM library_recording;
END;

CREATE TRIGGER favorite_tag_undo_after_insert AFTER INSERT ON favorite_tag
WHEN EXISTS (SELECT 1 FROM library_recording) BEGIN
  INSERT INTO library_undo_step (change_id, sql)
  SELECT change_id,
    'DELETE FROM favorite_tag WHERE favorite_id = ' || new.favorite_id || ' AND tag = '
    || quote(new.tag)
  FROM library_recording;
END;

CREATE TRIGGER favorite_tag_undo_after_delete AFTER DELETE ON favorite_tag
WHEN EXISTS (SELECT 1 FROM library_recording) BEGIN
  INSERT INTO library_undo_step (change_id, sql)
  SELECT change_id,
    'INSERT INTO favorite_tag (favorite_id, tag) VALUES (' || old.favorite_id || ', '
    || quote(old.tag) || ')'
  FROM library_recording;
END;

CREATE TRIGGER trashed_favorite_undo_after_insert AFTER INSERT ON trashed_favorite
WHEN EXISTS (SELECT 1 FROM library_recording) BEGIN
  INSERT INTO library_undo_step (change_id, sql)
  SELECT change_id, 'DELETE FROM trashed_favorite WHERE id = ' || new.id
  FROM library_recording;
END;

CREATE TRIGGER trashed_favorite_undo_after_delete AFTER DELETE ON trashed_favorite
WHEN EXISTS (SELECT 1 FROM library_recording) BEGIN
  INSERT INTO library_undo_step (change_id, sql)
  SELECT change_id,
    'INSERT INTO trashed_favorite (id, quote, author, source, source_id, saved_at, quote_key, '
    || 'author_key, author_folded, note, tags, trashed_at) VALUES (' || old.id || ', '
    || quote(old.quote) || ', ' || quote(old.author) || ', ' || quote(old.source) || ', '
    || quote(old.source_id) || ', ' || quote(old.saved_at) || ', ' || quote(old.quote_key)
    || ', ' || quote(old.author_key) || ', ' || quote(old.author_folded) || ', '
    || quote(old.note) || ', ' || quote(old.tags) || ', ' || quote(old.trashed_at) || ')'
  FROM library_recording;
END;
