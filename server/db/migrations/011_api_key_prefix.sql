-- The prefix each key was issued with (API_KEY_PREFIX, default fxk), kept per
-- key: a key is verified by its hash whatever its prefix, so a server whose
-- prefix changed still verifies every key it has ever issued, and each key's
-- masked form keeps the prefix its owner saw.

ALTER TABLE api_keys ADD COLUMN prefix text NOT NULL DEFAULT 'fxk';
