-- What a guide tells every traveller once a trip is paid (the confirmation email): where
-- they meet when the trip is not a tour with its own meeting point, and what to bring
-- (a JSON list of short texts).
ALTER TABLE guide_details ADD COLUMN meeting_place TEXT NOT NULL DEFAULT '';
ALTER TABLE guide_details ADD COLUMN what_to_bring TEXT NOT NULL DEFAULT '[]';
