-- Recovery codes (issue 25 item 7): ten single-use codes given at two-factor enrolment, for the day the
-- phone is lost. Kept as SHA-256 of the normalised code (each holds 50 random bits, so a fast hash is
-- enough; guesses are limited like codes, security.md B2). A used code keeps its row, marked.
CREATE TABLE recovery_code (
  id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id   integer NOT NULL REFERENCES portal_user (id),
  code_hash text NOT NULL,
  used_at   timestamptz,
  UNIQUE (user_id, code_hash)
);
