-- What a member could still use once they are gone: the account that created
-- each key, the one that last saw its full text (its creation, or the roll
-- that made it), and the account that added each webhook endpoint. Removing
-- a member (or their leaving) ends the keys they saw and the endpoints they
-- added, unless the remover keeps them (resources/members/removal.ts).
-- SET NULL, not CASCADE: a deleted account's keys are the project's, and
-- deleting a user must not delete them.
-- breaks-previous: keys and webhook endpoints made through an earlier version's server record no maker, so removing that member leaves them working

ALTER TABLE api_keys
  ADD COLUMN created_by text REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN seen_by    text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE webhook_endpoints ADD COLUMN added_by text REFERENCES users (id) ON DELETE SET NULL;

CREATE INDEX api_keys_seen_by ON api_keys (seen_by) WHERE seen_by IS NOT NULL;
CREATE INDEX webhook_endpoints_added_by ON webhook_endpoints (added_by) WHERE added_by IS NOT NULL;

-- Rows made before this migration: who the audit log names (a key's
-- creation, the roll that made it, the project's creation for its first
-- key, an endpoint's addition); else the project's first owner (before
-- teams only the owner could make anything: the first owner is whoever the
-- first transfer moved it from, or the owner now if it never moved).
CREATE TEMPORARY TABLE first_owner ON COMMIT DROP AS
  SELECT p.id AS project_id,
    COALESCE((SELECT a.actor_id FROM audit_log a JOIN users u ON u.id = a.actor_id
               WHERE a.project_id = p.id AND a.action = 'ownership.transferred' ORDER BY a.seq LIMIT 1), p.owner_id) AS user_id
  FROM projects p;

UPDATE api_keys k SET created_by = a.actor_id, seen_by = a.actor_id
  FROM audit_log a JOIN users u ON u.id = a.actor_id
  WHERE a.action = 'key.created' AND a.target = k.id AND a.project_id = k.project_id;

-- A roll's replacement: its text was seen by who rolled; it was created by
-- whoever created the key it replaced (down a chain of rolls).
WITH RECURSIVE chain AS (
  SELECT id, replaced_by, created_by FROM api_keys WHERE created_by IS NOT NULL AND replaced_by IS NOT NULL
  UNION ALL
  SELECT n.id, n.replaced_by, c.created_by FROM chain c JOIN api_keys n ON n.id = c.replaced_by WHERE n.created_by IS NULL
)
UPDATE api_keys k SET created_by = chain.created_by FROM chain WHERE chain.id = k.id AND k.created_by IS NULL;

UPDATE api_keys k SET seen_by = a.actor_id
  FROM audit_log a JOIN users u ON u.id = a.actor_id
  WHERE a.action = 'key.rolled' AND a.details ->> 'replacedBy' = k.id AND a.project_id = k.project_id AND k.seen_by IS NULL;

UPDATE api_keys k SET seen_by = COALESCE(k.seen_by, a.actor_id), created_by = a.actor_id
  FROM audit_log a JOIN users u ON u.id = a.actor_id
  WHERE a.action = 'project.created' AND a.project_id = k.project_id AND k.created_by IS NULL
    AND k.seq = (SELECT min(f.seq) FROM api_keys f WHERE f.project_id = k.project_id);

UPDATE api_keys k SET created_by = COALESCE(k.created_by, o.user_id), seen_by = COALESCE(k.seen_by, o.user_id)
  FROM first_owner o WHERE o.project_id = k.project_id AND (k.created_by IS NULL OR k.seen_by IS NULL);

UPDATE webhook_endpoints e SET added_by = a.actor_id
  FROM audit_log a JOIN users u ON u.id = a.actor_id
  WHERE a.action = 'endpoint.added' AND a.target = e.id AND a.project_id = e.project_id;

UPDATE webhook_endpoints e SET added_by = o.user_id FROM first_owner o WHERE o.project_id = e.project_id AND e.added_by IS NULL;
