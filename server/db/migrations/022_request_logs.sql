-- Request logs (issue 49): one row per call a provider's API reported through
-- POST /api/logs, partitioned by UTC day on `at` so retention drops whole
-- partitions (request_logs_YYYYMMDD, created ahead by the ingest and the
-- retention job) instead of deleting rows.
CREATE TABLE request_logs (
  project_id  text        NOT NULL,
  key_id      text        NOT NULL,
  request_id  text        NOT NULL,
  at          timestamptz NOT NULL,
  method      text        NOT NULL,
  route       text        NOT NULL,
  status      smallint    NOT NULL,
  duration_ms integer     NOT NULL,
  ip          text
) PARTITION BY RANGE (at);

-- A re-sent entry (same project, request id and time) is stored once; the
-- provider's lookup by request id alone uses the same index.
CREATE UNIQUE INDEX request_logs_once ON request_logs (request_id, project_id, at);
-- The members' pages, newest first: the whole project, one key, one route,
-- one status class. (at, request_id) is the cursor.
CREATE INDEX request_logs_newest ON request_logs (project_id, at DESC, request_id DESC);
CREATE INDEX request_logs_key ON request_logs (key_id, at DESC, request_id DESC);
CREATE INDEX request_logs_route ON request_logs (project_id, route, at DESC, request_id DESC);
CREATE INDEX request_logs_class ON request_logs (project_id, (status / 100), at DESC, request_id DESC);

-- Per key and hour, kept at ingest from the rows actually inserted, so the
-- summary never reads request_logs. h0 … h25 count durations per bucket of
-- server/resources/logs/histogram.ts (its bounds must not change without
-- rewriting these rows): columns rather than an array, so a 30-day summary is
-- one sum per column instead of every array taken apart.
CREATE TABLE request_log_hours (
  project_id    text        NOT NULL,
  key_id        text        NOT NULL,
  hour          timestamptz NOT NULL,
  requests      bigint      NOT NULL,
  client_errors bigint      NOT NULL,
  server_errors bigint      NOT NULL,
  h0            bigint      NOT NULL DEFAULT 0,
  h1            bigint      NOT NULL DEFAULT 0,
  h2            bigint      NOT NULL DEFAULT 0,
  h3            bigint      NOT NULL DEFAULT 0,
  h4            bigint      NOT NULL DEFAULT 0,
  h5            bigint      NOT NULL DEFAULT 0,
  h6            bigint      NOT NULL DEFAULT 0,
  h7            bigint      NOT NULL DEFAULT 0,
  h8            bigint      NOT NULL DEFAULT 0,
  h9            bigint      NOT NULL DEFAULT 0,
  h10           bigint      NOT NULL DEFAULT 0,
  h11           bigint      NOT NULL DEFAULT 0,
  h12           bigint      NOT NULL DEFAULT 0,
  h13           bigint      NOT NULL DEFAULT 0,
  h14           bigint      NOT NULL DEFAULT 0,
  h15           bigint      NOT NULL DEFAULT 0,
  h16           bigint      NOT NULL DEFAULT 0,
  h17           bigint      NOT NULL DEFAULT 0,
  h18           bigint      NOT NULL DEFAULT 0,
  h19           bigint      NOT NULL DEFAULT 0,
  h20           bigint      NOT NULL DEFAULT 0,
  h21           bigint      NOT NULL DEFAULT 0,
  h22           bigint      NOT NULL DEFAULT 0,
  h23           bigint      NOT NULL DEFAULT 0,
  h24           bigint      NOT NULL DEFAULT 0,
  h25           bigint      NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, hour, key_id)
);
CREATE INDEX request_log_hours_key ON request_log_hours (key_id, hour);
CREATE INDEX request_log_hours_hour ON request_log_hours (hour);
