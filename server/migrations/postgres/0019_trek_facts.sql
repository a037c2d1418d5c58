-- A destination's trek facts (issue 15): duration, highest point, best months, difficulty,
-- whether a licensed guide is required, and the permits it needs. JSON text written only
-- by `destinations::trek::TrekFacts` (parsed and checked there); NULL when an admin has
-- given none, so the pages fall back to the spec's fixed labels. The facts are read and
-- written whole and never filtered on, so one column keeps them together on both databases.
ALTER TABLE destinations ADD COLUMN trek TEXT;
