-- Where `powerquotes sync` has got to in a source's catalogue, so that a sync stopped by Ctrl-C
-- or a network error continues where it stopped. One row per source.
CREATE TABLE sync_state (
  source TEXT PRIMARY KEY,
  next_skip INTEGER NOT NULL CHECK (next_skip >= 0),
  total INTEGER CHECK (total >= 0),
  started_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT
);
