-- Accounts made by the API provider's own backend (POST /sessions), and the
-- single-use codes that sign them in (POST /auth/exchange).
--
-- A provider's account is found by its external_id, never by e-mail: the
-- e-mail it was given is kept apart (external_email), so it can neither take
-- nor reach a password account's address. Linking the two by e-mail would let
-- whoever controls a provider's user record take over the password account.
-- Such an account has no password and no log-in e-mail, so password log-in
-- (which looks accounts up by users.email) never finds it.

ALTER TABLE users
  ALTER COLUMN email DROP NOT NULL,
  ALTER COLUMN password_hash DROP NOT NULL,
  ADD COLUMN external_id    text UNIQUE,
  ADD COLUMN external_email text,
  ADD CONSTRAINT users_one_identity CHECK (
    CASE WHEN external_id IS NULL
      THEN email IS NOT NULL AND password_hash IS NOT NULL
      ELSE email IS NULL AND password_hash IS NULL
    END
  );

CREATE TABLE session_codes (
  code_hash  text PRIMARY KEY,             -- hex SHA-256 of the code
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX session_codes_expires_at ON session_codes (expires_at);
