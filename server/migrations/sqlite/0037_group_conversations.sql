-- no-transaction
-- The travellers of a confirmed group departure and their guide share one conversation
-- (issue 27). Mirrors postgres/0037_group_conversations.sql.
--
-- A conversation is either a traveller's with a guide (`tourist_id`, one per pair) or a
-- departure's (`departure_id`, one per departure; its members are in
-- conversation_members). SQLite cannot drop a NOT NULL in place, so `conversations` is
-- rebuilt as SQLite's documentation prescribes (new table, copy, drop, rename) with
-- foreign keys off — otherwise dropping it would cascade to every message — which only
-- works outside a transaction; the rebuild itself is one transaction.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

CREATE TABLE conversations_rebuilt (
    id              TEXT PRIMARY KEY,
    tourist_id      TEXT REFERENCES users(id) ON DELETE CASCADE,
    guide_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    departure_id    TEXT UNIQUE REFERENCES departures(id) ON DELETE CASCADE,
    -- The number of the newest message (messages are numbered 1, 2, 3 ... per conversation).
    last_seq        BIGINT NOT NULL DEFAULT 0,
    last_message_at BIGINT NOT NULL,
    created_at      BIGINT NOT NULL,
    UNIQUE (tourist_id, guide_id),
    CHECK ((tourist_id IS NULL) <> (departure_id IS NULL))
);

INSERT INTO conversations_rebuilt (id, tourist_id, guide_id, last_seq, last_message_at, created_at)
SELECT id, tourist_id, guide_id, last_seq, last_message_at, created_at FROM conversations;

DROP TABLE conversations;
ALTER TABLE conversations_rebuilt RENAME TO conversations;

-- When each member joined: a departure's travellers are listed in that order.
ALTER TABLE conversation_members ADD COLUMN joined_at BIGINT NOT NULL DEFAULT 0;

COMMIT;
PRAGMA foreign_keys = ON;
