CREATE TABLE "catalog_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_state_one_row" CHECK ("catalog_state"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalog_state" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Bumped at commit (deferred constraint triggers), so the row is locked only for the instant a writer
-- commits, and a reader that sees the new version also sees what changed. The notice tells listeners
-- (the embedded database's own process) without their reading the row.
CREATE FUNCTION "catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_state" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_assets_catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_assets"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sellers_catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "sellers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_catalog_changed" AFTER UPDATE OF "avatar_key", "suspended_at", "roles" ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "exchange_rates_catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "exchange_rates"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
-- Stock and seats left: an order taken, given up, expired, paid or refunded changes what a page offers.
CREATE CONSTRAINT TRIGGER "orders_catalog_changed" AFTER INSERT OR DELETE ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_status_catalog_changed" AFTER UPDATE OF "status" ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "catalog_changed"();
