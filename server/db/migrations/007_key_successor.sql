-- Which key replaced a rolled-away one, so the portal can say "Replaced" on
-- the old key and "Replaces …" on its successor. Plain text, not a foreign
-- key: deleting the successor must not make the old key look never rolled.

ALTER TABLE api_keys ADD COLUMN replaced_by text;

-- Keys rolled before this was recorded: the successor is the next key of the
-- same project made with the same name (a roll copies the name).
UPDATE api_keys old SET replaced_by = (
  SELECT n.id FROM api_keys n
  WHERE n.project_id = old.project_id AND n.name = old.name AND n.seq > old.seq
  ORDER BY n.seq LIMIT 1
)
WHERE old.rolled_at IS NOT NULL;
