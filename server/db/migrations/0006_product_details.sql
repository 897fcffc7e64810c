ALTER TABLE "products" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;