//! Uploaded images: checked by their bytes, re-encoded without metadata, kept in the
//! media store (a local folder or an S3-compatible bucket), served publicly with long
//! cache headers or privately to their owner and admins.

pub mod backfill;
pub mod forms;
pub mod processing;
pub mod routes;

pub mod upload;

pub use upload::{MediaKind, Slot};
