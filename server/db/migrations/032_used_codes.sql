-- A reset or verification code just used, kept a few minutes as its salted
-- hash (USED_CODE_SECONDS, resources/accounts/codes.ts): the same right code
-- sent again (a double submit, two tabs, a retry of a request whose answer was
-- lost) is refused as before but no longer counted as a wrong code, where
-- each such repeat spent the client address's day of wrong codes and the
-- account's. A table of its own, beside account_codes: a server of the
-- previous version beside this one neither reads nor writes it, and judges
-- codes as before.
CREATE TABLE used_codes (
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('reset', 'verify')),
  device_id  text NOT NULL,
  code_hash  text NOT NULL,                -- salt$hex SHA-256 of salt and code, as in account_codes
  expires_at timestamptz NOT NULL,         -- until when a repeat of it is not counted
  PRIMARY KEY (user_id, purpose, device_id)
);
CREATE INDEX used_codes_expires_at ON used_codes (expires_at);
