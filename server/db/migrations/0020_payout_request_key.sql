ALTER TABLE "payouts" ADD COLUMN "request_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_seller_request_key" ON "payouts" USING btree ("seller_id","request_key");