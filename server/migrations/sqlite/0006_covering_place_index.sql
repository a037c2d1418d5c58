-- Searches near a point read the place index alone: it carries the rating and id that
-- order and identify a page, so thousands of candidates need no table lookups.
DROP INDEX guide_search_place;
CREATE INDEX guide_search_place ON guide_search(latitude, longitude, rating_rank, guide_id);
