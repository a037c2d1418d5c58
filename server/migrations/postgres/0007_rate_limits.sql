-- Counters for every rate limit (failed sign-ins, sign-ups, booking requests, posts,
-- reviews, uploads): one row per (scope, key, fixed window), incremented by a single
-- conditional upsert so concurrent requests on any replica cannot overshoot. A row is
-- useless once it is neither the current nor the previous window (`expires_at`).
CREATE TABLE rate_limit_hits (
    scope        TEXT NOT NULL,
    key          TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    hits         BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    PRIMARY KEY (scope, key, window_start)
);
CREATE INDEX rate_limit_hits_expiry ON rate_limit_hits(expires_at);

-- Failed sign-ins are counted in rate_limit_hits now.
DROP TABLE login_failures;

-- Spent and expired refresh tokens are pruned by expiry.
CREATE INDEX refresh_tokens_expiry ON refresh_tokens(expires_at);
