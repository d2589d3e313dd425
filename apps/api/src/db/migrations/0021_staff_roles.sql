ALTER TABLE "payments" ADD COLUMN "credited_kop" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_reason" text;--> statement-breakpoint
ALTER TABLE "order_history" ADD COLUMN "repeat_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_history" ADD COLUMN "last_at" timestamp with time zone;--> statement-breakpoint
-- Staff roles (issue 27): today's operators become managers.
UPDATE "users" SET "role" = 'manager' WHERE "role" = 'operator';
