-- Trekking guide licences that expire (issue 15). A certificate may carry the licence's
-- number and its last valid day (YYYY-MM-DD); one with both is a licence.
ALTER TABLE certifications ADD COLUMN licence_number TEXT;
ALTER TABLE certifications ADD COLUMN expires_on TEXT;
-- The expiry of the licence an admin verified the guide with, copied at approval. NULL for
-- guides verified before licences were required: they stay listed (see README).
ALTER TABLE guide_details ADD COLUMN licence_expires_on TEXT;
-- The expiry the 30-day reminder was sent for: claimed and written in the reminder's own
-- transaction, so replicas remind once per licence, and a new licence is reminded again.
ALTER TABLE guide_details ADD COLUMN licence_reminded_for TEXT;
CREATE INDEX guide_details_licence_expiry ON guide_details(licence_expires_on);
