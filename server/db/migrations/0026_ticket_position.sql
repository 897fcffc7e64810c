-- An order's tickets are listed in the order the buyer named them at checkout: each keeps its place.
-- Tickets issued before this take theirs from their ids, which were made one after another in that order.
ALTER TABLE "tickets" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "tickets" SET "position" = "placed"."n"
  FROM (SELECT "id", row_number() OVER (PARTITION BY "order_id" ORDER BY "id") - 1 AS "n" FROM "tickets") AS "placed"
  WHERE "tickets"."id" = "placed"."id" AND "placed"."n" > 0;
