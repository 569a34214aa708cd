-- Nothing to change: PostgreSQL's 0013_favorite_count.sql keeps the number of favorites in a
-- row, for a listing's table, which SQLite counts from its smallest index at once. The two
-- stores' schema versions stay one number.
SELECT 1;
