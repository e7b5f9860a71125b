-- Teams: the people a project is shared with, the invitations that bring
-- them in, and the audit log of who changed what.
--
-- The owner stays projects.owner_id (every existing query and the project
-- list's notifications keep working); project_members holds everyone else,
-- active (user_id set) or invited (user_id NULL, a code pending).

CREATE TABLE project_members (
  id          text PRIMARY KEY,
  seq         bigint GENERATED ALWAYS AS IDENTITY,
  project_id  text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id     text REFERENCES users (id) ON DELETE CASCADE,
  email       text NOT NULL,               -- the invited address (trimmed, lower-cased)
  role        text NOT NULL CHECK (role IN ('admin', 'developer', 'viewer')),
  invited_by  text REFERENCES users (id) ON DELETE SET NULL,
  invited_at  timestamptz NOT NULL,
  joined_at   timestamptz,
  -- The pending invitation's code, as hex SHA-256 (the code is 256 random
  -- bits: a fast hash cannot be reversed by guessing); NULL once used.
  code_hash   text UNIQUE,
  expires_at  timestamptz,
  CHECK ((user_id IS NULL) = (joined_at IS NULL))
);
CREATE UNIQUE INDEX project_members_user ON project_members (project_id, user_id);
CREATE UNIQUE INDEX project_members_email ON project_members (project_id, email);
CREATE INDEX project_members_by_user ON project_members (user_id);

-- A member's project list (resources/projects/list-cache.ts) changes when
-- their membership does, and when a project they belong to changes.
CREATE TRIGGER project_members_changed AFTER INSERT OR UPDATE OR DELETE ON project_members
  FOR EACH ROW EXECUTE FUNCTION flex_row_changed('flex_projects', 'user_id');
CREATE TRIGGER project_members_truncated AFTER TRUNCATE ON project_members
  FOR EACH STATEMENT EXECUTE FUNCTION flex_row_changed('flex_projects');

CREATE FUNCTION flex_project_members_told() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('flex_projects', m.user_id) FROM project_members m WHERE m.project_id = NEW.id AND m.user_id IS NOT NULL;
  RETURN NULL;
END
$$;
CREATE TRIGGER projects_changed_for_members AFTER UPDATE ON projects
  FOR EACH ROW EXECUTE FUNCTION flex_project_members_told();

-- Who did what to a project. No foreign key to the project: the entry of its
-- deletion outlives it (pruned after AUDIT_RETENTION_DAYS like the rest).
CREATE TABLE audit_log (
  id         text PRIMARY KEY,
  seq        bigint GENERATED ALWAYS AS IDENTITY,
  project_id text NOT NULL,
  at         timestamptz NOT NULL,
  actor_id   text,
  actor_name text NOT NULL,
  action     text NOT NULL,
  target     text,
  details    jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_project ON audit_log (project_id, seq DESC);
CREATE INDEX audit_log_at ON audit_log (at);
