CREATE TABLE "exchange_rates" (
	"currency" char(3) PRIMARY KEY NOT NULL,
	"per_usd" numeric(18, 6) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "product_assets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"storage_key" text NOT NULL,
	"multipart_id" text,
	"part_size" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text,
	"image" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "product_assets_role_check" CHECK ("product_assets"."role" in ('image', 'file')),
	CONSTRAINT "product_assets_status_check" CHECK ("product_assets"."status" in ('uploading', 'ready'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sales_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_assets" ADD CONSTRAINT "product_assets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_assets" ADD CONSTRAINT "product_assets_seller_id_sellers_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_assets_product_idx" ON "product_assets" USING btree ("product_id","role","position");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (to_tsvector('simple', "search_text"));--> statement-breakpoint
CREATE INDEX "products_published_idx" ON "products" USING btree ("status","published_at");--> statement-breakpoint
-- Starting rates (units per US dollar) for approximate prices; admins keep them current at /admin.
INSERT INTO "exchange_rates" ("currency", "per_usd") VALUES
	('USD', 1), ('KES', 129.25), ('UGX', 3660), ('TZS', 2450), ('RWF', 1425),
	('NGN', 1540), ('GHS', 12.4), ('ZAR', 17.8), ('EUR', 0.92), ('GBP', 0.79);
