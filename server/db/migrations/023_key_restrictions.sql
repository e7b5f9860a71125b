-- Keys a developer can restrict (issue 50). `scopes` NULL means every scope
-- of the provider's catalog (every key before this migration, and every key
-- made without scopes); `allowed_ips` empty means anywhere; `mode` live or
-- test. A change to any of them is an UPDATE of the row, so migration 013's
-- trigger sends the key on the key channel and every instance forgets its
-- cached answer, as for a revocation.
-- breaks-previous: an earlier version's server verifies a key without its scopes, address allowlist and mode
ALTER TABLE api_keys ADD COLUMN scopes text[];
ALTER TABLE api_keys ADD COLUMN allowed_ips text[] NOT NULL DEFAULT '{}';
ALTER TABLE api_keys ADD COLUMN mode text NOT NULL DEFAULT 'live' CHECK (mode IN ('live', 'test'));

-- Usage outlives its key, so each count keeps its key's mode: GET …/usage?mode=
-- filters deleted keys' counts too.
ALTER TABLE key_usage ADD COLUMN mode text NOT NULL DEFAULT 'live';
