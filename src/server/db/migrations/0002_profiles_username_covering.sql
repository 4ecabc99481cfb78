-- The directory walks profiles in lower(username) order; with the id included the walk to a
-- deep page is index-only. (Drizzle cannot declare INCLUDE, so this migration is hand-written.)
CREATE INDEX IF NOT EXISTS "profiles_username_sort_idx" ON "profiles" USING btree (lower("username")) INCLUDE ("id");
