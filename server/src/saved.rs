//! Saved lists (issue 16): the guides and destinations a signed-in account keeps, so they
//! follow the account from browser to browser. Any role may save. Saving and removing are
//! idempotent, and both answer with the whole saved list, so the client replaces what it
//! shows in one step. A saved guide who is no longer public (unverified, suspended) is
//! left out of the list until they are public again.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::db::{Db, now_ms};
use crate::destinations::store::{self as destinations, Destination};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};
use crate::guides::cards::{self, GuideCard};
use crate::http::AppState;
use crate::http::session::Session;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(saved))
        .routes(routes!(save_guide, remove_guide))
        .routes(routes!(save_destination, remove_destination))
}

/// The most guides (and, apart, destinations) one account keeps: the list is answered
/// whole, so it stays bounded.
pub const MAX_SAVED: i64 = 200;

#[derive(Serialize, ToSchema)]
pub struct SavedLists {
    /// Newest saved first, as the guide list shows them.
    guides: Vec<GuideCard>,
    /// Newest saved first, as the destination list shows them.
    destinations: Vec<Destination>,
}

#[derive(Serialize, ToSchema)]
pub struct SavedResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: SavedLists,
}

#[derive(Clone, Copy)]
enum Kind {
    Guide,
    Destination,
}

impl Kind {
    /// The table and the column naming what is saved (never from input).
    fn table(self) -> (&'static str, &'static str) {
        match self {
            Kind::Guide => ("favourite_guides", "guide_id"),
            Kind::Destination => ("favourite_destinations", "destination_id"),
        }
    }

    /// Whether anyone may see it now: a listed guide, an existing destination.
    async fn is_public(self, db: &Db, id: &str) -> AppResult<bool> {
        let sql = match self {
            Kind::Guide => "SELECT COUNT(*) FROM guide_search WHERE guide_id = $1",
            Kind::Destination => "SELECT COUNT(*) FROM destinations WHERE id = $1",
        };
        let (count,): (i64,) = sqlx::query_as(sql).bind(id).fetch_one(&db.pool).await?;
        Ok(count > 0)
    }

    fn not_found(self) -> AppError {
        match self {
            Kind::Guide => AppError::NotFound("Guide not found".into()),
            Kind::Destination => AppError::NotFound("Destination not found".into()),
        }
    }

    fn list_full(self) -> AppError {
        match self {
            Kind::Guide => AppError::Conflict(format!(
                "You can save up to {MAX_SAVED} guides. Remove one to save another."
            )),
            Kind::Destination => AppError::Conflict(format!(
                "You can save up to {MAX_SAVED} destinations. Remove one to save another."
            )),
        }
    }
}

async fn saved_ids(db: &Db, kind: Kind, user_id: &str) -> AppResult<Vec<String>> {
    let (table, column) = kind.table();
    let rows: Vec<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {column} FROM {table} WHERE user_id = $1 ORDER BY created_at DESC, {column} LIMIT $2"
    )))
    .bind(user_id)
    .bind(MAX_SAVED)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

async fn saved_lists(db: &Db, user_id: &str) -> AppResult<Json<SavedResponse>> {
    let guides = cards::cards_of(db, &saved_ids(db, Kind::Guide, user_id).await?).await?;
    let destinations =
        destinations::find_all(db, &saved_ids(db, Kind::Destination, user_id).await?).await?;
    Ok(Json(SavedResponse { status: "success", data: SavedLists { guides, destinations } }))
}

async fn save(
    state: &AppState,
    session: &Session,
    kind: Kind,
    id: &str,
) -> AppResult<Json<SavedResponse>> {
    // 401 for an account deleted since its token was issued (not a foreign-key failure).
    session.stored_role(&state.db).await?;
    if !kind.is_public(&state.db, id).await? {
        return Err(kind.not_found());
    }
    let (table, column) = kind.table();
    let (count, already): (i64, i64) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN {column} = $2 THEN 1 ELSE 0 END), 0) FROM {table} WHERE user_id = $1"
    )))
    .bind(&session.user_id)
    .bind(id)
    .fetch_one(&state.db.pool)
    .await?;
    if already == 0 && count >= MAX_SAVED {
        return Err(kind.list_full());
    }
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO {table} (user_id, {column}, created_at) VALUES ($1, $2, $3) ON CONFLICT (user_id, {column}) DO NOTHING"
    )))
    .bind(&session.user_id)
    .bind(id)
    .bind(now_ms())
    .execute(&state.db.pool)
    .await?;
    saved_lists(&state.db, &session.user_id).await
}

async fn remove(
    state: &AppState,
    session: &Session,
    kind: Kind,
    id: &str,
) -> AppResult<Json<SavedResponse>> {
    session.stored_role(&state.db).await?;
    let (table, column) = kind.table();
    let removed = sqlx::query(sqlx::AssertSqlSafe(format!(
        "DELETE FROM {table} WHERE user_id = $1 AND {column} = $2"
    )))
    .bind(&session.user_id)
    .bind(id)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    // A saved guide who has since left the list can still be removed; only what was
    // neither saved nor exists is unknown.
    if removed == 0 && !kind.is_public(&state.db, id).await? {
        return Err(kind.not_found());
    }
    saved_lists(&state.db, &session.user_id).await
}

/// The signed-in account's saved guides and destinations, as cards.
#[utoipa::path(get, path = "/favourites", tag = "favourites", security(("bearer" = [])),
    responses((status = 200, body = SavedResponse), (status = 401, body = ErrorBody)))]
async fn saved(State(state): State<AppState>, session: Session) -> AppResult<Json<SavedResponse>> {
    session.stored_role(&state.db).await?;
    saved_lists(&state.db, &session.user_id).await
}

/// Save a guide (saving one already saved changes nothing). Answers the whole saved list.
#[utoipa::path(put, path = "/favourites/guides/{id}", tag = "favourites", security(("bearer" = [])),
    params(("id" = String, Path, description = "The guide's `_id`")),
    responses(
        (status = 200, body = SavedResponse),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such listed guide"),
        (status = 409, body = ErrorBody, description = "The account already keeps the most saved guides"),
    ))]
async fn save_guide(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> AppResult<Json<SavedResponse>> {
    save(&state, &session, Kind::Guide, &id).await
}

/// Remove a guide from the saved list (removing one not saved changes nothing).
#[utoipa::path(delete, path = "/favourites/guides/{id}", tag = "favourites", security(("bearer" = [])),
    params(("id" = String, Path, description = "The guide's `_id`")),
    responses((status = 200, body = SavedResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "No such guide")))]
async fn remove_guide(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> AppResult<Json<SavedResponse>> {
    remove(&state, &session, Kind::Guide, &id).await
}

/// Save a destination (saving one already saved changes nothing). Answers the whole saved list.
#[utoipa::path(put, path = "/favourites/destinations/{id}", tag = "favourites", security(("bearer" = [])),
    params(("id" = String, Path, description = "The destination's `_id`")),
    responses(
        (status = 200, body = SavedResponse),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such destination"),
        (status = 409, body = ErrorBody, description = "The account already keeps the most saved destinations"),
    ))]
async fn save_destination(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> AppResult<Json<SavedResponse>> {
    save(&state, &session, Kind::Destination, &id).await
}

/// Remove a destination from the saved list (removing one not saved changes nothing).
#[utoipa::path(delete, path = "/favourites/destinations/{id}", tag = "favourites", security(("bearer" = [])),
    params(("id" = String, Path, description = "The destination's `_id`")),
    responses((status = 200, body = SavedResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "No such destination")))]
async fn remove_destination(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> AppResult<Json<SavedResponse>> {
    remove(&state, &session, Kind::Destination, &id).await
}
