-- A client import's matter reference and note travel with the invitation (docs/decisions/094,
-- amended): private to the firm, never in the e-mail nor on the invitee's screens, and written into
-- the firm's reference and notes on the client (client_firm_details) when the invitee joins.
ALTER TABLE "invitations" ADD COLUMN "firm_reference" text;
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "firm_notes" text;
