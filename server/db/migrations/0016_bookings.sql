CREATE TABLE "booking_reminders" (
	"order_id" uuid NOT NULL,
	"minutes_before" integer NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "booking_reminders_order_id_minutes_before_pk" PRIMARY KEY("order_id","minutes_before")
);
--> statement-breakpoint
CREATE INDEX "booking_reminders_due_idx" ON "booking_reminders" USING btree ("send_at");--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- A booking's label was its title and start as an ISO instant; the time lives in the slot (it can move now).
UPDATE "orders" SET "item" = jsonb_set("item", '{label}', "item"->'title') WHERE "kind" = 'service' AND "item" ? 'slot';
--> statement-breakpoint
-- Services saved before the booking rules existed get their defaults: an hour's notice, no daily limit,
-- and buyers may move or cancel up to a day before.
UPDATE "products" SET "details" = '{"minNoticeMinutes":60,"dailyLimit":0,"changeHours":24}'::jsonb || "details" WHERE "kind" = 'service';
--> statement-breakpoint
-- Bookings paid before reminders existed get theirs (those still ahead).
INSERT INTO "booking_reminders" ("order_id", "minutes_before", "send_at")
SELECT o."id", m.minutes, ((o."item"->'slot'->>'start')::timestamptz - make_interval(mins => m.minutes))
FROM "orders" o CROSS JOIN (VALUES (1440), (60)) AS m(minutes)
WHERE o."kind" = 'service' AND o."status" = 'paid' AND o."item" ? 'slot'
  AND (o."item"->'slot'->>'start')::timestamptz - make_interval(mins => m.minutes) > now();
