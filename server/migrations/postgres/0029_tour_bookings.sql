-- A booking may be of a tour: its days, group limit and price came from the tour, and the
-- booking shows the tour's title and itinerary wherever it is shown.
ALTER TABLE bookings ADD COLUMN tour_id TEXT REFERENCES tours(id);
CREATE INDEX bookings_tour ON bookings(tour_id);
