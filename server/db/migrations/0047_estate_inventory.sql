-- The estate inventory (docs/decisions/086-estate-inventory.md): a fourth item type. An entry is
-- an item like the others (sealed title, content sealed with its own content key, wrapped for the
-- owner and for each beneficiary); only the type 'estate' is in clear.
ALTER TABLE "assets" DROP CONSTRAINT "assets_type_check";
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_type_check"
  CHECK ("type" in ('password', 'document', 'note', 'estate'));
