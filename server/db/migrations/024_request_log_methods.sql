-- Which HTTP methods each hour's calls used, a bit per method
-- (server/resources/logs/methods.ts), so that a page filtered by a method
-- walks only the hours that hold one. NULL in the rows made before this
-- column: not known, so read as "may hold any".
ALTER TABLE request_log_hours ADD COLUMN methods integer;
