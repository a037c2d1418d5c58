-- no-transaction
-- The whole life of a trip (issue 11): multi-day trips, new states, cancellation,
-- refunds, guides' blocked days. Mirrors postgres/0009_trip_lifecycle.sql.
--
-- SQLite cannot change a CHECK constraint in place, so `bookings` is rebuilt the way
-- SQLite's documentation prescribes (new table, copy, drop, rename) with foreign keys off,
-- which only works outside a transaction; the rebuild itself is one transaction.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

CREATE TABLE bookings_rebuilt (
    id                     TEXT PRIMARY KEY,
    tourist_id             TEXT NOT NULL REFERENCES users(id),
    guide_id               TEXT NOT NULL REFERENCES users(id),
    -- The first day of the trip.
    selected_date          TEXT NOT NULL,
    selected_time          TEXT NOT NULL,
    group_size             BIGINT NOT NULL CHECK (group_size BETWEEN 1 AND 20),
    price_per_person_cents BIGINT NOT NULL,
    total_amount_cents     BIGINT NOT NULL,
    booking_status         TEXT NOT NULL DEFAULT 'pending'
        CHECK (booking_status IN ('pending', 'approved', 'rejected', 'expired', 'cancelled', 'completed')),
    payment_status         TEXT NOT NULL DEFAULT 'unpaid'
        CHECK (payment_status IN ('unpaid', 'paid', 'refund_pending', 'refunded')),
    idempotency_key        TEXT,
    created_at             BIGINT NOT NULL,
    updated_at             BIGINT NOT NULL,
    days                   BIGINT NOT NULL DEFAULT 1 CHECK (days BETWEEN 1 AND 30),
    -- The last day of the trip (`selected_date` + `days` - 1).
    end_date               TEXT NOT NULL,
    message                TEXT NOT NULL DEFAULT '',
    approved_at            BIGINT,
    -- When a pending or approved-unpaid booking expires unless something happens first.
    expires_at             BIGINT,
    cancelled_by           TEXT CHECK (cancelled_by IN ('tourist', 'guide', 'admin', 'system')),
    cancellation_reason    TEXT,
    cancelled_at           BIGINT,
    refund_amount_cents    BIGINT,
    UNIQUE (tourist_id, idempotency_key)
);

INSERT INTO bookings_rebuilt (id, tourist_id, guide_id, selected_date, selected_time, group_size, price_per_person_cents,
    total_amount_cents, booking_status, payment_status, idempotency_key, created_at, updated_at, end_date, approved_at, expires_at)
SELECT id, tourist_id, guide_id, selected_date, selected_time, group_size, price_per_person_cents,
    total_amount_cents, booking_status, payment_status, idempotency_key, created_at, updated_at, selected_date,
    CASE WHEN booking_status = 'approved' THEN updated_at END,
    CASE WHEN booking_status = 'pending' THEN created_at + 172800000
         WHEN booking_status = 'approved' AND payment_status = 'unpaid' THEN updated_at + 86400000 END
FROM bookings;

DROP TABLE bookings;
ALTER TABLE bookings_rebuilt RENAME TO bookings;

CREATE INDEX bookings_guide ON bookings(guide_id, booking_status);
CREATE INDEX bookings_tourist ON bookings(tourist_id);
CREATE INDEX bookings_tourist_guide ON bookings(tourist_id, guide_id, payment_status);
CREATE UNIQUE INDEX bookings_one_pending_request ON bookings(tourist_id, guide_id, selected_date)
    WHERE booking_status = 'pending';
-- What the sweep looks for: requests and unpaid approvals to expire, paid trips to complete.
CREATE INDEX bookings_expiry ON bookings(booking_status, expires_at);
CREATE INDEX bookings_completion ON bookings(booking_status, payment_status, end_date);

-- Every day of every approved (paid or not) or completed trip, one row per guide and day:
-- the primary key is what stops two trips of one guide from sharing any day, however
-- approvals race. Written in the approval's transaction, deleted when the trip is cancelled
-- or expires. (Replaces the one-approved-trip-per-day index of 0004.)
CREATE TABLE trip_days (
    guide_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day        TEXT NOT NULL,
    booking_id TEXT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    PRIMARY KEY (guide_id, day)
);
CREATE INDEX trip_days_booking ON trip_days(booking_id);
INSERT INTO trip_days (guide_id, day, booking_id)
    SELECT guide_id, selected_date, id FROM bookings WHERE booking_status = 'approved';

-- Days a guide has blocked off.
CREATE TABLE blocked_days (
    guide_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day        TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (guide_id, day)
);

-- Stripe's payment intent, recorded when the payment is confirmed: what a refund names.
ALTER TABLE payments ADD COLUMN payment_intent TEXT;

-- Money to give back: written in the transaction that decides it (a cancellation, or a
-- payment confirmed for a booking that can no longer be paid), then carried out by the
-- refund worker until the provider confirms. One refund per payment.
CREATE TABLE refunds (
    id                 TEXT PRIMARY KEY,
    booking_id         TEXT NOT NULL REFERENCES bookings(id),
    payment_id         TEXT NOT NULL UNIQUE REFERENCES payments(id),
    provider           TEXT NOT NULL,
    amount_cents       BIGINT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded')),
    attempts           BIGINT NOT NULL DEFAULT 0,
    next_attempt_at    BIGINT NOT NULL,
    -- A worker's lease: until then no other worker takes this refund.
    claimed_until      BIGINT NOT NULL DEFAULT 0,
    provider_refund_id TEXT,
    last_error         TEXT NOT NULL DEFAULT '',
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL
);
CREATE INDEX refunds_due ON refunds(status, next_attempt_at);

COMMIT;
PRAGMA foreign_keys = ON;
