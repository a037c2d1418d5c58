-- Saved lists (issue 16): the guides and destinations a signed-in account keeps, newest
-- first. Gone with the account, the destination or the guide's account.
CREATE TABLE favourite_guides (
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    guide_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, guide_id)
);
CREATE INDEX favourite_guides_guide ON favourite_guides(guide_id);

CREATE TABLE favourite_destinations (
    user_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    destination_id TEXT NOT NULL REFERENCES destinations(id) ON DELETE CASCADE,
    created_at     BIGINT NOT NULL,
    PRIMARY KEY (user_id, destination_id)
);
CREATE INDEX favourite_destinations_destination ON favourite_destinations(destination_id);
