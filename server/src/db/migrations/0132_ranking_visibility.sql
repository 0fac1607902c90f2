-- Ranking (issue 28): a user may hide themself from the ranking; admins still see them, marked
-- hidden. Everyone starts visible, as before.
ALTER TABLE "users" ADD COLUMN "hidden_from_ranking" boolean NOT NULL DEFAULT false;
