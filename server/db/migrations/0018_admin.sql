CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"target_label" text DEFAULT '' NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"version" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"reporter_id" uuid,
	"reporter_email" text,
	"ip" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" uuid,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reports_status_check" CHECK ("product_reports"."status" in ('open', 'dismissed', 'actioned'))
);
--> statement-breakpoint
-- Orders and payments placed before the fee could change were booked at 5% with a 7-day hold.
ALTER TABLE "invoice_payments" ADD COLUMN "terms" jsonb DEFAULT '{"feeBps":500,"feeFixed":0,"holdDays":7}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ALTER COLUMN "terms" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms" jsonb DEFAULT '{"feeBps":500,"feeFixed":0,"holdDays":7}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "terms" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "retry_of" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "product_reports_status_idx" ON "product_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "product_reports_product_idx" ON "product_reports" USING btree ("product_id");;--> statement-breakpoint
ALTER TABLE "product_reports" ADD CONSTRAINT "product_reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The audit log is append-only, whatever code or person tries otherwise.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
