-- Orders get lines: what each bought, line by line. Every order placed before this has exactly one line,
-- written here from the order's own columns with the same figures.
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item" jsonb NOT NULL,
	"item_key" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"subtotal" bigint NOT NULL,
	"shipping_fee" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" >= 1),
	CONSTRAINT "order_lines_amounts_check" CHECK ("order_lines"."total" >= 0 and "order_lines"."total" = "order_lines"."subtotal" + "order_lines"."shipping_fee" - "order_lines"."discount")
);
--> statement-breakpoint
CREATE INDEX "order_lines_holds_idx" ON "order_lines" USING btree ("product_id","item_key");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "order_lines" ("order_id", "position", "product_id", "kind", "item", "item_key", "quantity", "unit_price", "subtotal", "shipping_fee", "discount", "total")
  SELECT "id", 0, "product_id", "kind", "item", "item_key", "quantity", ("item"->>'unitPrice')::bigint, "subtotal", "shipping_fee", "discount", "total"
  FROM "orders";
