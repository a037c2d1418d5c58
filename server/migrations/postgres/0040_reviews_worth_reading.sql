-- Reviews worth reading: four optional sub-ratings (1 to 5; NULL when not given), up to
-- five photos, one reply from the reviewed guide, and the one reminder a traveller gets to
-- review a trip. Mirrors the other backend's 0040_reviews_worth_reading.sql.
ALTER TABLE ratings ADD COLUMN knowledge_score BIGINT CHECK (knowledge_score BETWEEN 1 AND 5);
ALTER TABLE ratings ADD COLUMN safety_score BIGINT CHECK (safety_score BETWEEN 1 AND 5);
ALTER TABLE ratings ADD COLUMN communication_score BIGINT CHECK (communication_score BETWEEN 1 AND 5);
ALTER TABLE ratings ADD COLUMN value_score BIGINT CHECK (value_score BETWEEN 1 AND 5);

-- A review's photos in the order the traveller gave them (position 0 first). A photo
-- belongs to one review; its media row and files are deleted by the code that removes it.
CREATE TABLE review_photos (
    media_id   TEXT PRIMARY KEY REFERENCES media(id) ON DELETE CASCADE,
    rating_id  TEXT NOT NULL REFERENCES ratings(id) ON DELETE CASCADE,
    position   BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX review_photos_rating ON review_photos(rating_id, position);

-- The reviewed guide's one public reply to a review.
CREATE TABLE review_replies (
    rating_id  TEXT PRIMARY KEY REFERENCES ratings(id) ON DELETE CASCADE,
    guide_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    body       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- When the traveller was emailed to review the trip (once, two days after its last day).
ALTER TABLE bookings ADD COLUMN review_reminded_at BIGINT;
