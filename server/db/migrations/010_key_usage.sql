-- Verifications per key and UTC day, by outcome. Each instance counts in
-- memory and adds its counts here in batches (INSERT … ON CONFLICT DO UPDATE
-- with increments), so any number of instances add up. A row outlives its
-- key (no reference to api_keys, and the key's name is kept), so a deleted
-- key's traffic still shows; it goes with its project.

CREATE TABLE key_usage (
  key_id     text   NOT NULL,
  day        date   NOT NULL,
  project_id text   NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  key_name   text   NOT NULL,
  valid      bigint NOT NULL DEFAULT 0,
  expired    bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, day)
);
CREATE INDEX key_usage_project_day ON key_usage (project_id, day);
