-- A host's back-off lives in each engine process's memory (the host limiter); this table, meant
-- to share it between processes, was never read or written.
DROP TABLE IF EXISTS "host_backoffs";
