-- Group departures (issue 27): a guide sells a published tour's fixed dates by the seat.
-- Mirrors postgres/0036_departures.sql.
CREATE TABLE departures (
    id                   TEXT PRIMARY KEY,
    tour_id              TEXT NOT NULL REFERENCES tours(id) ON DELETE CASCADE,
    guide_id             TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    start_date           TEXT NOT NULL,
    end_date             TEXT NOT NULL,
    seats                BIGINT NOT NULL CHECK (seats BETWEEN 1 AND 30),
    min_to_run           BIGINT NOT NULL,
    price_per_seat_cents BIGINT NOT NULL CHECK (price_per_seat_cents > 0),
    -- Seats held by bookings that are approved (paid or not): one conditional UPDATE
    -- claims seats, so however joins race, never more than `seats`.
    seats_taken          BIGINT NOT NULL DEFAULT 0,
    status               TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed', 'cancelled')),
    cancelled_at         BIGINT,
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL,
    CHECK (min_to_run BETWEEN 1 AND seats),
    CHECK (seats_taken BETWEEN 0 AND seats)
);
CREATE INDEX departures_tour ON departures(tour_id, start_date);
CREATE INDEX departures_open ON departures(status, start_date);

ALTER TABLE bookings ADD COLUMN departure_id TEXT REFERENCES departures(id);
CREATE INDEX bookings_departure ON bookings(departure_id);

-- A departure holds its guide's days itself, whoever joins it: `trip_days` rows belong to
-- a booking or to a departure. SQLite cannot drop a NOT NULL in place: the table is
-- rebuilt (nothing references it).
CREATE TABLE trip_days_rebuilt (
    guide_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    booking_id   TEXT REFERENCES bookings(id) ON DELETE CASCADE,
    departure_id TEXT REFERENCES departures(id) ON DELETE CASCADE,
    PRIMARY KEY (guide_id, day),
    CHECK ((booking_id IS NULL) <> (departure_id IS NULL))
);
INSERT INTO trip_days_rebuilt (guide_id, day, booking_id) SELECT guide_id, day, booking_id FROM trip_days;
DROP TABLE trip_days;
ALTER TABLE trip_days_rebuilt RENAME TO trip_days;
CREATE INDEX trip_days_booking ON trip_days(booking_id);
CREATE INDEX trip_days_departure ON trip_days(departure_id);
