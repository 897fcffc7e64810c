CREATE TABLE "payout_methods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"rail" text NOT NULL,
	"details" jsonb NOT NULL,
	"currency" char(3),
	"usable_from" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_methods_rail_check" CHECK ("payout_methods"."rail" in ('mpesa', 'paypal', 'bank'))
);
--> statement-breakpoint
CREATE TABLE "payout_schedules" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"weekday" integer,
	"month_day" integer,
	"method_id" uuid,
	"minimum" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_schedules_frequency_check" CHECK ("payout_schedules"."frequency" in ('manual', 'daily', 'weekly', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"method_id" uuid NOT NULL,
	"rail" text NOT NULL,
	"destination" jsonb NOT NULL,
	"speed" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text NOT NULL,
	"due_at" timestamp with time zone,
	"run_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"send_key" text,
	"provider_ref" text,
	"receipt" text,
	"failure_code" text,
	"failure_title" text,
	"failure_text" text,
	"failure_action" text,
	"requested_by" uuid,
	"approved_by" uuid,
	"timeline" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('approval', 'scheduled', 'sending', 'processing', 'paid', 'failed', 'returned', 'cancelled')),
	CONSTRAINT "payouts_speed_check" CHECK ("payouts"."speed" in ('instant', 'standard')),
	CONSTRAINT "payouts_amounts_check" CHECK ("payouts"."amount" > 0 and "payouts"."fee" >= 0 and "payouts"."fee" < "payouts"."amount")
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_schedules" ADD CONSTRAINT "payout_schedules_method_id_payout_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payout_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_method_id_payout_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payout_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_methods_seller_idx" ON "payout_methods" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "payouts_seller_idx" ON "payouts" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_due_idx" ON "payouts" USING btree ("status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_seller_run_key" ON "payouts" USING btree ("seller_id","run_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_payout_kind_key" ON "ledger_transactions" USING btree ("payout_id","kind");--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('sale', 'refund', 'payout', 'payout-sent', 'payout-back'));
--> statement-breakpoint
-- Each seller's payout method from signup becomes their first destination, usable at once (it predates the
-- wait for new destinations). An M-Pesa number only when it is the account's confirmed phone: others must be
-- confirmed with a code first.
INSERT INTO "payout_methods" ("id", "seller_id", "rail", "details", "currency", "usable_from")
SELECT gen_random_uuid(), s."user_id", s."payout_method"->>'kind', s."payout_method",
	CASE s."payout_method"->>'kind' WHEN 'mpesa' THEN 'KES' WHEN 'bank' THEN s."payout_method"->>'currency' END,
	now()
FROM "sellers" s JOIN "users" u ON u."id" = s."user_id"
WHERE s."payout_method"->>'kind' IN ('paypal', 'bank')
	OR (s."payout_method"->>'kind' = 'mpesa' AND u."phone" = s."payout_method"->>'phone' AND u."phone_verified_at" IS NOT NULL);
--> statement-breakpoint
-- The old setting (instant, daily, weekly, monthly) becomes the schedule: instant means "when I ask" (manual);
-- weekly runs on Mondays, monthly on the 1st, to the migrated destination.
INSERT INTO "payout_schedules" ("seller_id", "frequency", "weekday", "month_day", "method_id")
SELECT s."user_id",
	CASE u."settings"->>'payoutSchedule' WHEN 'daily' THEN 'daily' WHEN 'weekly' THEN 'weekly' WHEN 'monthly' THEN 'monthly' ELSE 'manual' END,
	CASE WHEN u."settings"->>'payoutSchedule' = 'weekly' THEN 1 END,
	CASE WHEN u."settings"->>'payoutSchedule' = 'monthly' THEN 1 END,
	(SELECT m."id" FROM "payout_methods" m WHERE m."seller_id" = s."user_id" LIMIT 1)
FROM "sellers" s JOIN "users" u ON u."id" = s."user_id";
