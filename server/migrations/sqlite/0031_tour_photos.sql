-- A tour's photos, in the order its guide chose: position 0 is the cover (cards, the top
-- of the tour page, the share picture). Positions stay dense, 0 to n - 1. A photo goes
-- with its tour; its media row and files are deleted by the code that removes it.
CREATE TABLE tour_photos (
    media_id   TEXT PRIMARY KEY REFERENCES media(id) ON DELETE CASCADE,
    tour_id    TEXT NOT NULL REFERENCES tours(id) ON DELETE CASCADE,
    position   BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX tour_photos_tour ON tour_photos(tour_id, position);
