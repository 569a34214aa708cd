-- Nothing to change: PostgreSQL's 0011_favorite_by_author.sql indexes the authors for a
-- listing's widest author, which SQLite's favorite_author table (kept by its triggers) already
-- answers. The two stores' schema versions stay one number.
SELECT 1;
