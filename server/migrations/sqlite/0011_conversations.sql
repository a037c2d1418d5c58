-- Conversations between a traveller and a guide: one per pair (a unique index, so
-- concurrent first messages make one), their messages numbered in order within the
-- conversation, and each participant's read marker.

CREATE TABLE conversations (
    id              TEXT PRIMARY KEY,
    tourist_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    guide_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- The number of the newest message (messages are numbered 1, 2, 3 ... per conversation).
    last_seq        BIGINT NOT NULL DEFAULT 0,
    last_message_at BIGINT NOT NULL,
    created_at      BIGINT NOT NULL,
    UNIQUE (tourist_id, guide_id)
);

CREATE TABLE messages (
    id              TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    seq             BIGINT NOT NULL,
    sender_id       TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    text            TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    UNIQUE (conversation_id, seq)
);
-- Counting a sender's recent messages (the rate limit).
CREATE INDEX messages_sender_recent ON messages(sender_id, created_at);

-- Each participant's place in a conversation: the newest message they have read (its
-- number and when they read it). Unread = the other party's messages numbered above
-- `last_read_seq`; "unread for 10 minutes" joins this to messages by created_at.
CREATE TABLE conversation_members (
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    last_read_seq   BIGINT NOT NULL DEFAULT 0,
    last_read_at    BIGINT,
    last_message_at BIGINT NOT NULL,
    PRIMARY KEY (conversation_id, user_id)
);
-- "Mine, newest activity first".
CREATE INDEX conversation_members_inbox ON conversation_members(user_id, last_message_at);
