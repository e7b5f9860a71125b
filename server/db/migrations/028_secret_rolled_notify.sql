-- A project's signing secret rolled (resources/webhooks/secrets.ts): the
-- deliveries a worker holds were claimed with the secrets as they were, and
-- would still go out signed with the old one alone for as long as they may
-- wait (about 20 s), where after a roll with no grace the receiver may take
-- the new one only. Each endpoint of the project is named on migration 025's
-- channel, as when it changes: every instance lets go of what it holds for it
-- (an attempt with no answer yet is called off), and the next claim reads the
-- secrets as rolled.
CREATE FUNCTION flex_webhook_secret_rolled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('flex_webhook_endpoints', id) FROM webhook_endpoints WHERE project_id = NEW.project_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER webhook_secrets_rolled AFTER UPDATE OF secret_enc ON webhook_secrets
  FOR EACH ROW WHEN (NEW.secret_enc IS DISTINCT FROM OLD.secret_enc)
  EXECUTE FUNCTION flex_webhook_secret_rolled();
