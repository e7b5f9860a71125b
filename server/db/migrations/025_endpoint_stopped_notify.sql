-- A delivery worker holds the deliveries it claimed (in flight, and a few
-- waiting for an endpoint's slot) with the address they were claimed for.
-- When an endpoint stops taking them as they are (disabled by anyone or
-- anything: an admin, a member's removal, too long failing; its address
-- changed; deleted, by a project's deletion too), every instance hears its id
-- at commit and lets go of what it holds for it and has not started
-- (resources/webhooks/worker.ts): otherwise those would still go out, to the
-- old address, for as long as they may wait (about 20 s).
CREATE TRIGGER webhook_endpoints_stopped AFTER UPDATE OF disabled, url ON webhook_endpoints
  FOR EACH ROW WHEN ((NEW.disabled AND NOT OLD.disabled) OR NEW.url IS DISTINCT FROM OLD.url)
  EXECUTE FUNCTION flex_row_changed('flex_webhook_endpoints', 'id');
CREATE TRIGGER webhook_endpoints_removed AFTER DELETE ON webhook_endpoints
  FOR EACH ROW EXECUTE FUNCTION flex_row_changed('flex_webhook_endpoints', 'id');
