//! The pages a browser loads: the built client's files (`client`), a shared page's head
//! (`sharing`) and the first paint drawn on the server (`first_paint`).

pub mod client;
pub mod first_paint;
pub mod sharing;
