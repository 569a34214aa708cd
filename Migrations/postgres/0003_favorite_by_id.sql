-- ../0003_favorite_by_id.sql gives SQLite an index of the favorites' ids alone, so that picking
-- the Nth favorite (the quote of the day) counts through small pages rather than the table. On
-- PostgreSQL the primary key of 0001 is already such an index, separate from the rows: this
-- version adds nothing, and exists so that both stores count their schema versions alike.
SELECT 1;
