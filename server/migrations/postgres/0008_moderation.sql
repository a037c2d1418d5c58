-- Moderation and audit: reports, hidden posts and reviews, suspended accounts, and the
-- append-only log of what admins did. Mirrors sqlite/0008_moderation.sql.

-- A suspended account cannot sign in, refresh or use a token it holds; a suspended guide
-- has no public rows (guides::index::refresh leaves them out).
ALTER TABLE users ADD COLUMN suspended_at BIGINT;
ALTER TABLE users ADD COLUMN suspension_reason TEXT NOT NULL DEFAULT '';
CREATE INDEX users_suspended ON users(suspended_at) WHERE suspended_at IS NOT NULL;

-- Hidden by an admin: gone from every public list, search and page.
ALTER TABLE blogs ADD COLUMN hidden_at BIGINT;
ALTER TABLE ratings ADD COLUMN hidden_at BIGINT;

CREATE TABLE reports (
    id          TEXT PRIMARY KEY,
    reporter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    target_type TEXT NOT NULL CHECK (target_type IN ('blog', 'review', 'guide')),
    target_id   TEXT NOT NULL,
    reason      TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
    resolved_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    resolved_at BIGINT,
    created_at  BIGINT NOT NULL
);
-- One open report per reporter and target, however the requests race.
CREATE UNIQUE INDEX reports_one_open ON reports(reporter_id, target_type, target_id) WHERE status = 'open';
CREATE INDEX reports_open_queue ON reports(status, created_at, id);
CREATE INDEX reports_target ON reports(target_type, target_id, status);

-- Who did what to which thing, and why. No foreign keys: the record outlives what it names.
CREATE TABLE audit_log (
    id          TEXT PRIMARY KEY,
    actor_id    TEXT NOT NULL,
    action      TEXT NOT NULL,
    target_type TEXT NOT NULL,
    target_id   TEXT NOT NULL,
    reason      TEXT NOT NULL DEFAULT '',
    created_at  BIGINT NOT NULL
);
CREATE INDEX audit_log_newest ON audit_log(created_at DESC, id DESC);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only';
END;
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
