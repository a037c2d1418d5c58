-- Notifications are stored as a notice: which text and what fills it, as JSON, worded in
-- the reader's language when read (see src/notice.rs). NULL until the sentences stored
-- before are converted, which `Db::migrate` does in Rust right after this migration.
ALTER TABLE notifications ADD COLUMN notice TEXT;
