-- A deleted project's audit log now goes with it, in the transaction that
-- deletes it (security/audit-log.ts forgetProjects), where before its entries
-- stayed for AUDIT_RETENTION_DAYS: readable by nobody (the project's reads
-- answer 404), yet naming every actor by name and address and every invited
-- address. The entries of projects deleted before now go here. A server of
-- the previous version still running beside this one keeps the log of a
-- project it deletes, as it did: those entries age out as before.
DELETE FROM audit_log a WHERE NOT EXISTS (SELECT 1 FROM projects p WHERE p.id = a.project_id);
