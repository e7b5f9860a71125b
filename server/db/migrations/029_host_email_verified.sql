-- A host sign-in account's address counts as verified only while its provider
-- says so (POST /sessions emailVerified, stored in email_verified_at at each
-- sign-in), where before every such account counted as verified: a provider
-- may let its users set any address, and an invitation to someone else's was
-- then theirs. Existing host accounts start unverified until their next
-- sign-in says otherwise; one verified by an invitation's code may since have
-- been given another address, which no code proved.
-- breaks-previous: an earlier version's server lets every host sign-in account see and accept the invitations to its address, and keeps an account verified when its provider changes its address
UPDATE users SET email_verified_at = NULL WHERE external_id IS NOT NULL;
