-- The travellers of a confirmed group departure and their guide share one conversation
-- (issue 27). Mirrors sqlite/0037_group_conversations.sql.
--
-- A conversation is either a traveller's with a guide (`tourist_id`, one per pair) or a
-- departure's (`departure_id`, one per departure; its members are in
-- conversation_members).
ALTER TABLE conversations ALTER COLUMN tourist_id DROP NOT NULL;
ALTER TABLE conversations ADD COLUMN departure_id TEXT UNIQUE REFERENCES departures(id) ON DELETE CASCADE;
ALTER TABLE conversations ADD CONSTRAINT conversations_one_kind CHECK ((tourist_id IS NULL) <> (departure_id IS NULL));

-- When each member joined: a departure's travellers are listed in that order.
ALTER TABLE conversation_members ADD COLUMN joined_at BIGINT NOT NULL DEFAULT 0;
