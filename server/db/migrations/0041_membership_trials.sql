-- Memberships: a free trial before the first payment ends then; the member is told a few days before.
ALTER TABLE "memberships" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "trial_reminded_at" timestamp with time zone;