-- The quote of the day, remembered for its local date, so that `today` shows the same quote
-- all day whatever is saved or removed that day. As ../0010_quote_of_the_day.sql.
CREATE TABLE quote_of_the_day (
  singleton integer PRIMARY KEY CHECK (singleton = 1),
  day text NOT NULL,
  quote text NOT NULL,
  author text NOT NULL,
  source text NOT NULL,
  source_id bigint,
  origin text NOT NULL CHECK (origin IN ('favorites', 'seen', 'builtin')),
  favorite_id bigint
);
