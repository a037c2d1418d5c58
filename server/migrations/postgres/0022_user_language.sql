-- The language a person reads Yatra in (`en` or `ne`): their emails are written in it.
-- Set from Accept-Language at sign-up and by the client's language switch.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ne'));
