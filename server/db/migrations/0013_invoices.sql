CREATE TABLE "invoice_counters" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"charge_amount" bigint NOT NULL,
	"charge_currency" char(3) NOT NULL,
	"excess" bigint DEFAULT 0 NOT NULL,
	"provider_ref" text,
	"payment" jsonb,
	"failure" jsonb,
	"note" text,
	"expires_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"skipped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"number" text,
	"reference" text NOT NULL,
	"draft_key" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"currency" char(3) NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text,
	"client_phone" text,
	"lines" jsonb NOT NULL,
	"discount" jsonb,
	"taxes" jsonb NOT NULL,
	"deposit" jsonb,
	"subtotal" bigint NOT NULL,
	"discount_amount" bigint NOT NULL,
	"total" bigint NOT NULL,
	"deposit_amount" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"notes" text,
	"terms" text,
	"reminder_days" jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'sent', 'viewed', 'partially_paid', 'paid', 'overdue', 'void'))
);
--> statement-breakpoint
CREATE TABLE "unmatched_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"receipt" text,
	"payload" jsonb NOT NULL,
	"resolved_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "invoice_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "invoice_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_provider_ref_key" ON "invoice_payments" USING btree ("method","provider_ref");--> statement-breakpoint
CREATE INDEX "invoice_payments_pending_idx" ON "invoice_payments" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_key" ON "invoice_reminders" USING btree ("invoice_id","days");--> statement-breakpoint
CREATE INDEX "invoice_reminders_due_idx" ON "invoice_reminders" USING btree ("send_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_reference_key" ON "invoices" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_seller_number_key" ON "invoices" USING btree ("seller_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_seller_draft_key" ON "invoices" USING btree ("seller_id","draft_key");--> statement-breakpoint
CREATE INDEX "invoices_seller_idx" ON "invoices" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_overdue_idx" ON "invoices" USING btree ("status","overdue_at");--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_payments_event_key" ON "unmatched_payments" USING btree ("provider","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_invoice_payment_kind_key" ON "ledger_transactions" USING btree ("invoice_payment_id","kind");--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_kind_check" CHECK ("sms_messages"."kind" in ('code', 'receipt', 'payout', 'reminder', 'invoice'));