-- A buyer's page waits on its order until it is no longer pending: each instance listens on
-- order_changed (one connection of its own) and wakes the pages waiting on the order named, whichever
-- instance changed it. A plain AFTER trigger is enough: a notice is delivered only when the transaction
-- that sent it commits, never for one rolled back, and the same order's notices in one transaction are
-- sent once. On the row, so every path that changes a status (settled, failed, cancelled, expired,
-- refunded) tells the waiters without knowing of them.
CREATE FUNCTION "order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('order_changed', NEW."id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_order_changed" AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "order_changed"();
