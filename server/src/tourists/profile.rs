//! A traveller's profile as the API shows it, and the queries behind it.

use serde::Serialize;
use utoipa::ToSchema;

use crate::db::{Db, now_ms, to_rfc3339};
use crate::error::{AppError, AppResult};
use crate::media::upload::{private_url, public_url};
use crate::profile::{Bio, Location, Nationality, Tags};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tourist {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub tourist_details: TouristDetails,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TouristDetails {
    pub bio: String,
    pub nationality: String,
    pub preferred_languages: Vec<String>,
    pub interests: Vec<String>,
    #[schema(required = true)]
    pub location: Option<Location>,
    /// Private URL: fetch it with the bearer token.
    #[schema(required = true)]
    pub id_card_image: Option<String>,
    /// Public URL, usable in `<img src>`.
    #[schema(required = true)]
    pub profile_picture: Option<String>,
    /// A smaller copy (at most 480 px) for cards and avatars.
    #[schema(required = true)]
    pub profile_picture_thumb: Option<String>,
    #[schema(required = true)]
    pub cover_image: Option<String>,
    /// When the account was created (RFC 3339).
    pub created_at: String,
}

#[derive(sqlx::FromRow)]
struct TouristRow {
    id: String,
    first_name: String,
    last_name: String,
    email: String,
    created_at: i64,
    bio: Option<String>,
    nationality: Option<String>,
    preferred_languages: Option<String>,
    interests: Option<String>,
    longitude: Option<f64>,
    latitude: Option<f64>,
    id_card_image_id: Option<String>,
    picture_key: Option<String>,
    picture_thumb_key: Option<String>,
    cover_key: Option<String>,
}

/// The traveller's profile (empty details until the form is filled).
pub async fn get(db: &Db, tourist_id: &str) -> AppResult<Tourist> {
    let row: Option<TouristRow> = sqlx::query_as(
        "SELECT u.id, u.first_name, u.last_name, u.email, u.created_at, \
           t.bio, t.nationality, t.preferred_languages, t.interests, t.longitude, t.latitude, t.id_card_image_id, \
           pp.storage_key AS picture_key, pp.thumb_key AS picture_thumb_key, cv.storage_key AS cover_key \
         FROM users u \
         LEFT JOIN tourist_details t ON t.user_id = u.id \
         LEFT JOIN media pp ON pp.id = t.profile_picture_id \
         LEFT JOIN media cv ON cv.id = t.cover_image_id \
         WHERE u.id = $1 AND u.role = 'tourist'",
    )
    .bind(tourist_id)
    .fetch_optional(&db.pool)
    .await?;
    let row = row.ok_or_else(|| AppError::NotFound("Traveller not found".into()))?;
    Ok(Tourist {
        id: row.id,
        first_name: row.first_name,
        last_name: row.last_name,
        email: row.email,
        tourist_details: TouristDetails {
            bio: row.bio.unwrap_or_default(),
            nationality: row.nationality.unwrap_or_default(),
            preferred_languages: row
                .preferred_languages
                .as_deref()
                .map(Tags::from_json)
                .unwrap_or_default(),
            interests: row.interests.as_deref().map(Tags::from_json).unwrap_or_default(),
            location: Location::from_columns(row.longitude, row.latitude),
            id_card_image: row.id_card_image_id.as_deref().map(private_url),
            profile_picture: row.picture_key.as_deref().map(public_url),
            profile_picture_thumb: row.picture_thumb_key.as_deref().map(public_url),
            cover_image: row.cover_key.as_deref().map(public_url),
            created_at: to_rfc3339(row.created_at),
        },
    })
}

/// A change to the stored profile; each form or field endpoint makes one.
pub enum Change {
    Profile { bio: Bio, nationality: Nationality, preferred_languages: Tags, interests: Tags },
    Bio(Bio),
    Nationality(Nationality),
    Location(Location),
    Interests(Tags),
}

pub async fn apply(db: &Db, tourist_id: &str, change: Change) -> AppResult<()> {
    let now = now_ms();
    sqlx::query("INSERT INTO tourist_details (user_id, created_at, updated_at) VALUES ($1, $2, $2) ON CONFLICT (user_id) DO NOTHING")
        .bind(tourist_id)
        .bind(now)
        .execute(&db.pool)
        .await?;
    let query = match &change {
        Change::Profile { bio, nationality, preferred_languages, interests } => sqlx::query(
            "UPDATE tourist_details SET bio = $1, nationality = $2, preferred_languages = $3, interests = $4, \
             updated_at = $5 WHERE user_id = $6",
        )
        .bind(bio.as_str().to_owned())
        .bind(nationality.as_str().to_owned())
        .bind(preferred_languages.to_json())
        .bind(interests.to_json()),
        Change::Bio(bio) => {
            sqlx::query("UPDATE tourist_details SET bio = $1, updated_at = $2 WHERE user_id = $3").bind(bio.as_str().to_owned())
        }
        Change::Nationality(nationality) => sqlx::query("UPDATE tourist_details SET nationality = $1, updated_at = $2 WHERE user_id = $3")
            .bind(nationality.as_str().to_owned()),
        // "No position" (0,0) only fills a gap: it never replaces a stored place.
        Change::Location(location) if location.is_no_position() => sqlx::query(
            "UPDATE tourist_details SET longitude = COALESCE(longitude, $1), latitude = COALESCE(latitude, $2), \
             updated_at = $3 WHERE user_id = $4",
        )
        .bind(location.longitude)
        .bind(location.latitude),
        Change::Location(location) => {
            sqlx::query("UPDATE tourist_details SET longitude = $1, latitude = $2, updated_at = $3 WHERE user_id = $4")
                .bind(location.longitude)
                .bind(location.latitude)
        }
        Change::Interests(interests) => {
            sqlx::query("UPDATE tourist_details SET interests = $1, updated_at = $2 WHERE user_id = $3").bind(interests.to_json())
        }
    };
    query.bind(now).bind(tourist_id).execute(&db.pool).await?;
    Ok(())
}

/// Every field the traveller form requires (spec section 5) is filled, and a photo.
pub async fn is_complete(db: &Db, tourist_id: &str) -> AppResult<bool> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM tourist_details WHERE user_id = $1 AND bio <> '' AND nationality <> '' \
         AND interests <> '[]' AND profile_picture_id IS NOT NULL",
    )
    .bind(tourist_id)
    .fetch_one(&db.pool)
    .await?;
    Ok(count > 0)
}
