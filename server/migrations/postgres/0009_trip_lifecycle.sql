-- The whole life of a trip (issue 11): multi-day trips, new states, cancellation,
-- refunds, guides' blocked days. Mirrors sqlite/0009_trip_lifecycle.sql.
ALTER TABLE bookings DROP CONSTRAINT bookings_booking_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_booking_status_check
    CHECK (booking_status IN ('pending', 'approved', 'rejected', 'expired', 'cancelled', 'completed'));
ALTER TABLE bookings DROP CONSTRAINT bookings_payment_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_payment_status_check
    CHECK (payment_status IN ('unpaid', 'paid', 'refund_pending', 'refunded'));

ALTER TABLE bookings ADD COLUMN days BIGINT NOT NULL DEFAULT 1 CHECK (days BETWEEN 1 AND 30);
-- The last day of the trip (`selected_date` + `days` - 1).
ALTER TABLE bookings ADD COLUMN end_date TEXT;
UPDATE bookings SET end_date = selected_date;
ALTER TABLE bookings ALTER COLUMN end_date SET NOT NULL;
ALTER TABLE bookings ADD COLUMN message TEXT NOT NULL DEFAULT '';
ALTER TABLE bookings ADD COLUMN approved_at BIGINT;
-- When a pending or approved-unpaid booking expires unless something happens first.
ALTER TABLE bookings ADD COLUMN expires_at BIGINT;
ALTER TABLE bookings ADD COLUMN cancelled_by TEXT CHECK (cancelled_by IN ('tourist', 'guide', 'admin', 'system'));
ALTER TABLE bookings ADD COLUMN cancellation_reason TEXT;
ALTER TABLE bookings ADD COLUMN cancelled_at BIGINT;
ALTER TABLE bookings ADD COLUMN refund_amount_cents BIGINT;
UPDATE bookings SET approved_at = updated_at WHERE booking_status = 'approved';
UPDATE bookings SET expires_at = created_at + 172800000 WHERE booking_status = 'pending';
UPDATE bookings SET expires_at = updated_at + 86400000 WHERE booking_status = 'approved' AND payment_status = 'unpaid';

-- What the sweep looks for: requests and unpaid approvals to expire, paid trips to complete.
CREATE INDEX bookings_expiry ON bookings(booking_status, expires_at);
CREATE INDEX bookings_completion ON bookings(booking_status, payment_status, end_date);

-- Every day of every approved (paid or not) or completed trip, one row per guide and day:
-- the primary key is what stops two trips of one guide from sharing any day, however
-- approvals race. Written in the approval's transaction, deleted when the trip is cancelled
-- or expires. (Replaces the one-approved-trip-per-day index of 0004.)
DROP INDEX bookings_one_approved_trip_per_day;
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
