//! The HTTP kernel: what every feature's handlers stand on. The state, the caller's
//! address, the signed-in user and the role extractors (`Admin`, `Guide`, `Tourist`), the
//! replies many endpoints share, and the middleware that guards every request (the upload
//! admission, rate limits, deadlines, the catalogue cache and metrics live beside it as
//! `crate::http::rate_limit`, `crate::deadline`, `crate::catalogue` and `crate::monitoring`).
//!
//! It imports only the core (`config`, `db`, `error`, `i18n`, `hub`, `media_store`,
//! `providers`, ...), never a feature: `server/tests/layers.rs` checks that.

pub mod admission;
pub mod client_ip;
pub mod rate_limit;
pub mod reply;
pub mod role;
pub mod session;
pub mod state;
pub mod suspension;
pub mod tokens;

pub use client_ip::ClientIp;
pub use reply::{MessageResponse, success};
pub use role::Role;
pub use session::{Admin, Guide, MaybeSession, Session, Tourist};
pub use state::AppState;
