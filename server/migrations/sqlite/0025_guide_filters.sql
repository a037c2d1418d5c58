-- Discovery filters and orders (issue 16): a guide's price and review count beside their
-- search row, so price ranges and the price and review orders read one table. Mirrors
-- postgres/0025_guide_filters.sql. The server keeps both in step (guides::index::refresh).
ALTER TABLE guide_search ADD COLUMN price_cents BIGINT;
ALTER TABLE guide_search ADD COLUMN review_count BIGINT NOT NULL DEFAULT 0;
UPDATE guide_search SET
    price_cents = (SELECT g.price_per_day_cents FROM guide_details g WHERE g.user_id = guide_search.guide_id),
    review_count = COALESCE((SELECT g.review_count FROM guide_details g WHERE g.user_id = guide_search.guide_id), 0);
CREATE INDEX guide_search_price ON guide_search(price_cents, rating_rank, guide_id);
CREATE INDEX guide_search_reviews ON guide_search(review_count DESC, rating_rank DESC, guide_id DESC);
