-- The language a buyer checked out in, and an invoice's client paid in: their receipts and refund mails are written in it.
ALTER TABLE "invoices" ADD COLUMN "client_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;