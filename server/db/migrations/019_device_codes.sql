-- A password reset code belongs to the device (device token) that asked for
-- it, and only tries from that device are judged against it: a stranger's
-- wrong codes, sent from their own devices, can neither burn nor block the
-- owner's fresh code. Each device of an account holds at most one reset
-- code; verification codes, tried only from the account's own sessions,
-- stay one per account (device_id '').
--
-- A reset code issued before this migration has no device, so no device can
-- use it: the owner asks for a new one (codes live 15 minutes by default).
-- breaks-previous: an earlier version's server stores mailed codes under the primary key this migration replaces, so it mails no reset or verification code

ALTER TABLE account_codes ADD COLUMN device_id text NOT NULL DEFAULT '';
ALTER TABLE account_codes DROP CONSTRAINT account_codes_pkey;
ALTER TABLE account_codes ADD PRIMARY KEY (user_id, purpose, device_id);
