//! Travel blogs: any signed-in traveller or guide writes, illustrates, edits and deletes
//! their own posts; everyone reads, searches and sees how many people liked them. Text is
//! stored as written and only ever sent as JSON text, which the client renders as text.

pub mod domain;
pub mod routes;
pub mod view;
