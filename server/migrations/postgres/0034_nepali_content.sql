-- Issue 26: content in Nepali beside the English, and each destination's own highlights.
-- Highlights are JSON lists of texts (checked by `destinations::domain::Highlights`); NULL
-- where an admin has given none, and the pages show the spec's four. A Nepali text is NULL
-- where there is none, and readers see the English.
ALTER TABLE destinations ADD COLUMN highlights TEXT;
ALTER TABLE destinations ADD COLUMN highlights_ne TEXT;
ALTER TABLE destinations ADD COLUMN name_ne TEXT;
ALTER TABLE destinations ADD COLUMN location_ne TEXT;
ALTER TABLE destinations ADD COLUMN description_ne TEXT;
ALTER TABLE blogs ADD COLUMN title_ne TEXT;
ALTER TABLE blogs ADD COLUMN description_ne TEXT;
ALTER TABLE guide_details ADD COLUMN bio_ne TEXT;
