CREATE TABLE "catalog_category" (
	"name" text PRIMARY KEY NOT NULL,
	"descripcion" text NOT NULL,
	"descripcion_pt" text NOT NULL,
	"imagen" text DEFAULT '' NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_product" (
	"id" integer PRIMARY KEY NOT NULL,
	"codigo" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"price_cents" integer NOT NULL,
	"texto" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"detalles" text DEFAULT '' NOT NULL,
	"informacion" text DEFAULT '' NOT NULL,
	"texto_pt" text NOT NULL,
	"descripcion_pt" text DEFAULT '' NOT NULL,
	"detalles_pt" text DEFAULT '' NOT NULL,
	"informacion_pt" text DEFAULT '' NOT NULL,
	"imagen" text DEFAULT '' NOT NULL,
	"otras_imagenes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"categoria" text DEFAULT '' NOT NULL,
	"subcategoria" text DEFAULT '' NOT NULL,
	"subcategoria2" text DEFAULT '' NOT NULL,
	"subcategoria4" text DEFAULT '' NOT NULL,
	"edades" text DEFAULT '' NOT NULL,
	"edades2" text DEFAULT '' NOT NULL,
	"edades_cio" text DEFAULT '' NOT NULL,
	"edadesoo" text DEFAULT '' NOT NULL,
	"adulto" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"revision" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_product_price_range" CHECK ("catalog_product"."price_cents" between 0 and 1000000),
	CONSTRAINT "catalog_product_id_positive" CHECK ("catalog_product"."id" > 0)
);
--> statement-breakpoint
CREATE TABLE "catalog_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_state_one_row" CHECK ("catalog_state"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "catalog_category_revision_idx" ON "catalog_category" USING btree ("revision");--> statement-breakpoint
CREATE INDEX "catalog_product_revision_idx" ON "catalog_product" USING btree ("revision");--> statement-breakpoint
-- The one revision row, at 0: "never written". The first start seeds the built-in catalogue (decision 053).
INSERT INTO "catalog_state" ("id", "revision") VALUES (1, 0) ON CONFLICT DO NOTHING;
