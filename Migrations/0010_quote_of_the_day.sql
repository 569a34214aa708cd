-- The quote of the day, remembered for its local date, so that `today` shows the same quote
-- all day whatever is saved or removed that day. One row: the day's quote itself (not only a
-- favorite's id), so a favorite removed that day is still that day's quote. Another day's row
-- is replaced by that day's pick.
CREATE TABLE quote_of_the_day (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  day TEXT NOT NULL,
  quote TEXT NOT NULL,
  author TEXT NOT NULL,
  source TEXT NOT NULL,
  source_id INTEGER,
  origin TEXT NOT NULL CHECK (origin IN ('favorites', 'seen', 'builtin')),
  favorite_id INTEGER
);
