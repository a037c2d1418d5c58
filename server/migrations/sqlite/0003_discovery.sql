-- Discovery: what the public lists, searches and pages read. Mirrors postgres/0003_discovery.sql.
--
-- guide_search holds one row per VERIFIED guide only (an unverified guide has no row, so
-- no public list or search can show one), with its text normalised by the server
-- (lower case, accents folded) and its rating as a sortable integer (average x 10000).
-- The server rewrites a guide's row whenever anything it is built from changes.
CREATE TABLE guide_search (
    id          INTEGER PRIMARY KEY,
    guide_id    TEXT NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    bio         TEXT NOT NULL,
    languages   TEXT NOT NULL,
    interests   TEXT NOT NULL,
    address     TEXT NOT NULL,
    longitude   REAL,
    latitude    REAL,
    rating_rank BIGINT NOT NULL
);
CREATE INDEX guide_search_order ON guide_search(rating_rank DESC, guide_id DESC);
CREATE INDEX guide_search_place ON guide_search(latitude, longitude);

-- Full-text index over guide_search, kept in step by the triggers below.
CREATE VIRTUAL TABLE guide_search_fts USING fts5(
    name, bio, languages, interests, address,
    content = 'guide_search', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER guide_search_ai AFTER INSERT ON guide_search BEGIN
    INSERT INTO guide_search_fts(rowid, name, bio, languages, interests, address)
    VALUES (new.id, new.name, new.bio, new.languages, new.interests, new.address);
END;
CREATE TRIGGER guide_search_ad AFTER DELETE ON guide_search BEGIN
    INSERT INTO guide_search_fts(guide_search_fts, rowid, name, bio, languages, interests, address)
    VALUES ('delete', old.id, old.name, old.bio, old.languages, old.interests, old.address);
END;
CREATE TRIGGER guide_search_au AFTER UPDATE ON guide_search BEGIN
    INSERT INTO guide_search_fts(guide_search_fts, rowid, name, bio, languages, interests, address)
    VALUES ('delete', old.id, old.name, old.bio, old.languages, old.interests, old.address);
    INSERT INTO guide_search_fts(rowid, name, bio, languages, interests, address)
    VALUES (new.id, new.name, new.bio, new.languages, new.interests, new.address);
END;

-- The list categories each verified guide appears under, with the rating copied so one
-- category's page is one index range.
CREATE TABLE guide_categories (
    category    TEXT NOT NULL,
    guide_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    rating_rank BIGINT NOT NULL,
    PRIMARY KEY (category, guide_id)
);
CREATE INDEX guide_categories_order ON guide_categories(category, rating_rank DESC, guide_id DESC);
CREATE INDEX guide_categories_guide ON guide_categories(guide_id);

-- Destinations: normalised text for search, one destination per name.
ALTER TABLE destinations ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX destinations_name ON destinations(lower(name));
CREATE INDEX destinations_order ON destinations(popular DESC, rating DESC, id);

-- A traveller's reviews, for the eligibility check.
CREATE INDEX ratings_tourist ON ratings(tourist_id, guide_id);
CREATE INDEX bookings_tourist_guide ON bookings(tourist_id, guide_id, payment_status);
