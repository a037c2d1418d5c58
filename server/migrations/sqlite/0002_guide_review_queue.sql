-- When a guide last submitted certificates: the admins' review queue is oldest first.
ALTER TABLE guide_details ADD COLUMN submitted_at BIGINT;
CREATE INDEX guide_details_review_queue ON guide_details(review_state, submitted_at);
