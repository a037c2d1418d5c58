//! Paying for approved bookings. A booking becomes paid only when the payment provider
//! confirms it server-side: Stripe's signed webhook (or a server-side lookup of the
//! session), or, on a machine without Stripe keys, the built-in sandbox checkout, which
//! goes through the very same confirmation. Confirmation is idempotent: however often an
//! event is delivered, a booking is paid once and both sides are told once.

pub mod confirm;
pub mod routes;
pub mod stripe;
