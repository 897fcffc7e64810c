-- Memberships: a change of tier from the next period, and a pause of up to three months.
ALTER TABLE "memberships" DROP CONSTRAINT "memberships_status_check";--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "next_tier" jsonb;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "pause_months" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_pause_check" CHECK ("memberships"."pause_months" between 1 and 3);--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_status_check" CHECK ("memberships"."status" in ('active', 'past_due', 'paused', 'ended'));