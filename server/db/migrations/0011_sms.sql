CREATE TABLE "order_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_id" text,
	"code" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_event_key_unique" UNIQUE("event_key"),
	CONSTRAINT "sms_messages_kind_check" CHECK ("sms_messages"."kind" in ('code', 'receipt', 'payout', 'reminder')),
	CONSTRAINT "sms_messages_status_check" CHECK ("sms_messages"."status" in ('queued', 'sent', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_opt_outs_phone_kind_pk" PRIMARY KEY("phone","kind")
);
--> statement-breakpoint
CREATE INDEX "sms_messages_provider_idx" ON "sms_messages" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "sms_messages_phone_idx" ON "sms_messages" USING btree ("phone","created_at");