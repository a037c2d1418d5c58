//! The caller's address, for rate limits and the audit log.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use super::state::AppState;

/// The caller's address: the socket peer, or, when the operator said a trusted proxy sits
/// in front, the right-most `X-Forwarded-For` entry: the one that proxy appended. Entries
/// to its left were written by the client and prove nothing.
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if state.config.server.trust_proxy
            && let Some(ip) = forwarded_by_our_proxy(&parts.headers)
        {
            return Ok(ClientIp(ip.to_string()));
        }
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip().to_string());
        Ok(ClientIp(peer.unwrap_or_else(|| "unknown".into())))
    }
}

/// The last address of the last `X-Forwarded-For` header (a proxy appends to the last
/// one, or adds its own line); none when it is not an address.
fn forwarded_by_our_proxy(headers: &axum::http::HeaderMap) -> Option<std::net::IpAddr> {
    let last_header = headers.get_all("x-forwarded-for").iter().next_back()?.to_str().ok()?;
    last_header.rsplit(',').next()?.trim().parse().ok()
}
