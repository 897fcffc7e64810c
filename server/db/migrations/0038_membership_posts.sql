-- Members' posts: what a membership's seller writes for its members (all, or chosen tiers), mailed once each.
CREATE TABLE "membership_posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"tier_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"mailed_through" uuid,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_posts_status_check" CHECK ("membership_posts"."status" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "membership_posts" ADD CONSTRAINT "membership_posts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_posts_product_idx" ON "membership_posts" USING btree ("product_id","published_at");--> statement-breakpoint
CREATE INDEX "membership_posts_unmailed_idx" ON "membership_posts" USING btree ("published_at") WHERE "membership_posts"."status" = 'published' and "membership_posts"."mailed_at" is null;;--> statement-breakpoint
ALTER TABLE "membership_posts" ADD CONSTRAINT "membership_posts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;