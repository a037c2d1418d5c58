-- The widths of a public image's WebP copies (`public/<id>-<width>w.webp`), comma
-- separated, smallest first; NULL until they are made (`yatra media backfill`).
ALTER TABLE media ADD COLUMN webp_widths TEXT;
