-- When the account's owner deleted it (auth/deletion.rs): its personal data is erased, and
-- every token it still holds stops working. NULL for a live account.
ALTER TABLE users ADD COLUMN deleted_at BIGINT;
