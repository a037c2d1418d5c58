-- SOS that reaches someone (issue 15).
--
-- A traveller's emergency contact and travel insurance. Their own table rather than
-- columns of tourist_details: no query that builds a public or shared view of a traveller
-- reads it, so it cannot leak into one by a careless SELECT. Empty text = not given.
CREATE TABLE emergency_info (
    user_id            TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    contact_name       TEXT NOT NULL DEFAULT '',
    contact_phone      TEXT NOT NULL DEFAULT '',
    contact_email      TEXT NOT NULL DEFAULT '',
    insurance_provider TEXT NOT NULL DEFAULT '',
    insurance_policy   TEXT NOT NULL DEFAULT '',
    insurance_phone    TEXT NOT NULL DEFAULT '',
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL
);

-- Every SOS sent, whether or not anyone could be reached: where, what, and who was told
-- (`reached`: a JSON list of {name, role}). Also what the per-account limit reads back.
CREATE TABLE sos_alerts (
    id         TEXT PRIMARY KEY,
    tourist_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    latitude   REAL NOT NULL,
    longitude  REAL NOT NULL,
    message    TEXT NOT NULL DEFAULT '',
    notified   BIGINT NOT NULL,
    reached    TEXT NOT NULL DEFAULT '[]',
    created_at BIGINT NOT NULL
);
CREATE INDEX sos_alerts_tourist ON sos_alerts(tourist_id, created_at);
