CREATE TABLE "customer_notes" (
	"seller_id" uuid NOT NULL,
	"customer_key" text NOT NULL,
	"note" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_notes_seller_id_customer_key_pk" PRIMARY KEY("seller_id","customer_key")
);
