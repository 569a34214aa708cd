-- The trash and the undo history on PostgreSQL, with the meaning of ../0006_trash_undo.sql:
-- triggers log the inverse of every row change a recorded user action makes, and favorites added
-- one after another share one step, a range of ids.

-- A removed favorite, whole, under the id it gets back (the identity never hands it out again).
CREATE TABLE trashed_favorite (
  id bigint PRIMARY KEY,
  quote text NOT NULL,
  author text NOT NULL,
  source text NOT NULL,
  source_id bigint,
  saved_at text NOT NULL,
  quote_key text NOT NULL,
  author_key text NOT NULL,
  author_folded text NOT NULL,
  note text NOT NULL DEFAULT '',
  tags text NOT NULL DEFAULT '',
  trashed_at text NOT NULL
);

-- One user action that changed the library, newest last.
CREATE TABLE library_change (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (length(kind) > 0),
  summary text NOT NULL,
  made_at text NOT NULL
);

CREATE TABLE library_undo_step (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  change_id bigint NOT NULL REFERENCES library_change (id) ON DELETE CASCADE,
  -- The SQL that undoes one row change, or NULL for a range of added favorites.
  sql text,
  first_added_id bigint,
  last_added_id bigint,
  CHECK ((sql IS NULL) = (first_added_id IS NOT NULL AND last_added_id IS NOT NULL))
);

CREATE INDEX library_undo_step_by_change ON library_undo_step (change_id, id);

-- The change being made: one row while the app records one, none otherwise (and while undoing).
CREATE TABLE library_recording (
  singleton integer PRIMARY KEY CHECK (singleton = 1),
  change_id bigint NOT NULL
);

-- An undo may put a favorite's tags back before the favorite itself: it defers this check to
-- its commit (SET CONSTRAINTS ALL DEFERRED), as SQLite's undo does with defer_foreign_keys.
-- ON DELETE CASCADE still acts at once.
ALTER TABLE favorite_tag ALTER CONSTRAINT favorite_tag_favorite_id_fkey
  DEFERRABLE INITIALLY IMMEDIATE;

CREATE FUNCTION library_undo_log() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recording bigint;
  step text;
BEGIN
  SELECT change_id INTO recording FROM library_recording;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'favorite' AND TG_OP = 'INSERT' THEN
    UPDATE library_undo_step SET last_added_id = NEW.id
    WHERE id = (SELECT max(id) FROM library_undo_step) AND last_added_id = NEW.id - 1
      AND change_id = recording;
    IF NOT FOUND THEN
      INSERT INTO library_undo_step (change_id, first_added_id, last_added_id)
      VALUES (recording, NEW.id, NEW.id);
    END IF;
    RETURN NULL;
  END IF;
  -- IF, not CASE: a CASE expression looks up every branch's fields, and OLD of favorite_tag
  -- has no id.
  IF TG_TABLE_NAME = 'favorite' AND TG_OP = 'DELETE' THEN
    step := format(
      'INSERT INTO favorite (id, quote, author, source, source_id, saved_at, quote_key, '
      || 'author_key, author_folded, note, tags) OVERRIDING SYSTEM VALUE '
      || 'VALUES (%s, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L)',
      OLD.id, OLD.quote, OLD.author, OLD.source, OLD.source_id, OLD.saved_at, OLD.quote_key,
      OLD.author_key, OLD.author_folded, OLD.note, OLD.tags);
  ELSIF TG_TABLE_NAME = 'favorite' THEN
    -- Not tags: favorite_tag's own steps put those back, and its trigger rewrites the column.
    step := format(
      'UPDATE favorite SET quote = %L, author = %L, source = %L, source_id = %L, '
      || 'saved_at = %L, quote_key = %L, author_key = %L, author_folded = %L, note = %L '
      || 'WHERE id = %s',
      OLD.quote, OLD.author, OLD.source, OLD.source_id, OLD.saved_at, OLD.quote_key,
      OLD.author_key, OLD.author_folded, OLD.note, OLD.id);
  ELSIF TG_TABLE_NAME = 'favorite_tag' AND TG_OP = 'INSERT' THEN
    step := format(
      'DELETE FROM favorite_tag WHERE favorite_id = %s AND tag = %L', NEW.favorite_id, NEW.tag);
  ELSIF TG_TABLE_NAME = 'favorite_tag' THEN
    step := format(
      'INSERT INTO favorite_tag (favorite_id, tag) VALUES (%s, %L)', OLD.favorite_id, OLD.tag);
  ELSIF TG_OP = 'INSERT' THEN
    step := format('DELETE FROM trashed_favorite WHERE id = %s', NEW.id);
  ELSE
    step := format(
      'INSERT INTO trashed_favorite (id, quote, author, source, source_id, saved_at, '
      || 'quote_key, author_key, author_folded, note, tags, trashed_at) '
      || 'VALUES (%s, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L)',
      OLD.id, OLD.quote, OLD.author, OLD.source, OLD.source_id, OLD.saved_at, OLD.quote_key,
      OLD.author_key, OLD.author_folded, OLD.note, OLD.tags, OLD.trashed_at);
  END IF;
  INSERT INTO library_undo_step (change_id, sql) VALUES (recording, step);
  RETURN NULL;
END;
$$;

CREATE TRIGGER favorite_undo_after_insert_or_delete AFTER INSERT OR DELETE ON favorite
  FOR EACH ROW EXECUTE FUNCTION library_undo_log();

CREATE TRIGGER favorite_undo_after_update
  AFTER UPDATE OF quote, author, source, source_id, saved_at, quote_key, author_key,
    author_folded, note ON favorite
  FOR EACH ROW EXECUTE FUNCTION library_undo_log();

CREATE TRIGGER favorite_tag_undo AFTER INSERT OR DELETE ON favorite_tag
  FOR EACH ROW EXECUTE FUNCTION library_undo_log();

CREATE TRIGGER trashed_favorite_undo AFTER INSERT OR DELETE ON trashed_favorite
  FOR EACH ROW EXECUTE FUNCTION library_undo_log();
