-- The work a quote came from (a book's or a speech's title) on each favorite, with the meaning
-- of ../0012_favorite_work.sql: empty when there is none, kept in the trash and by the undo
-- history, searched by `fav find`; not part of what makes two favorites equal.
ALTER TABLE favorite ADD COLUMN work text NOT NULL DEFAULT '';

ALTER TABLE trashed_favorite ADD COLUMN work text NOT NULL DEFAULT '';

-- The search words of 0005, with the work after the tags, and every favorite's computed again.
CREATE OR REPLACE FUNCTION favorite_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := to_tsvector('simple', unaccent(
    NEW.quote || ' ' || NEW.author || ' ' || NEW.note || ' ' || NEW.tags || ' ' || NEW.work));
  RETURN NEW;
END;
$$;

DROP TRIGGER favorite_search_before_write ON favorite;
CREATE TRIGGER favorite_search_before_write
  BEFORE INSERT OR UPDATE OF quote, author, note, tags, work
  ON favorite FOR EACH ROW EXECUTE FUNCTION favorite_search_update();

UPDATE favorite SET search = to_tsvector('simple', unaccent(
  quote || ' ' || author || ' ' || note || ' ' || tags || ' ' || work));

-- The undo log of 0006, with the work in the steps that put a favorite back.
CREATE OR REPLACE FUNCTION library_undo_log() RETURNS trigger LANGUAGE plpgsql AS $$
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
      || 'author_key, author_folded, note, tags, work) OVERRIDING SYSTEM VALUE '
      || 'VALUES (%s, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L)',
      OLD.id, OLD.quote, OLD.author, OLD.source, OLD.source_id, OLD.saved_at, OLD.quote_key,
      OLD.author_key, OLD.author_folded, OLD.note, OLD.tags, OLD.work);
  ELSIF TG_TABLE_NAME = 'favorite' THEN
    -- Not tags: favorite_tag's own steps put those back, and its trigger rewrites the column.
    step := format(
      'UPDATE favorite SET quote = %L, author = %L, source = %L, source_id = %L, '
      || 'saved_at = %L, quote_key = %L, author_key = %L, author_folded = %L, note = %L, '
      || 'work = %L WHERE id = %s',
      OLD.quote, OLD.author, OLD.source, OLD.source_id, OLD.saved_at, OLD.quote_key,
      OLD.author_key, OLD.author_folded, OLD.note, OLD.work, OLD.id);
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
      || 'quote_key, author_key, author_folded, note, tags, trashed_at, work) '
      || 'VALUES (%s, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L)',
      OLD.id, OLD.quote, OLD.author, OLD.source, OLD.source_id, OLD.saved_at, OLD.quote_key,
      OLD.author_key, OLD.author_folded, OLD.note, OLD.tags, OLD.trashed_at, OLD.work);
  END IF;
  INSERT INTO library_undo_step (change_id, sql) VALUES (recording, step);
  RETURN NULL;
END;
$$;

DROP TRIGGER favorite_undo_after_update ON favorite;
CREATE TRIGGER favorite_undo_after_update
  AFTER UPDATE OF quote, author, source, source_id, saved_at, quote_key, author_key,
    author_folded, note, work ON favorite
  FOR EACH ROW EXECUTE FUNCTION library_undo_log();
