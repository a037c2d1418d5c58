-- Email and account recovery: the durable outbox, one-time account tokens and the
-- verified flag. Mirrors sqlite/0010_email_and_recovery.sql.

-- NULL until the owner opens the link we emailed. Accounts made before verification
-- existed count as verified: blocking their bookings would punish people we never asked.
ALTER TABLE users ADD COLUMN email_verified_at BIGINT;
UPDATE users SET email_verified_at = created_at;

-- The outbox: a row is written in the transaction of the change it announces; workers
-- claim rows with a lease (claim_id, lease_until), so a crashed worker's rows come back
-- and two workers never hold one row at once. `data` is what the template needs; it is
-- emptied once the email is sent.
CREATE TABLE emails (
    id              TEXT PRIMARY KEY,
    user_id         TEXT REFERENCES users(id) ON DELETE SET NULL,
    to_address      TEXT,
    template        TEXT NOT NULL,
    data            TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'skipped', 'failed')),
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    claim_id        TEXT,
    lease_until     BIGINT,
    last_error      TEXT,
    sent_at         BIGINT,
    created_at      BIGINT NOT NULL
);
CREATE INDEX emails_due ON emails(status, next_attempt_at);
CREATE INDEX emails_by_user ON emails(user_id, template, created_at);
CREATE INDEX emails_by_address ON emails(to_address, template, created_at);

-- Single-use links (verify the email, reset the password), kept only as SHA-256 hashes.
CREATE TABLE account_tokens (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    purpose     TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
    token_hash  TEXT NOT NULL UNIQUE,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT,
    created_at  BIGINT NOT NULL
);
CREATE INDEX account_tokens_user ON account_tokens(user_id, purpose);

-- "Sign out of all devices" and a password reset revoke every token of one account.
CREATE INDEX refresh_tokens_user ON refresh_tokens(user_id);
