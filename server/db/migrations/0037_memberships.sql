-- Memberships: a new product kind whose members pay every month or year; each renewal is an order.
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"email" text NOT NULL,
	"tier_id" text NOT NULL,
	"interval" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"method" text NOT NULL,
	"payment" jsonb NOT NULL,
	"status" text NOT NULL,
	"anchor_day" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"first_order_id" uuid NOT NULL,
	"renewal_order_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_first_order_id_unique" UNIQUE("first_order_id"),
	CONSTRAINT "memberships_status_check" CHECK ("memberships"."status" in ('active', 'past_due', 'ended')),
	CONSTRAINT "memberships_interval_check" CHECK ("memberships"."interval" in ('month', 'year')),
	CONSTRAINT "memberships_amount_check" CHECK ("memberships"."amount" > 0),
	CONSTRAINT "memberships_anchor_check" CHECK ("memberships"."anchor_day" between 1 and 31)
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_kind_check";--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_member_idx" ON "memberships" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "memberships_product_idx" ON "memberships" USING btree ("product_id","tier_id","status");--> statement-breakpoint
CREATE INDEX "memberships_seller_idx" ON "memberships" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "memberships_due_idx" ON "memberships" USING btree ("next_attempt_at") WHERE "memberships"."next_attempt_at" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_kind_check" CHECK ("products"."kind" in ('digital', 'service', 'merch', 'event', 'membership'));;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_first_order_id_orders_id_fk" FOREIGN KEY ("first_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_renewal_order_id_orders_id_fk" FOREIGN KEY ("renewal_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;