ALTER TABLE "check_ins" ADD COLUMN "valid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Each ticket checked in before this migration keeps one valid check-in: the first Soko received (ties by
-- the scan's time, then id), the rule from now on. The others stay as its duplicates.
UPDATE "check_ins" SET "valid" = true WHERE "id" IN (
  SELECT DISTINCT ON ("ticket_id") "id" FROM "check_ins" ORDER BY "ticket_id", "created_at", "at", "id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_one_valid_key" ON "check_ins" USING btree ("ticket_id") WHERE valid;
