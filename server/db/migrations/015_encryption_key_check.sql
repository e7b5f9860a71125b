-- Which key encrypted this database's secrets (webhook_secrets), as a check
-- value: an HMAC of a fixed label under the key, never the key. An instance
-- started with another SECRET_ENCRYPTION_KEY refuses to start instead of
-- failing, one delivery after another, on the secrets the others encrypted
-- (security/encryption-check.ts). One row at most.
CREATE TABLE encryption_key_check (
  only_row    boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  check_value text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
