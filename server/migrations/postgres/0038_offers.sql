-- Custom offers: in a conversation, a guide answers a traveller's wishes with a trip of
-- their own making (dates, group, day-by-day itinerary, total price) that the traveller
-- accepts as an approved booking. Mirrors sqlite/0038_offers.sql.
CREATE TABLE offers (
    id                   TEXT PRIMARY KEY,
    conversation_id      TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    -- The message the offer was sent with: the client draws the offer at it.
    message_id           TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    guide_id             TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    tourist_id           TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- The guide's own tour it is based on, if any.
    tour_id              TEXT REFERENCES tours(id) ON DELETE SET NULL,
    start_date           TEXT NOT NULL,
    end_date             TEXT NOT NULL,
    group_size           BIGINT NOT NULL CHECK (group_size BETWEEN 1 AND 20),
    -- The itinerary as JSON, written only by tours::domain (as `tours.days`), and what the
    -- altitude check made of it.
    days                 TEXT NOT NULL,
    day_count            BIGINT NOT NULL CHECK (day_count BETWEEN 1 AND 30),
    max_sleep_altitude_m BIGINT,
    risk                 TEXT NOT NULL,
    total_price_cents    BIGINT NOT NULL CHECK (total_price_cents > 0),
    note                 TEXT NOT NULL,
    expires_at           BIGINT NOT NULL,
    -- `expired` is not stored: an open offer is expired once `expires_at` has passed.
    status               TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'withdrawn', 'accepted')),
    booking_id           TEXT REFERENCES bookings(id),
    accepted_at          BIGINT,
    withdrawn_at         BIGINT,
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL
);
CREATE INDEX offers_conversation ON offers(conversation_id, created_at);
CREATE INDEX offers_guide ON offers(guide_id, created_at);
CREATE INDEX offers_tourist ON offers(tourist_id, created_at);

-- The booking an accepted offer made; one at most per offer.
ALTER TABLE bookings ADD COLUMN offer_id TEXT REFERENCES offers(id);
CREATE UNIQUE INDEX bookings_offer ON bookings(offer_id);
