//! WebP copies for public images stored before copies were made (`yatra media backfill`).
//! Safe to run again, or while servers run: the copies are written before the row names
//! them, and removed again when the row was deleted meanwhile (its delete could not
//! know of them).

use super::processing;
use super::upload::{webp_key, webp_widths_text};
use crate::catalogue_changes::{self, Kind};
use crate::db::Db;
use crate::error::AppResult;
use crate::media_store::MediaStore;

/// How many images got copies, and how many could not be read (left as they were).
#[derive(Debug, Default)]
pub struct Backfilled {
    pub images: usize,
    pub skipped: usize,
}

pub async fn webp_copies(db: &Db, store: &MediaStore) -> anyhow::Result<Backfilled> {
    let pending: Vec<(String, String)> = sqlx::query_as(
        "SELECT id, storage_key FROM media WHERE is_public AND webp_widths IS NULL ORDER BY id",
    )
    .fetch_all(&db.pool)
    .await?;
    let mut done = Backfilled::default();
    for (id, key) in pending {
        let Some(bytes) = store.get(&key).await? else {
            tracing::warn!(media = %id, key, "image file missing; no WebP copies made");
            done.skipped += 1;
            continue;
        };
        // Stored images were re-encoded by us, so they decode; anything else is skipped.
        let copies = tokio::task::spawn_blocking(move || {
            let picture = image::load_from_memory(&bytes).map_err(|e| anyhow::anyhow!("{e}"))?;
            processing::webp_copies(&picture).map_err(anyhow::Error::from)
        })
        .await?;
        let copies = match copies {
            Ok(copies) => copies,
            Err(e) => {
                tracing::warn!(media = %id, error = %e, "image unreadable; no WebP copies made");
                done.skipped += 1;
                continue;
            }
        };
        let widths = webp_widths_text(copies.iter().map(|(width, _)| *width));
        let keys: Vec<String> = copies.iter().map(|(width, _)| webp_key(&key, *width)).collect();
        for ((_, bytes), copy_key) in copies.into_iter().zip(&keys) {
            store.put(copy_key, bytes).await?;
        }
        let mut tx = db.begin_write().await?;
        let marked =
            sqlx::query("UPDATE media SET webp_widths = $1 WHERE id = $2 AND webp_widths IS NULL")
                .bind(&widths)
                .bind(&id)
                .execute(&mut *tx)
                .await?;
        if marked.rows_affected() == 1 {
            shown_on_cards(&mut tx, &id).await?;
        }
        tx.commit().await?;
        if marked.rows_affected() == 1 {
            done.images += 1;
        } else {
            // Done by another run (same files), or deleted meanwhile: then nobody's.
            let exists: Option<(String,)> = sqlx::query_as("SELECT id FROM media WHERE id = $1")
                .bind(&id)
                .fetch_optional(&db.pool)
                .await?;
            if exists.is_none() {
                for copy_key in &keys {
                    store.delete(copy_key).await?;
                }
            }
        }
    }
    Ok(done)
}

/// Records the guides and tours whose cards show the image: the catalogue kept in memory
/// shows its new copies too.
async fn shown_on_cards(conn: &mut sqlx::AnyConnection, media_id: &str) -> AppResult<()> {
    let guides: Vec<(String,)> = sqlx::query_as(
        "SELECT user_id FROM guide_details WHERE profile_picture_id = $1 OR cover_image_id = $1",
    )
    .bind(media_id)
    .fetch_all(&mut *conn)
    .await?;
    let tours: Vec<(String,)> =
        sqlx::query_as("SELECT tour_id FROM tour_photos WHERE media_id = $1 AND position = 0")
            .bind(media_id)
            .fetch_all(&mut *conn)
            .await?;
    for (kind, ids) in [(Kind::Guide, guides), (Kind::Tour, tours)] {
        let ids: Vec<&str> = ids.iter().map(|(id,)| id.as_str()).collect();
        if !ids.is_empty() {
            catalogue_changes::record(conn, kind, &ids).await?;
        }
    }
    Ok(())
}
