-- Each audit entry names its actor by e-mail beside the name: anyone may take
-- any name (a developer renamed to the owner's exact name looked like the
-- owner in Activity), but an address belongs to one account. It is copied when
-- the entry is written, as the name is, because the entry outlives the account.
-- Entries written before now get the address of their actor if the account
-- still exists (a password account's address never changes), else ''.
ALTER TABLE audit_log ADD COLUMN actor_email text NOT NULL DEFAULT '';

UPDATE audit_log a
SET actor_email = COALESCE(u.email, u.external_email, '')
FROM users u
WHERE u.id = a.actor_id;
