-- A product may make one offer at its checkout: another of the seller's digital products at a lower price.
ALTER TABLE "products" ADD COLUMN "upsell" jsonb;