//! A guide's profile as the API shows it, and the queries behind it.

use anyhow::Context;
use serde::Serialize;
use utoipa::ToSchema;

use super::domain::GuideProfile;
use super::index;
use crate::db::{Db, now_ms, to_rfc3339};
use crate::error::{AppError, AppResult};
use crate::media::upload::{ImageVariants, image_variants, private_url, public_url};
use crate::profile::{Location, Tags};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Guide {
    #[serde(rename = "_id")]
    pub id: String,
    /// The same as `_id`.
    pub guide_id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// 0 when there are no reviews yet.
    pub average_rating: f64,
    pub review_count: i64,
    pub guide_details: GuideDetails,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuideDetails {
    pub bio: String,
    /// The bio in Nepali, for readers of Nepali; empty where the guide wrote none.
    pub bio_ne: String,
    pub nationality: String,
    /// Dollars per day; `null` until the profile is filled.
    #[schema(required = true)]
    pub price_per_day: Option<f64>,
    pub expertise_languages: Vec<String>,
    pub interests: Vec<String>,
    pub contact_info: ContactInfo,
    #[schema(required = true)]
    pub location: Option<Location>,
    pub certifications: Vec<Certification>,
    /// Public URL, usable in `<img src>`.
    #[schema(required = true)]
    pub profile_picture: Option<String>,
    /// A smaller copy (at most 480 px) for cards and avatars.
    #[schema(required = true)]
    pub profile_picture_thumb: Option<String>,
    /// WebP copies and size of the profile picture, for `<img srcset width height>`.
    #[schema(required = true)]
    pub profile_picture_variants: Option<ImageVariants>,
    #[schema(required = true)]
    pub cover_image: Option<String>,
    #[schema(required = true)]
    pub cover_image_variants: Option<ImageVariants>,
    pub status: GuideStatus,
    pub verification: Verification,
    /// When the account was created (RFC 3339).
    pub created_at: String,
    #[schema(required = true)]
    pub years_of_experience: Option<i64>,
    /// The last day of the licence an admin verified the guide with (`YYYY-MM-DD`; issue
    /// 15); `null` for guides verified before licences were required, or not verified.
    #[schema(required = true)]
    pub licence_valid_until: Option<String>,
    /// Where the guide meets travellers (empty: not said); told in the confirmation email.
    pub meeting_place: String,
    /// What travellers should bring; listed in the confirmation email.
    pub what_to_bring: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct ContactInfo {
    pub phone: String,
    pub address: String,
    /// The account's email.
    pub email: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Certification {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub issuing_organization: String,
    /// `YYYY-MM-DD`.
    pub issue_date: String,
    /// Private URL: fetch it with the bearer token.
    #[schema(required = true)]
    pub image: Option<String>,
    /// A guide licence's number; `null` for other certificates.
    #[schema(required = true)]
    pub licence_number: Option<String>,
    /// A guide licence's last valid day (`YYYY-MM-DD`); `null` for other certificates.
    #[schema(required = true)]
    pub expires_on: Option<String>,
}

/// Whether travellers can find the guide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum GuideStatus {
    Unverified,
    Verified,
}

#[derive(Serialize, ToSchema)]
pub struct Verification {
    pub state: VerificationState,
    /// The admin's reason when rejected, else empty.
    pub note: String,
}

/// Where the guide's certificates stand with the admins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum VerificationState {
    None,
    Submitted,
    Rejected,
    Approved,
}

#[derive(sqlx::FromRow)]
struct GuideRow {
    /// `CERTIFICATION_COLUMNS` of each, as a JSON array.
    certifications: String,
    id: String,
    first_name: String,
    last_name: String,
    email: String,
    created_at: i64,
    bio: Option<String>,
    bio_ne: Option<String>,
    nationality: Option<String>,
    price_per_day_cents: Option<i64>,
    expertise_languages: Option<String>,
    interests: Option<String>,
    phone: Option<String>,
    address: Option<String>,
    contact_email: Option<String>,
    longitude: Option<f64>,
    latitude: Option<f64>,
    picture_key: Option<String>,
    picture_thumb_key: Option<String>,
    picture_width: Option<i64>,
    picture_height: Option<i64>,
    picture_webp: Option<String>,
    cover_key: Option<String>,
    cover_width: Option<i64>,
    cover_height: Option<i64>,
    cover_webp: Option<String>,
    status: Option<String>,
    review_state: Option<String>,
    review_note: Option<String>,
    years_of_experience: Option<i64>,
    rating_sum: Option<i64>,
    review_count: Option<i64>,
    licence_expires_on: Option<String>,
    meeting_place: Option<String>,
    what_to_bring: Option<String>,
}

/// The guide with this id; `None` when there is no such guide account. A guide who has
/// not filled the form yet gets empty details.
pub async fn find(db: &Db, guide_id: &str) -> AppResult<Option<Guide>> {
    let certifications = db.backend.json_rows(
        CERTIFICATION_COLUMNS,
        "FROM certifications c WHERE c.guide_id = u.id",
        "c.created_at, c.id",
    );
    let row: Option<GuideRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {certifications} AS certifications, u.id, u.first_name, u.last_name, u.email, u.created_at, \
           g.bio, g.bio_ne, g.nationality, g.price_per_day_cents, g.expertise_languages, g.interests, \
           g.phone, g.address, g.contact_email, g.longitude, g.latitude, \
           pp.storage_key AS picture_key, pp.thumb_key AS picture_thumb_key, \
           pp.width AS picture_width, pp.height AS picture_height, pp.webp_widths AS picture_webp, \
           cv.storage_key AS cover_key, cv.width AS cover_width, cv.height AS cover_height, cv.webp_widths AS cover_webp, \
           g.status, g.review_state, g.review_note, g.years_of_experience, g.rating_sum, g.review_count, \
           g.licence_expires_on, g.meeting_place, g.what_to_bring \
         FROM users u \
         LEFT JOIN guide_details g ON g.user_id = u.id \
         LEFT JOIN media pp ON pp.id = g.profile_picture_id \
         LEFT JOIN media cv ON cv.id = g.cover_image_id \
         WHERE u.id = $1 AND u.role = 'guide'"
    )))
    .bind(guide_id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let certifications: Vec<CertificationColumns> =
        serde_json::from_str(&row.certifications).context("a guide's certifications")?;
    let certifications = certifications.into_iter().map(certification).collect();
    Ok(Some(from_row(row, certifications)))
}

/// The signed-in guide's own profile (the account exists: the caller checked the role).
pub async fn get(db: &Db, guide_id: &str) -> AppResult<Guide> {
    find(db, guide_id).await?.ok_or_else(|| AppError::NotFound("Guide not found".into()))
}

fn from_row(row: GuideRow, certifications: Vec<Certification>) -> Guide {
    let review_count = row.review_count.unwrap_or(0);
    let average_rating = if review_count > 0 {
        row.rating_sum.unwrap_or(0) as f64 / review_count as f64
    } else {
        0.0
    };
    let contact_email =
        row.contact_email.filter(|e| !e.is_empty()).unwrap_or_else(|| row.email.clone());
    Guide {
        guide_id: row.id.clone(),
        id: row.id,
        first_name: row.first_name,
        last_name: row.last_name,
        email: row.email,
        average_rating,
        review_count,
        guide_details: GuideDetails {
            bio: row.bio.unwrap_or_default(),
            bio_ne: row.bio_ne.unwrap_or_default(),
            nationality: row.nationality.unwrap_or_default(),
            price_per_day: row.price_per_day_cents.map(|cents| cents as f64 / 100.0),
            expertise_languages: row
                .expertise_languages
                .as_deref()
                .map(Tags::from_json)
                .unwrap_or_default(),
            interests: row.interests.as_deref().map(Tags::from_json).unwrap_or_default(),
            contact_info: ContactInfo {
                phone: row.phone.unwrap_or_default(),
                address: row.address.unwrap_or_default(),
                email: contact_email,
            },
            location: Location::from_columns(row.longitude, row.latitude),
            certifications,
            profile_picture: row.picture_key.as_deref().map(public_url),
            profile_picture_thumb: row.picture_thumb_key.as_deref().map(public_url),
            profile_picture_variants: image_variants(
                row.picture_key.as_deref(),
                row.picture_width,
                row.picture_height,
                row.picture_webp.as_deref(),
            ),
            cover_image: row.cover_key.as_deref().map(public_url),
            cover_image_variants: image_variants(
                row.cover_key.as_deref(),
                row.cover_width,
                row.cover_height,
                row.cover_webp.as_deref(),
            ),
            status: if row.status.as_deref() == Some("verified") {
                GuideStatus::Verified
            } else {
                GuideStatus::Unverified
            },
            verification: Verification {
                state: match row.review_state.as_deref() {
                    Some("submitted") => VerificationState::Submitted,
                    Some("rejected") => VerificationState::Rejected,
                    Some("approved") => VerificationState::Approved,
                    _ => VerificationState::None,
                },
                note: row.review_note.unwrap_or_default(),
            },
            created_at: to_rfc3339(row.created_at),
            years_of_experience: row.years_of_experience,
            // Only a verified guide's licence vouches for them.
            licence_valid_until: row
                .licence_expires_on
                .filter(|_| row.status.as_deref() == Some("verified")),
            meeting_place: row.meeting_place.unwrap_or_default(),
            what_to_bring: row
                .what_to_bring
                .and_then(|list| serde_json::from_str(&list).ok())
                .unwrap_or_default(),
        },
    }
}

/// A guide's certificates in the order they were submitted.
pub async fn certifications(db: &Db, guide_id: &str) -> AppResult<Vec<Certification>> {
    let rows: Vec<CertificationColumns> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {CERTIFICATION_COLUMNS} FROM certifications c WHERE c.guide_id = $1 ORDER BY c.created_at, c.id"
    )))
    .bind(guide_id)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(certification).collect())
}

const CERTIFICATION_COLUMNS: &str = "c.id, c.name, c.issuing_organization, c.issue_date, c.image_id, c.licence_number, c.expires_on";

/// A certification's `CERTIFICATION_COLUMNS`, in their order.
type CertificationColumns =
    (String, String, String, String, Option<String>, Option<String>, Option<String>);

fn certification(
    (id, name, issuing_organization, issue_date, image_id, licence_number, expires_on): CertificationColumns,
) -> Certification {
    Certification {
        id,
        name,
        issuing_organization,
        issue_date,
        image: image_id.as_deref().map(private_url),
        licence_number,
        expires_on,
    }
}

/// Saves the form. A location, years of experience, meeting place or what-to-bring list
/// left out keep their stored value, and so does a location of 0,0 (no position): it is
/// stored only where there is none yet.
pub async fn save(db: &Db, guide_id: &str, profile: &GuideProfile) -> AppResult<()> {
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    // The statement with the given `SET` of the two location columns (a literal: sqlx
    // runs only static SQL).
    macro_rules! upsert {
        ($location:literal) => {
            concat!(
                "INSERT INTO guide_details (user_id, bio, nationality, price_per_day_cents, expertise_languages, interests, \
                   phone, address, longitude, latitude, years_of_experience, created_at, updated_at, bio_ne, \
                   meeting_place, what_to_bring) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, COALESCE($15, ''), COALESCE($16, '[]')) \
                 ON CONFLICT (user_id) DO UPDATE SET bio = excluded.bio, nationality = excluded.nationality, \
                   bio_ne = CASE WHEN $14 = 1 THEN excluded.bio_ne ELSE guide_details.bio_ne END, \
                   price_per_day_cents = excluded.price_per_day_cents, expertise_languages = excluded.expertise_languages, \
                   interests = excluded.interests, phone = excluded.phone, address = excluded.address, ",
                $location,
                ", years_of_experience = COALESCE(excluded.years_of_experience, guide_details.years_of_experience), \
                   meeting_place = COALESCE($15, guide_details.meeting_place), \
                   what_to_bring = COALESCE($16, guide_details.what_to_bring), \
                   updated_at = excluded.updated_at"
            )
        };
    }
    // A place the guide chose wins over the stored one; "no position" only fills a gap.
    let statement = if profile.location.is_some_and(|l| l.is_no_position()) {
        upsert!(
            "longitude = COALESCE(guide_details.longitude, excluded.longitude), \
             latitude = COALESCE(guide_details.latitude, excluded.latitude)"
        )
    } else {
        upsert!(
            "longitude = COALESCE(excluded.longitude, guide_details.longitude), \
             latitude = COALESCE(excluded.latitude, guide_details.latitude)"
        )
    };
    sqlx::query(statement)
        // Not a cached statement: sqlx 0.9.0's Any driver binds a missing f64 as a float4
        // NULL, so a statement first prepared without a location refuses a later longitude
        // on PostgreSQL ("incorrect binary data format in bind parameter 9").
        .persistent(false)
        .bind(guide_id)
        .bind(profile.bio.as_str())
        .bind(profile.nationality.as_str())
        .bind(profile.price_per_day.cents())
        .bind(profile.languages.to_json())
        .bind(profile.interests.to_json())
        .bind(&profile.phone)
        .bind(&profile.address)
        .bind(profile.location.map(|l| l.longitude))
        .bind(profile.location.map(|l| l.latitude))
        .bind(profile.years_of_experience)
        .bind(now)
        .bind(profile.bio_ne.clone().flatten())
        .bind(i64::from(profile.bio_ne.is_some()))
        .bind(profile.meeting_place.as_deref())
        .bind(profile.what_to_bring.as_ref().map(|items| serde_json::json!(items).to_string()))
        .execute(&mut *tx)
        .await?;
    index::refresh(&mut tx, guide_id).await?;
    tx.commit().await?;
    Ok(())
}

/// Every field the guide profile form requires (spec section 5) is filled, and a photo.
pub async fn is_complete(db: &Db, guide_id: &str) -> AppResult<bool> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM guide_details WHERE user_id = $1 AND bio <> '' AND nationality <> '' \
         AND price_per_day_cents IS NOT NULL AND expertise_languages <> '[]' AND phone <> '' \
         AND profile_picture_id IS NOT NULL",
    )
    .bind(guide_id)
    .fetch_one(&db.pool)
    .await?;
    Ok(count > 0)
}

/// A guide's own profile after a change, with what changed.
#[derive(Serialize, ToSchema)]
pub struct GuideUpdateResponse {
    #[schema(example = "success")]
    pub status: &'static str,
    pub message: String,
    pub data: Guide,
}

pub fn updated(message: &str, guide: Guide) -> crate::error::Json<GuideUpdateResponse> {
    crate::error::Json(GuideUpdateResponse {
        status: "success",
        message: message.to_owned(),
        data: guide,
    })
}
