-- Every table an instance keeps rows of in memory (db/cache.ts) tells every
-- instance, this one included, when a row changes: any statement, from any
-- code or instance, a cascade from a deleted user, device or project too.
-- One trigger function for all of them, replacing migration 012's own.
-- TG_ARGV[0] is the channel, the arguments after it the columns whose values
-- are sent (the cache's key); an update sends the old values and the new. The NOTIFY goes at commit,
-- and a TRUNCATE, which fires no row trigger, sends '*' (forget everything).

DROP TRIGGER tokens_changed ON tokens;
DROP TRIGGER tokens_truncated ON tokens;
DROP TRIGGER projects_changed ON projects;
DROP TRIGGER projects_truncated ON projects;
DROP FUNCTION flex_token_changed();
DROP FUNCTION flex_tokens_truncated();
DROP FUNCTION flex_project_changed();
DROP FUNCTION flex_projects_truncated();

CREATE FUNCTION flex_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify(TG_ARGV[0], '*');
    RETURN NULL;
  END IF;
  FOR i IN 1 .. TG_NARGS - 1 LOOP
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify(TG_ARGV[0], to_jsonb(OLD) ->> TG_ARGV[i]); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify(TG_ARGV[0], to_jsonb(NEW) ->> TG_ARGV[i]); END IF;
  END LOOP;
  RETURN NULL;
END
$$;

-- Tokens, by hash (http/token-cache.ts). An unknown token is never kept, so a new row needs no message.
CREATE TRIGGER tokens_changed AFTER UPDATE OR DELETE ON tokens
  FOR EACH ROW EXECUTE FUNCTION flex_row_changed('flex_tokens', 'token_hash');
CREATE TRIGGER tokens_truncated AFTER TRUNCATE ON tokens
  FOR EACH STATEMENT EXECUTE FUNCTION flex_row_changed('flex_tokens');

-- Each owner's project list (resources/projects/list-cache.ts).
CREATE TRIGGER projects_changed AFTER INSERT OR UPDATE OR DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION flex_row_changed('flex_projects', 'owner_id');
CREATE TRIGGER projects_truncated AFTER TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION flex_row_changed('flex_projects');

-- API keys, by hash (resources/verify/key-verifier.ts), which keeps unknown
-- keys too: a new row is heard. Recording a use (last_used_at, written by
-- verification itself) changes nothing verification answers: no message.
-- The id is sent too: instances of the version before this migration forget
-- a key by its id, so during a rolling upgrade they hear the changes the new
-- instances make (to this version's caches an id is a key never kept).
CREATE TRIGGER api_keys_added_or_removed AFTER INSERT OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION flex_row_changed('flex_api_keys', 'key_hash', 'id');
CREATE TRIGGER api_keys_changed AFTER UPDATE ON api_keys
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'last_used_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at'))
  EXECUTE FUNCTION flex_row_changed('flex_api_keys', 'key_hash', 'id');
CREATE TRIGGER api_keys_truncated AFTER TRUNCATE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION flex_row_changed('flex_api_keys');
