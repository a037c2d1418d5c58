-- Bookings and payments: the rules the database itself keeps, so no race can break
-- them. Mirrors postgres/0004_bookings.sql.

-- A traveller asks a guide for a given day once at a time: double clicks, retries and
-- concurrent identical requests make one pending booking.
CREATE UNIQUE INDEX bookings_one_pending_request ON bookings(tourist_id, guide_id, selected_date)
    WHERE booking_status = 'pending';
-- A guide takes one approved trip per day.
CREATE UNIQUE INDEX bookings_one_approved_trip_per_day ON bookings(guide_id, selected_date)
    WHERE booking_status = 'approved';

-- Where the payer is sent to pay (the provider's page or the built-in sandbox), so an
-- open checkout is reused instead of a second one being started.
ALTER TABLE payments ADD COLUMN checkout_url TEXT NOT NULL DEFAULT '';

CREATE INDEX notifications_unread ON notifications(user_id, is_read);
