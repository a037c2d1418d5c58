-- Tours: a guide's named trip with a day-by-day itinerary and a price per person by group
-- size. `days`, `included` and `excluded` are JSON text written only by tours::domain and
-- read whole; what lists filter and sort on is kept beside them: the number of days, the
-- highest night, the altitude risk, and each price tier as a row of tour_prices.
CREATE TABLE tours (
    id                   TEXT PRIMARY KEY,
    guide_id             TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    destination_id       TEXT REFERENCES destinations(id) ON DELETE SET NULL,
    title                TEXT NOT NULL,
    summary              TEXT NOT NULL,
    days                 TEXT NOT NULL,
    day_count            BIGINT NOT NULL,
    max_sleep_altitude_m BIGINT,
    risk                 TEXT NOT NULL,
    max_group_size       BIGINT NOT NULL,
    included             TEXT NOT NULL,
    excluded             TEXT NOT NULL,
    meeting_point        TEXT NOT NULL,
    booking_mode         TEXT NOT NULL,
    cutoff_hours         BIGINT NOT NULL,
    status               TEXT NOT NULL,
    -- The title, summary, day titles and sleeping places, normalised (text_search) for
    -- word-prefix matching.
    search_text          TEXT NOT NULL,
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL
);
CREATE INDEX tours_guide ON tours(guide_id, created_at);
CREATE INDEX tours_listed ON tours(status, destination_id);

CREATE TABLE tour_prices (
    tour_id     TEXT NOT NULL REFERENCES tours(id) ON DELETE CASCADE,
    min_people  BIGINT NOT NULL,
    max_people  BIGINT NOT NULL,
    price_cents BIGINT NOT NULL,
    PRIMARY KEY (tour_id, min_people)
);
