-- The whole product's schema. Ids are text (UUIDv7), timestamps are epoch milliseconds
-- (UTC), money is integer cents, lists are JSON text. Mirrors sqlite/0001_schema.sql.

CREATE TABLE users (
    id              TEXT PRIMARY KEY,
    first_name      TEXT NOT NULL,
    last_name       TEXT NOT NULL,
    email           TEXT NOT NULL,
    email_lower     TEXT NOT NULL UNIQUE,
    password_hash   TEXT NOT NULL,
    role            TEXT NOT NULL CHECK (role IN ('tourist', 'guide', 'admin')),
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);

CREATE TABLE media (
    id              TEXT PRIMARY KEY,
    owner_id        TEXT REFERENCES users(id) ON DELETE SET NULL,
    kind            TEXT NOT NULL,
    is_public       BOOLEAN NOT NULL,
    content_type    TEXT NOT NULL,
    storage_key     TEXT NOT NULL UNIQUE,
    thumb_key       TEXT,
    width           BIGINT NOT NULL,
    height          BIGINT NOT NULL,
    byte_size       BIGINT NOT NULL,
    created_at      BIGINT NOT NULL
);
CREATE INDEX media_owner ON media(owner_id);

CREATE TABLE guide_details (
    user_id             TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    bio                 TEXT NOT NULL DEFAULT '',
    nationality         TEXT NOT NULL DEFAULT '',
    price_per_day_cents BIGINT,
    expertise_languages TEXT NOT NULL DEFAULT '[]',
    interests           TEXT NOT NULL DEFAULT '[]',
    phone               TEXT NOT NULL DEFAULT '',
    address             TEXT NOT NULL DEFAULT '',
    contact_email       TEXT NOT NULL DEFAULT '',
    longitude           DOUBLE PRECISION,
    latitude            DOUBLE PRECISION,
    profile_picture_id  TEXT REFERENCES media(id) ON DELETE SET NULL,
    cover_image_id      TEXT REFERENCES media(id) ON DELETE SET NULL,
    status              TEXT NOT NULL DEFAULT 'unverified' CHECK (status IN ('unverified', 'verified')),
    review_state        TEXT NOT NULL DEFAULT 'none' CHECK (review_state IN ('none', 'submitted', 'rejected', 'approved')),
    review_note         TEXT NOT NULL DEFAULT '',
    years_of_experience BIGINT,
    rating_sum          BIGINT NOT NULL DEFAULT 0,
    review_count        BIGINT NOT NULL DEFAULT 0,
    created_at          BIGINT NOT NULL,
    updated_at          BIGINT NOT NULL
);
CREATE INDEX guide_details_status ON guide_details(status);

CREATE TABLE tourist_details (
    user_id             TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    bio                 TEXT NOT NULL DEFAULT '',
    nationality         TEXT NOT NULL DEFAULT '',
    preferred_languages TEXT NOT NULL DEFAULT '[]',
    interests           TEXT NOT NULL DEFAULT '[]',
    longitude           DOUBLE PRECISION,
    latitude            DOUBLE PRECISION,
    id_card_image_id    TEXT REFERENCES media(id) ON DELETE SET NULL,
    profile_picture_id  TEXT REFERENCES media(id) ON DELETE SET NULL,
    cover_image_id      TEXT REFERENCES media(id) ON DELETE SET NULL,
    created_at          BIGINT NOT NULL,
    updated_at          BIGINT NOT NULL
);

CREATE TABLE certifications (
    id                   TEXT PRIMARY KEY,
    guide_id             TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name                 TEXT NOT NULL,
    issuing_organization TEXT NOT NULL,
    issue_date           TEXT NOT NULL,
    image_id             TEXT REFERENCES media(id) ON DELETE SET NULL,
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL
);
CREATE INDEX certifications_guide ON certifications(guide_id);

CREATE TABLE destinations (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    location     TEXT NOT NULL,
    description  TEXT NOT NULL,
    image_id     TEXT REFERENCES media(id) ON DELETE SET NULL,
    rating       DOUBLE PRECISION NOT NULL DEFAULT 0,
    review_count BIGINT NOT NULL DEFAULT 0,
    popular      BOOLEAN NOT NULL DEFAULT FALSE,
    longitude    DOUBLE PRECISION,
    latitude     DOUBLE PRECISION,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);

CREATE TABLE bookings (
    id                     TEXT PRIMARY KEY,
    tourist_id             TEXT NOT NULL REFERENCES users(id),
    guide_id               TEXT NOT NULL REFERENCES users(id),
    selected_date          TEXT NOT NULL,
    selected_time          TEXT NOT NULL,
    group_size             BIGINT NOT NULL CHECK (group_size BETWEEN 1 AND 20),
    price_per_person_cents BIGINT NOT NULL,
    total_amount_cents     BIGINT NOT NULL,
    booking_status         TEXT NOT NULL DEFAULT 'pending' CHECK (booking_status IN ('pending', 'approved', 'rejected')),
    payment_status         TEXT NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'paid')),
    idempotency_key        TEXT,
    created_at             BIGINT NOT NULL,
    updated_at             BIGINT NOT NULL,
    UNIQUE (tourist_id, idempotency_key)
);
CREATE INDEX bookings_guide ON bookings(guide_id, booking_status);
CREATE INDEX bookings_tourist ON bookings(tourist_id);

CREATE TABLE payments (
    id                  TEXT PRIMARY KEY,
    booking_id          TEXT NOT NULL REFERENCES bookings(id),
    provider            TEXT NOT NULL,
    provider_session_id TEXT NOT NULL UNIQUE,
    amount_cents        BIGINT NOT NULL,
    currency            TEXT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'cancelled')),
    paid_at             BIGINT,
    created_at          BIGINT NOT NULL,
    updated_at          BIGINT NOT NULL
);
CREATE INDEX payments_booking ON payments(booking_id);
CREATE UNIQUE INDEX payments_one_paid_per_booking ON payments(booking_id) WHERE status = 'paid';

CREATE TABLE ratings (
    id          TEXT PRIMARY KEY,
    guide_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    tourist_id  TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    booking_id  TEXT UNIQUE REFERENCES bookings(id),
    score       BIGINT NOT NULL CHECK (score BETWEEN 1 AND 5),
    comment     TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX ratings_guide ON ratings(guide_id, created_at);

CREATE TABLE notifications (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    booking_id      TEXT REFERENCES bookings(id),
    kind            TEXT NOT NULL,
    guide_message   TEXT NOT NULL DEFAULT '',
    tourist_message TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL DEFAULT '',
    payment_status  TEXT NOT NULL DEFAULT '',
    is_read         BOOLEAN NOT NULL DEFAULT FALSE,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
CREATE INDEX notifications_user ON notifications(user_id, created_at);

CREATE TABLE blogs (
    id          TEXT PRIMARY KEY,
    author_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    title       TEXT NOT NULL,
    description TEXT NOT NULL,
    role        TEXT NOT NULL DEFAULT '',
    image_id    TEXT REFERENCES media(id) ON DELETE SET NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX blogs_created ON blogs(created_at, id);
CREATE INDEX blogs_author ON blogs(author_id);

CREATE TABLE blog_likes (
    blog_id    TEXT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (blog_id, user_id)
);

CREATE TABLE refresh_tokens (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    family_id   TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT,
    revoked_at  BIGINT,
    created_at  BIGINT NOT NULL
);
CREATE INDEX refresh_tokens_family ON refresh_tokens(family_id);

CREATE TABLE login_failures (
    id          TEXT PRIMARY KEY,
    email_lower TEXT NOT NULL,
    ip          TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX login_failures_email ON login_failures(email_lower, created_at);
CREATE INDEX login_failures_ip ON login_failures(ip, created_at);
