-- Devices that have signed in to an account. Their log-ins are exempt from
-- the account's cap on judged passwords, so guessing at an account from many
-- addresses cannot keep its owner out (OWASP's "device cookie"). A device
-- goes, and its rows with it, when its token's lifetime has passed.

CREATE TABLE known_devices (
  user_id         text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_id       text NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  last_sign_in_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_id)
);
CREATE INDEX known_devices_device ON known_devices (device_id);
