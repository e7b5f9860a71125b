-- The usage counts' batches by id (resources/usage/counter.ts): a batch is
-- added in the transaction that records its id, so one whose commit reached
-- the database while its reply was lost, and which its instance then sends
-- again, is added once, where before it was counted twice. Ids are kept a
-- day (the retention schedule), far longer than any retry waits. A server of
-- the previous version beside this one writes no ids and counts as before.
CREATE TABLE usage_batches (
  id text PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX usage_batches_at ON usage_batches (at);
