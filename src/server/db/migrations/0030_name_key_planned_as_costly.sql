-- name_key (migration 0012) is a translate over a table of about 1,400 letters: some 80 µs a name. Inlined
-- as SQL functions are, the planner costs it as one cheap operator and, on a table of a few dozen rows (the
-- LLCs, the categories, a small group's investors), reads every row and keys each name rather than use the
-- unique index on name_key(name): 4 ms for each LLC named in a request at the large tier's 50 LLCs, every
-- kept LLC report answered at 180 a second (docs/performance.md). A function with a setting of its own is
-- never inlined, so its declared cost counts: the lookups take the index. The key itself is unchanged (the
-- same expression, its names in pg_catalog), so the indexes built with it stay as they are.
ALTER FUNCTION name_key(text) SET search_path = pg_catalog;
ALTER FUNCTION name_key(text) COST 1000;
