-- API key metadata: a name to tell keys apart, when a key was last used, and
-- an optional expiry (set by the owner, or by a roll: the old key keeps
-- working for the grace period, then verification answers EXPIRED).

ALTER TABLE api_keys
  ADD COLUMN name         text,
  ADD COLUMN last_used_at timestamptz,
  ADD COLUMN expires_at   timestamptz;

-- Existing keys get the names new ones would have had: the first of a
-- project "Default key", the next ones "Key 2", "Key 3", …
UPDATE api_keys k SET name = CASE WHEN n.rn = 1 THEN 'Default key' ELSE 'Key ' || n.rn END
FROM (SELECT id, row_number() OVER (PARTITION BY project_id ORDER BY seq) AS rn FROM api_keys) n
WHERE n.id = k.id;

ALTER TABLE api_keys ALTER COLUMN name SET NOT NULL;
