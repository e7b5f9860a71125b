-- Each instance keeps the tokens it has looked up in memory for a few seconds
-- (http/token-cache.ts). Any change to a token row, by any statement — a
-- sign-out, a cascade from a deleted user or device, pruning, code added
-- later — tells every instance listening on flex_tokens to forget it, at
-- commit. The payload is the row's SHA-256, which is what the table holds.
CREATE FUNCTION flex_token_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('flex_tokens', OLD.token_hash);
  RETURN NULL;
END
$$;

CREATE TRIGGER tokens_changed AFTER UPDATE OR DELETE ON tokens
  FOR EACH ROW EXECUTE FUNCTION flex_token_changed();

-- A TRUNCATE fires no row trigger: it tells everyone to forget everything.
CREATE FUNCTION flex_tokens_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('flex_tokens', '*');
  RETURN NULL;
END
$$;

CREATE TRIGGER tokens_truncated AFTER TRUNCATE ON tokens
  FOR EACH STATEMENT EXECUTE FUNCTION flex_tokens_truncated();
