-- A firm's own page for sign-in and registration at /f/<slug> (docs/decisions/095): its address,
-- its brand colour, and the firm code made for the page when the firm chose to publish one.
ALTER TABLE "firms" ADD COLUMN "slug" text;
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "brand_color" text;
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "page_code_id" uuid REFERENCES "firm_codes"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- Existing firms: the slug made from the name as common/firm-page.ts#slugFromName makes it (the
-- common accented letters dropped), the oldest firm keeping a shared one and the others told apart by their id.
WITH made AS (
  SELECT id, created_at,
    trim(both '-' from left(regexp_replace(
      translate(lower(name), 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿ', 'aaaaaaceeeeiiiinoooooouuuuyy'),
      '[^a-z0-9]+', '-', 'g'), 40)) AS base
  FROM "firms"
), sized AS (
  SELECT id, created_at,
    CASE WHEN length(base) >= 3 THEN base ELSE trim(trailing '-' from 'firm-' || base) END AS base
  FROM made
), ranked AS (
  SELECT id, base, row_number() OVER (PARTITION BY base ORDER BY created_at, id) AS n FROM sized
)
UPDATE "firms" f
SET "slug" = CASE WHEN r.n = 1 THEN r.base
  ELSE trim(trailing '-' from left(r.base, 31)) || '-' || left(replace(f.id::text, '-', ''), 8) END
FROM ranked r
WHERE r.id = f.id;
--> statement-breakpoint
ALTER TABLE "firms" ALTER COLUMN "slug" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_slug_format" CHECK ("slug" ~ '^[a-z0-9]([a-z0-9-]{1,38})[a-z0-9]$');
--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_brand_color_format" CHECK ("brand_color" ~ '^#[0-9a-f]{6}$');
--> statement-breakpoint
CREATE UNIQUE INDEX "firms_slug_key" ON "firms" ("slug");
