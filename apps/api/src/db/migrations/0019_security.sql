CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" smallint,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "onec_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operations" DROP CONSTRAINT "operations_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "onec_sessions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD COLUMN "device_key" text;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "onec_sessions" ADD COLUMN "credential_id" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_credentials" ADD CONSTRAINT "onec_credentials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "onec_credentials_login_idx" ON "onec_credentials" USING btree ("login");--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_sessions" ADD CONSTRAINT "onec_sessions_credential_id_onec_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."onec_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_codes_attempt_uq" ON "auth_codes" USING btree ("attempt_id");--> statement-breakpoint
-- The ledger is immutable: a balance change is a new row (a correction), never an edit or a removal.
CREATE OR REPLACE FUNCTION operations_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operations is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER operations_no_update BEFORE UPDATE OR DELETE ON operations FOR EACH ROW EXECUTE FUNCTION operations_immutable();
--> statement-breakpoint
CREATE TRIGGER operations_no_truncate BEFORE TRUNCATE ON operations FOR EACH STATEMENT EXECUTE FUNCTION operations_immutable();
