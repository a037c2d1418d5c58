-- Every notification is a notice now (0026 and its conversion): the sentences go.
ALTER TABLE notifications DROP COLUMN guide_message, DROP COLUMN tourist_message;
