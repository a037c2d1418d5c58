//! The pages a browser loads: the built client (`client`, as `app.rs` mounts it), served
//! from memory with its compressed variants and ETags (`static_files`); the pages travellers
//! land on, with their module preloads and drawn first paint (`landing`); a shared page's
//! head (`sharing`); and the first paint drawn on the server (`first_paint`).

pub mod client;
pub mod first_paint;
mod landing;
pub mod sharing;
mod static_files;
