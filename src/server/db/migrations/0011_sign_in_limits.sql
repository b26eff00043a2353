-- Sign-in limits that hold under bursts (issue 24, security.md B2, B3).
--
-- The per-address limit was a count of login_event rows read before the attempt: a hundred requests
-- sent at once all read the same count and were all let through. Each attempt now takes its place in
-- a counter with one atomic upsert before any password or code is checked; the row lock makes
-- concurrent attempts take turns, so a burst of any size is let through at most the limit.
-- One row per (kind, address) key; the window starts at the first attempt and lasts a minute.
CREATE TABLE auth_attempt_window (
  key          text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  attempts     integer NOT NULL CHECK (attempts > 0)
);

-- A sign-in challenge (the mfa_token or setup_token of a right password) opens one session only: its
-- id is written here in the transaction that opens the session, and a second use finds it.
CREATE TABLE spent_challenge (
  jti        text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX spent_challenge_expires_idx ON spent_challenge (expires_at);

-- No more permanent lockout (B3): an account disabled by 50 failures (anyone could cause it in one
-- burst) waits one more back-off window instead, then its owner can sign in again. Nothing else sets
-- disabled_at.
UPDATE portal_user
   SET disabled_at = NULL,
       locked_until = greatest(coalesce(locked_until, now()), now() + interval '1 hour')
 WHERE disabled_at IS NOT NULL;
