-- Users, device and access tokens, projects, API keys and rate-limit counters.
-- Secrets are never stored: passwords as scrypt hashes, tokens, API keys and
-- webhook secrets as SHA-256 hashes (they are 256 random bits, so a fast hash
-- cannot be reversed by guessing).

CREATE TABLE users (
  id            text PRIMARY KEY,
  email         text NOT NULL UNIQUE,      -- trimmed and lower-cased
  name          text NOT NULL,
  password_hash text NOT NULL,             -- scrypt$N$r$p$salt$hash
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- The anonymous device each browser registers before signing up or in.
-- Its push token is not kept: nothing here sends push notifications.
CREATE TABLE devices (
  id          text PRIMARY KEY,
  device_type text NOT NULL,
  info        jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tokens (
  token_hash text PRIMARY KEY,             -- hex SHA-256 of the bearer token
  kind       text NOT NULL CHECK (kind IN ('device', 'access')),
  device_id  text REFERENCES devices (id) ON DELETE CASCADE,
  user_id    text REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- An access token always belongs to a user; a device token never does.
  CHECK ((kind = 'access') = (user_id IS NOT NULL))
);
CREATE INDEX tokens_expires_at ON tokens (expires_at);

CREATE TABLE projects (
  id                  text PRIMARY KEY,
  -- seq breaks ties between rows created in the same microsecond, so
  -- "newest first" is a total order.
  seq                 bigint GENERATED ALWAYS AS IDENTITY,
  owner_id            text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name                text NOT NULL,
  description         text NOT NULL DEFAULT '',
  status              text NOT NULL DEFAULT 'ACTIVE',
  -- The secret is shown once and never again. Only a server that sends
  -- webhooks needs it back (to sign them); this one does not, so it keeps a
  -- hash. A server that signs webhooks would store it encrypted instead.
  webhook_secret_hash text NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX projects_owner_newest ON projects (owner_id, created_at DESC, seq DESC);

CREATE TABLE api_keys (
  id         text PRIMARY KEY,               -- the API project ID (apid_…)
  seq        bigint GENERATED ALWAYS AS IDENTITY,
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  key_hash   text NOT NULL UNIQUE,           -- hex SHA-256 of the whole key
  last4      text NOT NULL,                  -- shown masked: fxk_…last4
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX api_keys_project ON api_keys (project_id, seq);

-- Fixed-window counters shared by every instance. The bucket is a hash of
-- "route|ip|…" or "route|email|…", so no address is stored in clear here.
CREATE TABLE rate_limits (
  bucket   text PRIMARY KEY,
  hits     integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);
