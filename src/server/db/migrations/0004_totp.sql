-- Two-factor sign-in (security.md A10, §7 decision 1): a TOTP secret per login (base32), when it was
-- confirmed, and the last 30-second step a code was accepted for, so no code works twice.
ALTER TABLE portal_user ADD COLUMN totp_secret text;
ALTER TABLE portal_user ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE portal_user ADD COLUMN totp_last_step bigint;
ALTER TABLE login_event DROP CONSTRAINT IF EXISTS login_event_action_check;
ALTER TABLE login_event ADD CONSTRAINT login_event_action_check CHECK (action IN ('login', 'register', 'mfa'));
