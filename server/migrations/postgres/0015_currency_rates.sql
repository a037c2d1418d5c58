-- Display currencies: how many units of each currency one US dollar buys, as travellers
-- see prices converted (prices stay stored and charged in dollars). Mirrors
-- sqlite/0015_currency_rates.sql.
--
-- The seeded rates are approximate starting values (November 2026), not live rates:
-- admins edit them at /admin (Currencies tab); every edit is in the audit log.
CREATE TABLE currency_rates (
    code        TEXT PRIMARY KEY,
    -- Millionths of a unit per dollar (BIGINT: the Any driver has no decimal type).
    per_usd_micros BIGINT NOT NULL CHECK (per_usd_micros > 0),
    updated_at  BIGINT NOT NULL
);
INSERT INTO currency_rates (code, per_usd_micros, updated_at) VALUES
    ('USD', 1000000, CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT)),
    ('NPR', 141500000, CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT)),
    ('EUR', 860000, CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT)),
    ('GBP', 760000, CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT)),
    ('INR', 88500000, CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT)),
    ('AUD', 1540000, CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT)),
    ('CNY', 7100000, CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT)),
    ('JPY', 155000000, CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT));
