CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"door" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "holder_name" text;--> statement-breakpoint
CREATE INDEX "check_ins_ticket_idx" ON "check_ins" USING btree ("ticket_id","at");--> statement-breakpoint
CREATE INDEX "check_ins_product_idx" ON "check_ins" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Tickets issued before names were asked for carry their buyer's name.
UPDATE "tickets" SET "holder_name" = u."name" FROM "orders" o JOIN "users" u ON u."id" = o."buyer_id" WHERE o."id" = "tickets"."order_id" AND "tickets"."holder_name" IS NULL;
