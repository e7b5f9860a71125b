-- Tells every instance when a token or a project changes, so each can keep
-- them in memory.

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

-- Each instance keeps a user's serialised project list (resources/projects/
-- list-cache.ts): any new, changed or removed project row tells every
-- instance listening on flex_projects to forget its owner's list.
CREATE FUNCTION flex_project_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('flex_projects', OLD.owner_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('flex_projects', NEW.owner_id); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER projects_changed AFTER INSERT OR UPDATE OR DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION flex_project_changed();

CREATE FUNCTION flex_projects_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('flex_projects', '*');
  RETURN NULL;
END
$$;

CREATE TRIGGER projects_truncated AFTER TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION flex_projects_truncated();
