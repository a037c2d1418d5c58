-- Reliability travellers can see (issue 28): when a guide answered each booking request,
-- and each guide's figures as the sweep last computed them from the stored events
-- (guides::reliability), with the "Trusted guide" badge beside the search row so lists can
-- filter and order by it. Mirrors sqlite/0039_reliability.sql.
ALTER TABLE bookings ADD COLUMN answered_at BIGINT;
-- Approved or declined before this column: the approval's time, or the last change of a
-- declined request (a declined request changes no more).
UPDATE bookings SET answered_at = approved_at
    WHERE approved_at IS NOT NULL AND departure_id IS NULL AND offer_id IS NULL;
UPDATE bookings SET answered_at = updated_at WHERE booking_status = 'rejected';
CREATE INDEX bookings_guide_requests ON bookings(guide_id, created_at);
CREATE INDEX bookings_guide_approved ON bookings(guide_id, approved_at);

CREATE TABLE guide_reliability (
    guide_id                TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    -- Booking requests and first messages of the last 90 days that were due an answer,
    -- those answered within 24 hours, and the median time to an answer.
    response_events         BIGINT NOT NULL,
    responded_in_day        BIGINT NOT NULL,
    median_response_minutes BIGINT,
    -- Trips approved in the last 365 days, and those the guide cancelled or missed.
    approved_trips          BIGINT NOT NULL,
    failed_trips            BIGINT NOT NULL,
    completed_trips         BIGINT NOT NULL,
    completed_this_year     BIGINT NOT NULL,
    trusted                 BIGINT NOT NULL DEFAULT 0 CHECK (trusted IN (0, 1)),
    -- The day in Nepal the figures were computed for: one computation a day, claimed by
    -- the conditional write of this row, whichever replica gets there first.
    computed_on             TEXT NOT NULL,
    computed_at             BIGINT NOT NULL
);
CREATE INDEX guide_reliability_due ON guide_reliability(computed_on);

ALTER TABLE guide_search ADD COLUMN trusted BIGINT NOT NULL DEFAULT 0;
CREATE INDEX guide_search_trusted ON guide_search(trusted DESC, rating_rank DESC, guide_id DESC);
