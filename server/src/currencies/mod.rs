//! Display currencies: the rates, per US dollar, at which travellers see prices converted.
//! Prices stay stored, edited and charged in dollars; these rates only change what a
//! traveller reads. Admins edit them; every change is in the audit log.

pub mod rates;
pub mod routes;
