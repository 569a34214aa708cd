-- ../0008_favorite_key_hash.sql finds SQLite's duplicate favorites through a hash of the keys
-- rather than a UNIQUE index of the keys themselves, whose pages a large import read and wrote
-- at random. PostgreSQL's UNIQUE index of 0001 is already on digests of the keys: this version
-- adds nothing, and exists so that both stores count their schema versions alike.
SELECT 1;
