-- Display currencies: how many units of each currency one US dollar buys, as travellers
-- see prices converted (prices stay stored and charged in dollars). Mirrors
-- postgres/0015_currency_rates.sql.
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
    ('USD', 1000000, CAST(strftime('%s', 'now') AS INTEGER) * 1000),
    ('NPR', 141500000, CAST(strftime('%s', 'now') AS INTEGER) * 1000),
    ('EUR', 860000, CAST(strftime('%s', 'now') AS INTEGER) * 1000),
    ('GBP', 760000, CAST(strftime('%s', 'now') AS INTEGER) * 1000),
    ('INR', 88500000, CAST(strftime('%s', 'now') AS INTEGER) * 1000),
    ('AUD', 1540000, CAST(strftime('%s', 'now') AS INTEGER) * 1000),
    ('CNY', 7100000, CAST(strftime('%s', 'now') AS INTEGER) * 1000),
    ('JPY', 155000000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
