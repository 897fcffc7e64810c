-- Text messages of a new kind: the link to a new members' post, for a member whose e-mail is not confirmed.
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_kind_check";--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_kind_check" CHECK ("sms_messages"."kind" in ('code', 'receipt', 'payout', 'reminder', 'invoice', 'recovery', 'post'));