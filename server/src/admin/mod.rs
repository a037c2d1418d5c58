//! Admins: the queue of guides waiting for verification, and the decision on each.

pub mod routes;
