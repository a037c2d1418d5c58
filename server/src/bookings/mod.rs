//! Bookings: a traveller asks a guide for a trip of one or more days, the guide approves
//! or rejects, an approved booking is paid (see `payments`), and then it is completed,
//! cancelled (with a refund when the rules give one) or, unanswered or unpaid, it expires.
//! Every state and transition lives in `lifecycle`; the sweep runs the timed ones. The
//! server prices every booking from the guide's current rate; the database refuses a
//! second pending request for the same first day and any day shared by two approved
//! trips of one guide, however requests race.

pub mod availability;
pub mod cancellation;
pub mod domain;
pub mod lifecycle;
pub mod notify;
pub mod priced;
pub mod routes;
pub mod taken_days;

pub mod view;
