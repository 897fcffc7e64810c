-- A membership post's pictures and files: uploads of the membership of two more roles, named by the post.
ALTER TABLE "product_assets" DROP CONSTRAINT "product_assets_role_check";--> statement-breakpoint
ALTER TABLE "membership_posts" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_posts" ADD COLUMN "file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_assets" ADD CONSTRAINT "product_assets_role_check" CHECK ("product_assets"."role" in ('image', 'file', 'post-image', 'post-file'));