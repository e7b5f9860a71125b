-- Webhooks: each project's signing secret (encrypted, since signing needs it
-- back), its endpoints, the messages the provider sends, and the queue of
-- deliveries with every attempt made. Everything hangs off projects with
-- ON DELETE CASCADE, so deleting a project deletes its webhooks.

-- Projects created before this migration have only webhook_secret_hash and no
-- row here: they must roll their secret before adding an endpoint.
CREATE TABLE webhook_secrets (
  project_id      text PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  secret_enc      text NOT NULL,      -- AES-256-GCM under SECRET_ENCRYPTION_KEY: v1.iv.tag.ciphertext
  previous_enc    text,               -- the secret before the last roll, still signing until previous_until
  previous_until  timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE webhook_endpoints (
  id            text PRIMARY KEY,     -- whe_…
  seq           bigint GENERATED ALWAYS AS IDENTITY,
  project_id    text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  url           text NOT NULL,
  description   text NOT NULL DEFAULT '',
  event_types   text[] NOT NULL DEFAULT '{}',   -- empty: every type
  disabled      boolean NOT NULL DEFAULT false,
  -- The first failure of the current run of failures (null after a success):
  -- five days of nothing but failures disables the endpoint.
  failing_since timestamptz,
  created_at    timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX webhook_endpoints_project ON webhook_endpoints (project_id, seq);

CREATE TABLE webhook_messages (
  id              text PRIMARY KEY,   -- msg_…, the webhook-id header
  project_id      text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  event_type      text NOT NULL,
  body            text NOT NULL,      -- the exact JSON delivered: { type, timestamp, data }
  idempotency_key text,
  created_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX webhook_messages_idempotency ON webhook_messages (project_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX webhook_messages_created ON webhook_messages (created_at);

-- The queue: one row per message and endpoint (and per resend). A row is due
-- when next_attempt_at has passed; an instance claims it with FOR UPDATE SKIP
-- LOCKED and moves next_attempt_at ahead by a lease, so a crash mid-attempt
-- makes it due again once the lease runs out. Null: nothing more to do.
CREATE TABLE webhook_deliveries (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id      text NOT NULL REFERENCES webhook_messages (id) ON DELETE CASCADE,
  endpoint_id     text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  attempts_made   integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  created_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id);
CREATE INDEX webhook_deliveries_message ON webhook_deliveries (message_id);

-- Every attempt, and the next one while it is pending (attempted_at is then
-- when it is due). Pruned after WEBHOOK_RETENTION_DAYS.
CREATE TABLE webhook_attempts (
  id              text PRIMARY KEY,   -- wha_…
  seq             bigint GENERATED ALWAYS AS IDENTITY,
  delivery_id     bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  endpoint_id     text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  message_id      text NOT NULL,
  event_type      text NOT NULL,
  attempt_number  integer NOT NULL,
  status          text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  response_status integer,
  response_body   text,
  duration_ms     integer,
  attempted_at    timestamptz NOT NULL,
  next_attempt_at timestamptz
);
CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, seq DESC);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempt_number);
CREATE INDEX webhook_attempts_attempted ON webhook_attempts (attempted_at);
