CREATE TABLE "operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount_kop" bigint NOT NULL,
	"balance_kop" bigint NOT NULL,
	"comment" text,
	"description_uk" text NOT NULL,
	"description_ru" text NOT NULL,
	"operationable_type" text,
	"operationable_id" integer,
	"idempotency_key" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_kop" bigint NOT NULL,
	"payment_document_id" integer NOT NULL,
	"comment" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"decline_reason" text,
	"processed_by" integer,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraws" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_number" text NOT NULL,
	"amount_kop" bigint NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"decline_reason" text,
	"processed_by" integer,
	"paid_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_document_id_payment_documents_id_fk" FOREIGN KEY ("payment_document_id") REFERENCES "public"."payment_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraws" ADD CONSTRAINT "withdraws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraws" ADD CONSTRAINT "withdraws_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operations_key_uq" ON "operations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "operations_user_idx" ON "operations" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "operations_user_type_idx" ON "operations" USING btree ("user_id","type","id");--> statement-breakpoint
CREATE INDEX "payment_documents_user_idx" ON "payment_documents" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_document_uq" ON "payments" USING btree ("payment_document_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdraws_user_idx" ON "withdraws" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdraws_status_idx" ON "withdraws" USING btree ("status","id");