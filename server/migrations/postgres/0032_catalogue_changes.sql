-- Which guides and tours changed, and when: every replica's in-memory catalogue index
-- reads this to catch up (catalogue_changes.rs). One row per item, moved forward on each
-- change, so the table never holds more rows than there are guides and tours.
CREATE TABLE catalogue_changes (
    kind       TEXT NOT NULL,
    item_id    TEXT NOT NULL,
    changed_at BIGINT NOT NULL,
    PRIMARY KEY (kind, item_id)
);
CREATE INDEX catalogue_changes_at ON catalogue_changes(kind, changed_at);
