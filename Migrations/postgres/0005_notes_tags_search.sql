-- The library on PostgreSQL, with the meaning of ../0005_notes_tags_search.sql: a note on each
-- favorite, its tags, and full-text search over quote, author, note and tags, without case or
-- diacritics. Existing favorites keep every value and are indexed for the search at once.

-- Diacritics off before the words are indexed ('naivete' finds 'naïveté'). Trusted since
-- PostgreSQL 13, as pg_trgm.
CREATE EXTENSION IF NOT EXISTS unaccent;

ALTER TABLE favorite ADD COLUMN note text NOT NULL DEFAULT '';

-- The favorite's tags, space-separated in name order, kept from favorite_tag by the trigger
-- below, as SQLite's triggers keep them.
ALTER TABLE favorite ADD COLUMN tags text NOT NULL DEFAULT '';

-- Tags are lower-case words (the app folds them before they get here).
CREATE TABLE favorite_tag (
  favorite_id bigint NOT NULL REFERENCES favorite (id) ON DELETE CASCADE,
  tag text NOT NULL CHECK (length(tag) BETWEEN 1 AND 64 AND tag = lower(tag) AND tag !~ '[[:space:]]'),
  PRIMARY KEY (favorite_id, tag)
);

CREATE INDEX favorite_tag_by_tag ON favorite_tag (tag, favorite_id);

CREATE FUNCTION favorite_tag_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.favorite_id ELSE NEW.favorite_id END;
BEGIN
  UPDATE favorite SET tags = coalesce((
    SELECT string_agg(tag, ' ' ORDER BY tag) FROM favorite_tag WHERE favorite_id = changed), '')
  WHERE id = changed;
  RETURN NULL;
END;
$$;

CREATE TRIGGER favorite_tag_after_change AFTER INSERT OR DELETE ON favorite_tag
  FOR EACH ROW EXECUTE FUNCTION favorite_tag_changed();

-- The words of quote, author, note and tags, folded; the 'simple' configuration keeps every word
-- (no stemming, no stop words), as SQLite's unicode61 tokenizer does.
ALTER TABLE favorite ADD COLUMN search tsvector;

CREATE FUNCTION favorite_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := to_tsvector('simple', unaccent(
    NEW.quote || ' ' || NEW.author || ' ' || NEW.note || ' ' || NEW.tags));
  RETURN NEW;
END;
$$;

CREATE TRIGGER favorite_search_before_write BEFORE INSERT OR UPDATE OF quote, author, note, tags
  ON favorite FOR EACH ROW EXECUTE FUNCTION favorite_search_update();

UPDATE favorite SET search = to_tsvector('simple', unaccent(
  quote || ' ' || author || ' ' || note || ' ' || tags));

CREATE INDEX favorite_by_search ON favorite USING gin (search);
