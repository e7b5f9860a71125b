-- A resend goes only to the address the message went to. Re-pointed at a new
-- address, an endpoint is a new destination: had a past message resent to it,
-- a member who may edit endpoints (a developer) could have the project's
-- history, signed, sent to an address of their own. Each change of an
-- endpoint's address counts one; each delivery keeps the count its endpoint
-- had when it was made, and a resend needs one made at the count it has now
-- (resources/webhooks/data.ts resendMessage). Rows from before this migration
-- count as made at the address their endpoint has.
-- breaks-previous: an endpoint re-pointed through an earlier version's server keeps its address count, so a past message can be resent to the new address
ALTER TABLE webhook_endpoints ADD COLUMN address_version integer NOT NULL DEFAULT 0;
ALTER TABLE webhook_deliveries ADD COLUMN address_version integer NOT NULL DEFAULT 0;
