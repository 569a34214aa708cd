-- Where `powerquotes sync` has got to in a source's catalogue, so that a sync stopped by Ctrl-C
-- or a network error continues where it stopped. One row per source. As ../0002_sync_state.sql.
CREATE TABLE sync_state (
  source text PRIMARY KEY,
  next_skip bigint NOT NULL CHECK (next_skip >= 0),
  total bigint CHECK (total >= 0),
  started_at text NOT NULL,
  updated_at text NOT NULL,
  finished_at text
);
