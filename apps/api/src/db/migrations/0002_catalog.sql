CREATE TABLE "analogue_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"depth" smallint DEFAULT 0 NOT NULL,
	"name_uk" text NOT NULL,
	"name_ru" text NOT NULL,
	"image" text,
	"icon" text,
	"icon_color" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"products_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_facets" (
	"category_id" integer NOT NULL,
	"property_value_id" integer NOT NULL,
	"products_count" integer NOT NULL,
	CONSTRAINT "category_facets_category_id_property_value_id_pk" PRIMARY KEY("category_id","property_value_id")
);
--> statement-breakpoint
CREATE TABLE "favorite_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"original" text NOT NULL,
	"medium_centered" text NOT NULL,
	"thumb" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_properties" (
	"product_id" integer NOT NULL,
	"property_type_id" integer NOT NULL,
	"property_value_id" integer NOT NULL,
	CONSTRAINT "product_properties_product_id_property_value_id_pk" PRIMARY KEY("product_id","property_value_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"b2b_code_id" integer NOT NULL,
	"code_id" integer NOT NULL,
	"vendor_code" text NOT NULL,
	"name_uk" text NOT NULL,
	"name_ru" text NOT NULL,
	"description_uk" text DEFAULT '' NOT NULL,
	"description_ru" text DEFAULT '' NOT NULL,
	"brand" text,
	"category_id" integer NOT NULL,
	"parent_id" integer,
	"root_id" integer NOT NULL,
	"drop_kop" bigint NOT NULL,
	"old_drop_kop" bigint,
	"retail_kop" bigint NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"in_stock" boolean GENERATED ALWAYS AS (qty > 0) STORED,
	"inet_pack" integer DEFAULT 1 NOT NULL,
	"in_pack" integer DEFAULT 1 NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"has_images" boolean DEFAULT false NOT NULL,
	"analogue_group_id" integer,
	"property_value_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_uk" text NOT NULL,
	"name_ru" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_type_id" integer NOT NULL,
	"value_uk" text NOT NULL,
	"value_ru" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"freq" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favorite_products" ADD CONSTRAINT "favorite_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_products" ADD CONSTRAINT "favorite_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_notifications" ADD CONSTRAINT "product_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_properties" ADD CONSTRAINT "product_properties_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_values" ADD CONSTRAINT "property_values_property_type_id_property_types_id_fk" FOREIGN KEY ("property_type_id") REFERENCES "public"."property_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "favorite_products_user_product_uq" ON "favorite_products" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "product_notifications_user_code_uq" ON "product_notifications" USING btree ("user_id","code_id");--> statement-breakpoint
CREATE INDEX "product_notifications_code_idx" ON "product_notifications" USING btree ("code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_b2b_code_uq" ON "products" USING btree ("b2b_code_id");--> statement-breakpoint
CREATE INDEX "products_code_idx" ON "products" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "products_vendor_code_idx" ON "products" USING btree (lower("vendor_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_stock_id_idx" ON "products" USING btree ("in_stock" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_specials_idx" ON "products" USING btree ("in_stock" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE old_drop_kop IS NOT NULL;--> statement-breakpoint
CREATE INDEX "products_news_idx" ON "products" USING btree ("in_stock" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE is_new;--> statement-breakpoint
CREATE INDEX "products_analogue_idx" ON "products" USING btree ("analogue_group_id");--> statement-breakpoint
CREATE INDEX "products_props_gin" ON "products" USING gin ("property_value_ids");--> statement-breakpoint
CREATE INDEX "products_search_gin" ON "products" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "property_values_type_idx" ON "property_values" USING btree ("property_type_id");--> statement-breakpoint
CREATE INDEX "search_terms_trgm" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_prefix" ON "search_terms" USING btree ("term" COLLATE "C");