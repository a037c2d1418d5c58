-- Khalti and eSewa wallets (issue 13). A wallet charges in rupees: the payment keeps what
-- it asked for in the charged currency's minor units (cents or paisa) next to the dollar
-- amount the booking is priced in, the rate used, and, once confirmed, what the provider
-- says it captured. `amount_cents` stays the booking's price in US cents.
ALTER TABLE payments ADD COLUMN method TEXT NOT NULL DEFAULT 'card';
ALTER TABLE payments ADD COLUMN amount_minor BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN npr_per_usd DOUBLE PRECISION;
ALTER TABLE payments ADD COLUMN captured_minor BIGINT;
UPDATE payments SET amount_minor = amount_cents;
UPDATE payments SET captured_minor = amount_cents WHERE status = 'paid';
