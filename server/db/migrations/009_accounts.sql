-- Accounts people can recover and own: when an account's e-mail was shown to
-- reach its owner, and the short codes mailed for a password reset or to
-- verify the address.
--
-- A code is 6 digits, so its hash alone could be reversed by trying a
-- million values: what protects it is that it lives CODE_TTL_SECONDS
-- (15 minutes by default), works once, and is burned after 5 wrong tries.
-- One code per account and purpose: a new one replaces the last.

ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

CREATE TABLE account_codes (
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('reset', 'verify')),
  code_hash  text NOT NULL,                -- salt$hex SHA-256 of salt and code
  tries      integer NOT NULL DEFAULT 0,   -- wrong codes so far
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, purpose)
);
CREATE INDEX account_codes_expires_at ON account_codes (expires_at);
