//! Paying for approved bookings. A booking becomes paid only when the payment provider
//! confirms it server-side: Stripe's signed webhook (or a server-side lookup of the
//! session), Khalti's lookup, eSewa's signed answer checked against its status API, or, on a test server started with `YATRA_PAYMENTS_SANDBOX=true`, the built-in
//! sandbox checkout, which goes through the very same confirmation. With neither, card
//! payments fail closed: starting a checkout answers 503. Confirmation is idempotent: however often an
//! event is delivered, a booking is paid once and both sides are told once.

pub mod confirm;

pub mod manual_refunds;
pub mod methods;
pub mod refunds;
pub mod routes;

pub mod wallets;
