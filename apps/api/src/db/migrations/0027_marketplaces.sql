CREATE TABLE "marketplace_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"market_id" integer,
	"marketplace" text NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"secret" text,
	"display" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"cursor" text,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_polled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "marketplace_connections_marketplace_ck" CHECK ("marketplace_connections"."marketplace" IN ('prom', 'rozetka', 'horoshop')),
	CONSTRAINT "marketplace_connections_status_ck" CHECK ("marketplace_connections"."status" IN ('active', 'failing', 'unauthorized', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "marketplace_emulator_accounts" (
	"marketplace" text NOT NULL,
	"account" text NOT NULL,
	"secret" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_emulator_accounts_marketplace_account_pk" PRIMARY KEY("marketplace","account")
);
--> statement-breakpoint
CREATE TABLE "marketplace_emulator_orders" (
	"marketplace" text NOT NULL,
	"account" text NOT NULL,
	"id" bigint NOT NULL,
	"body" jsonb NOT NULL,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_emulator_orders_marketplace_account_id_pk" PRIMARY KEY("marketplace","account","id")
);
--> statement-breakpoint
CREATE TABLE "marketplace_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"marketplace" text NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"external_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"order_id" integer,
	"ordered_at" timestamp with time zone,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"phone" text NOT NULL,
	"delivery" jsonb NOT NULL,
	"payment" text NOT NULL,
	"total_kop" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"comment" text,
	"raw" jsonb NOT NULL,
	"place_error" text,
	"synced" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_orders_status_ck" CHECK ("marketplace_orders"."status" IN ('draft', 'placed', 'dismissed')),
	CONSTRAINT "marketplace_orders_payment_ck" CHECK ("marketplace_orders"."payment" IN ('cod', 'prepaid'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "marketplace_connections" ADD CONSTRAINT "marketplace_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_connections" ADD CONSTRAINT "marketplace_connections_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_connection_id_marketplace_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."marketplace_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_connections_live_uq" ON "marketplace_connections" USING btree ("market_id","marketplace") WHERE "marketplace_connections"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "marketplace_connections_user_idx" ON "marketplace_connections" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "marketplace_connections_due_idx" ON "marketplace_connections" USING btree ("next_poll_at") WHERE "marketplace_connections"."revoked_at" IS NULL AND "marketplace_connections"."status" <> 'unauthorized';--> statement-breakpoint
CREATE INDEX "marketplace_emulator_orders_modified_idx" ON "marketplace_emulator_orders" USING btree ("marketplace","account","modified_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_orders_external_uq" ON "marketplace_orders" USING btree ("user_id","marketplace","account","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_orders_order_uq" ON "marketplace_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_user_idx" ON "marketplace_orders" USING btree ("user_id","status","id");