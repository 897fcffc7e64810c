-- Bundles: several of a seller's products sold together at one price, each part a product (and its variant or ticket type).
CREATE TABLE "bundle_parts" (
	"bundle_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"item_key" text DEFAULT '' NOT NULL,
	CONSTRAINT "bundle_parts_bundle_id_position_pk" PRIMARY KEY("bundle_id","position")
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_amount" bigint NOT NULL,
	"price_currency" char(3) NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundles_status_check" CHECK ("bundles"."status" in ('draft', 'published')),
	CONSTRAINT "bundles_price_check" CHECK ("bundles"."price_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bundle_parts" ADD CONSTRAINT "bundle_parts_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_parts_product_idx" ON "bundle_parts" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "bundles_seller_idx" ON "bundles" USING btree ("seller_id","created_at");--> statement-breakpoint
ALTER TABLE "bundle_parts" ADD CONSTRAINT "bundle_parts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A storefront lists its bundles: a bundle made, changed, put on or off sale or deleted changes its page.
CREATE CONSTRAINT TRIGGER "bundles_catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "bundles"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bundle_parts_catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "bundle_parts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();
