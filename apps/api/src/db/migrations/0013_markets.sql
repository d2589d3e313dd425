CREATE TABLE "market_category_markups" (
	"market_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"markup" numeric(7, 2) NOT NULL,
	CONSTRAINT "market_category_markups_pk" PRIMARY KEY("market_id","category_id"),
	CONSTRAINT "market_category_markups_markup_ck" CHECK ("market_category_markups"."markup" >= 0 AND "market_category_markups"."markup" <= 1000)
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"base_type" smallint NOT NULL,
	"base_markup" numeric(7, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markets_base_type_ck" CHECK ("markets"."base_type" IN (1, 2)),
	CONSTRAINT "markets_base_markup_ck" CHECK ("markets"."base_markup" >= 0 AND "markets"."base_markup" <= 1000),
	CONSTRAINT "markets_name_ck" CHECK (char_length("markets"."name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
ALTER TABLE "market_category_markups" ADD CONSTRAINT "market_category_markups_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_category_markups" ADD CONSTRAINT "market_category_markups_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_category_markups_category_idx" ON "market_category_markups" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "markets_user_idx" ON "markets" USING btree ("user_id","id");