-- PostgreSQL plans an index-only scan over an expression index only when the columns inside
-- the expression are stored too: with username included, a deep directory page reads about
-- 70 index pages instead of 6,000 table rows. (Hand-written: Drizzle cannot declare INCLUDE.)
DROP INDEX IF EXISTS "profiles_username_sort_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_username_sort_idx" ON "profiles" USING btree (lower("username")) INCLUDE ("id", "username");
