CREATE SEQUENCE "public"."order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"note" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"b2b_code_id" integer NOT NULL,
	"name" text NOT NULL,
	"vendor_code" text NOT NULL,
	"qty" integer NOT NULL,
	"drop_kop" bigint NOT NULL,
	"retail_kop" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text DEFAULT nextval('order_numbers')::text NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"payment_status" text DEFAULT 'NotPaid' NOT NULL,
	"delivery_status" text DEFAULT 'New' NOT NULL,
	"payment_method" text NOT NULL,
	"payment_delivery" text NOT NULL,
	"delivery_service" text NOT NULL,
	"delivery_method" text NOT NULL,
	"delivery_type" text NOT NULL,
	"self_ttn" text,
	"self_ttn_type" text,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"phone" text NOT NULL,
	"city_ref" text,
	"city_name" text,
	"branch_ref" text,
	"branch_name" text,
	"street_ref" text,
	"street_name" text,
	"house" text,
	"appt" text,
	"comment" text,
	"prepayment_kop" bigint DEFAULT 0 NOT NULL,
	"wholesale_kop" bigint NOT NULL,
	"retail_kop" bigint NOT NULL,
	"profit_kop" bigint NOT NULL,
	"expected_accrual_kop" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","id");