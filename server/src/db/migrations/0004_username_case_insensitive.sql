-- usernames are unique ignoring case: "Admin" cannot be created beside "admin".
-- An installation made before this rule may already hold such names. The oldest account keeps its
-- name; each later one gets "-<its id>" appended (again, while that is taken too), so the index
-- can be built and nobody loses an account. Installations without such names are not touched.
DO $$
DECLARE
  clash record;
  renamed text;
BEGIN
  FOR clash IN
    SELECT u.id, u.username FROM users u
    WHERE EXISTS (SELECT 1 FROM users o WHERE lower(o.username) = lower(u.username) AND o.id < u.id)
    ORDER BY u.id
  LOOP
    renamed := clash.username || '-' || clash.id;
    WHILE EXISTS (SELECT 1 FROM users WHERE lower(username) = lower(renamed)) LOOP
      renamed := renamed || '-' || clash.id;
    END LOOP;
    UPDATE users SET username = renamed WHERE id = clash.id;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" (lower("username"));
