-- Paying guides: the ledger of money owed to guides and kept by the platform, and where
-- a guide wants to be paid. Mirrors postgres/0016_guide_ledger.sql.

-- One row per movement, never changed or removed (the triggers below): a confirmed
-- payment credits the guide's share ('earning') and the platform's ('commission'), a
-- carried-out refund reverses both ('earning_refund', 'commission_refund', negative), and
-- a payout an admin sent debits the guide ('payout', negative). Amounts are in cents of
-- the booking's price (US dollars). For every booking the entries sum to what was
-- captured minus what was refunded.
CREATE TABLE ledger_entries (
    id           TEXT PRIMARY KEY,
    guide_id     TEXT NOT NULL REFERENCES users(id),
    kind         TEXT NOT NULL CHECK (kind IN ('earning', 'commission', 'earning_refund', 'commission_refund', 'payout')),
    amount_cents BIGINT NOT NULL,
    booking_id   TEXT REFERENCES bookings(id),
    payment_id   TEXT REFERENCES payments(id),
    refund_id    TEXT REFERENCES refunds(id),
    -- A payout's: how it was sent ('bank' or 'khalti'), the bank's or wallet's reference,
    -- and the admin who recorded it.
    method       TEXT NOT NULL DEFAULT '',
    reference    TEXT NOT NULL DEFAULT '',
    recorded_by  TEXT,
    created_at   BIGINT NOT NULL
);
CREATE INDEX ledger_entries_guide ON ledger_entries(guide_id, created_at, id);
CREATE INDEX ledger_entries_booking ON ledger_entries(booking_id);
-- A payment is credited once and a refund reversed once, however often they are confirmed.
CREATE UNIQUE INDEX ledger_entries_one_credit ON ledger_entries(payment_id, kind) WHERE refund_id IS NULL AND payment_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_entries_one_reversal ON ledger_entries(refund_id, kind) WHERE refund_id IS NOT NULL;
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;

-- Where the guide is paid: a bank account (holder, bank, number) or a Khalti wallet
-- (holder and the wallet's mobile number in payout_account_number). Private to the guide
-- and admins.
ALTER TABLE guide_details ADD COLUMN payout_method TEXT NOT NULL DEFAULT '' CHECK (payout_method IN ('', 'bank', 'khalti'));
ALTER TABLE guide_details ADD COLUMN payout_account_name TEXT NOT NULL DEFAULT '';
ALTER TABLE guide_details ADD COLUMN payout_bank_name TEXT NOT NULL DEFAULT '';
ALTER TABLE guide_details ADD COLUMN payout_account_number TEXT NOT NULL DEFAULT '';

-- Payments confirmed and refunds carried out before the ledger existed, at the default
-- 15% commission (the same arithmetic as ledger.rs).
INSERT INTO ledger_entries (id, guide_id, kind, amount_cents, booking_id, payment_id, created_at)
SELECT 'backfill-earning-' || p.id, b.guide_id, 'earning', p.amount_cents - p.amount_cents * 15 / 100, b.id, p.id, COALESCE(p.paid_at, p.updated_at)
FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE p.status = 'paid';
INSERT INTO ledger_entries (id, guide_id, kind, amount_cents, booking_id, payment_id, created_at)
SELECT 'backfill-commission-' || p.id, b.guide_id, 'commission', p.amount_cents * 15 / 100, b.id, p.id, COALESCE(p.paid_at, p.updated_at)
FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE p.status = 'paid';
INSERT INTO ledger_entries (id, guide_id, kind, amount_cents, booking_id, payment_id, refund_id, created_at)
SELECT 'backfill-commission-refund-' || r.id, b.guide_id, 'commission_refund', -((p.amount_cents * 15 / 100) * r.amount_cents / p.amount_cents),
    b.id, p.id, r.id, r.updated_at
FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN bookings b ON b.id = r.booking_id
WHERE r.status = 'succeeded' AND p.status = 'paid' AND p.amount_cents > 0;
INSERT INTO ledger_entries (id, guide_id, kind, amount_cents, booking_id, payment_id, refund_id, created_at)
SELECT 'backfill-earning-refund-' || r.id, b.guide_id, 'earning_refund', -(r.amount_cents - (p.amount_cents * 15 / 100) * r.amount_cents / p.amount_cents),
    b.id, p.id, r.id, r.updated_at
FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN bookings b ON b.id = r.booking_id
WHERE r.status = 'succeeded' AND p.status = 'paid' AND p.amount_cents > 0;
