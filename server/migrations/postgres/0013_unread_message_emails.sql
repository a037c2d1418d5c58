-- When each member was last emailed about unread messages in the conversation (epoch ms;
-- 0 = never): the sweep claims a member by moving it forward with a conditional UPDATE,
-- so one email per conversation per hour per recipient, whichever replica sweeps.
ALTER TABLE conversation_members ADD COLUMN last_unread_email_at BIGINT NOT NULL DEFAULT 0;
