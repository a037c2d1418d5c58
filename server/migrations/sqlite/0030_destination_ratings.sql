-- A destination's rating and review count come from the reviews of trips there (bookings of
-- its tours), kept as a sum and a count like a guide's, not from numbers an admin types.
ALTER TABLE destinations ADD COLUMN rating_sum BIGINT NOT NULL DEFAULT 0;
UPDATE destinations SET
  rating_sum = COALESCE((
    SELECT SUM(r.score) FROM ratings r JOIN bookings b ON b.id = r.booking_id JOIN tours t ON t.id = b.tour_id
    WHERE t.destination_id = destinations.id AND r.hidden_at IS NULL), 0),
  review_count = (
    SELECT COUNT(*) FROM ratings r JOIN bookings b ON b.id = r.booking_id JOIN tours t ON t.id = b.tour_id
    WHERE t.destination_id = destinations.id AND r.hidden_at IS NULL);
UPDATE destinations SET rating = CASE WHEN review_count > 0 THEN rating_sum * 1.0 / review_count ELSE 0 END;
