-- A file removed from a product takes the count of its downloads with it (it blocked the removal before).
ALTER TABLE "downloads" DROP CONSTRAINT "downloads_asset_id_product_assets_id_fk";
--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_asset_id_product_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."product_assets"("id") ON DELETE cascade ON UPDATE no action;