-- The append-only trigger of 0018 fires for each row an UPDATE or DELETE touches; TRUNCATE empties the table
-- without touching rows one by one, so it passed. A statement-level trigger refuses it with the same function
-- and message ("audit_log is append-only: TRUNCATE is not allowed"), also when another table's TRUNCATE …
-- CASCADE would reach it. Turning the triggers off (ALTER TABLE … DISABLE TRIGGER) needs the table's owner:
-- docs/operations.md says how production runs the app as a role that does not own it.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
