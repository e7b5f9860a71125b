-- When a key was rolled away. Such a key only lives out its grace period: it
-- cannot be rolled again nor have its expiry moved later, so rolling cannot
-- raise a project's live keys past its limit.

ALTER TABLE api_keys ADD COLUMN rolled_at timestamptz;
