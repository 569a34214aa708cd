-- How many favorites there are, kept by the server: `fav list` lays out its table from the count
-- and the largest id before it streams the rows, and count(*) reads every one of 100,000
-- favorites (an index-only scan, about 10 ms of a 100k listing). One row, changed once per
-- statement that adds or removes favorites (statement triggers over the rows it changed), so an
-- import of 100,000 changes it once. Every change of the library already waits for the one
-- before it to commit (the advisory lock of library changes, 0006), so the row makes no writer
-- wait that did not.
CREATE TABLE favorite_count (
  singleton integer PRIMARY KEY CHECK (singleton = 1),
  favorites bigint NOT NULL CHECK (favorites >= 0)
);
INSERT INTO favorite_count (singleton, favorites) SELECT 1, count(*) FROM favorite;

CREATE FUNCTION favorite_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE favorite_count SET favorites = favorites + (SELECT count(*) FROM added);
  RETURN NULL;
END $$;

CREATE FUNCTION favorite_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE favorite_count SET favorites = favorites - (SELECT count(*) FROM removed);
  RETURN NULL;
END $$;

CREATE TRIGGER favorite_count_after_insert AFTER INSERT ON favorite
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION favorite_count_added();
CREATE TRIGGER favorite_count_after_delete AFTER DELETE ON favorite
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION favorite_count_removed();
