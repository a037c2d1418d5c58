//! The public guide directory: the paged list, each guide's public page, and search by
//! words, place and distance; both lists take the filters and orders of `finder`.
//! Everything here reads `guide_search`, which only ever holds verified guides.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::cards::GuideCard;
use super::categories::Category;
use super::finder::{self, Directory, GuideFilters, GuideSort, Near, Start};
use super::profile::{self, Guide, GuideStatus};
use super::reliability::{self, Badge, Reliability};
use crate::calendar::parse_date;
use crate::error::{AppError, AppResult, ErrorBody, Json, Path, Query};
use crate::http::AppState;
use crate::http::session::MaybeSession;
use crate::media::upload::ImageVariants;
use crate::paging::{invalid_cursor, page_and_limit, total_pages};
use crate::profile::Location;
use crate::text_search::Query as SearchQuery;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_guides))
        .routes(routes!(guide_detail))
        .routes(routes!(search_guides))
}

/// Where the previous page ended: the last guide's rating rank and id. Opaque to clients.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Cursor {
    rating_rank: i64,
    guide_id: String,
}

impl Cursor {
    fn parse(text: &str) -> AppResult<Self> {
        let invalid = invalid_cursor;
        let (rank, id) = text.split_once('.').ok_or_else(invalid)?;
        let rating_rank = rank.parse::<i64>().map_err(|_| invalid())?;
        let valid_id = id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit());
        if !valid_id {
            return Err(invalid());
        }
        Ok(Self { rating_rank, guide_id: id.to_owned() })
    }

    fn to_text(&self) -> String {
        format!("{}.{}", self.rating_rank, self.guide_id)
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GuideListParams {
    /// Default 1. Ignored when `cursor` is given.
    #[param(minimum = 1, maximum = 100000)]
    page: Option<i64>,
    /// Default 10.
    #[param(minimum = 1, maximum = 50)]
    limit: Option<i64>,
    /// `nextCursor` of the previous page (only with `sort=rating`): pages never repeat or
    /// skip a guide, even while guides are added.
    #[param(pattern = r"^(-?[0-9]{1,18}\.[0-9a-fA-F]{32})?$")]
    cursor: Option<String>,
}

/// The filters and order both lists take.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct FilterParams {
    /// `all` (or empty) lists every category.
    #[param(
        pattern = r"^(all|trekking|cultural|Cultural Tours|culture|adventure|wildlife|food|historical|history|nature)?$"
    )]
    category: Option<String>,
    /// A language the guide speaks ("French"; case and accents ignored).
    #[param(max_length = 60)]
    language: Option<String>,
    /// Dollars per day, at least; guides without a price are left out.
    #[param(minimum = 0, maximum = 100000)]
    min_price: Option<f64>,
    /// Dollars per day, at most (not below `minPrice`); guides without a price are left out.
    #[param(minimum = 0, maximum = 100000)]
    max_price: Option<f64>,
    /// The lowest average rating, 0 to 5.
    #[param(minimum = 0, maximum = 5)]
    min_rating: Option<f64>,
    /// `YYYY-MM-DD`: only guides free that day (not blocked off, no trip).
    #[param(pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$", example = "2026-12-12")]
    available_on: Option<String>,
    /// `true`: only guides holding the "Trusted guide" badge.
    trusted: Option<bool>,
    /// `rating` (best first; the default, or `distance` when searching near a point),
    /// `price_asc`, `price_desc`, `reviews` (most first), `trusted` (Trusted guides first,
    /// then best rated) or `distance` (nearest first; only with `lat` and `lng`). Ties are
    /// broken by id, so paging is stable under every order.
    #[param(pattern = r"^(rating|price_asc|price_desc|reviews|trusted|distance)?$")]
    sort: Option<String>,
}

impl FilterParams {
    fn filters(&self, words: Option<String>, near: Option<Near>) -> AppResult<GuideFilters> {
        let available_on =
            match self.available_on.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
                Some(text) => Some(parse_date(text).ok_or_else(|| {
                    AppError::validation("availableOn must be a real date (YYYY-MM-DD)")
                })?),
                None => None,
            };
        Ok(GuideFilters {
            words,
            category: Category::parse(self.category.as_deref())?,
            language: self.language.clone(),
            min_price: self.min_price,
            max_price: self.max_price,
            min_rating: self.min_rating,
            available_on,
            trusted_only: self.trusted == Some(true),
            near,
        })
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuideListResponse {
    guides: Vec<GuideCard>,
    /// How many guides match, on all pages.
    total: i64,
    total_pages: i64,
    /// Pass as `cursor` for the next page; `null` on the last page.
    #[schema(required = true)]
    next_cursor: Option<String>,
}

/// Verified guides matching the filters, best rated first unless `sort` says otherwise
/// (ties by id, so the order is total and stable).
#[utoipa::path(get, path = "/users/guides", tag = "guides directory", params(GuideListParams, FilterParams),
    responses((status = 200, body = GuideListResponse), (status = 400, body = ErrorBody)))]
async fn list_guides(
    State(state): State<AppState>,
    Query(params): Query<GuideListParams>,
    Query(filter_params): Query<FilterParams>,
) -> AppResult<Json<GuideListResponse>> {
    let (page, limit) = page_and_limit(params.page, params.limit, 10)?;
    let filters = filter_params.filters(None, None)?;
    let sort = GuideSort::parse(filter_params.sort.as_deref())?.unwrap_or_default();
    let start =
        match params.cursor.as_deref().filter(|c| !c.is_empty()).map(Cursor::parse).transpose()? {
            Some(cursor) => Start::After(cursor.rating_rank, cursor.guide_id),
            None => Start::Page(page),
        };
    let from =
        Directory { db: &state.db, index: state.search.as_ref(), counts: Some(&state.list_counts) };
    let found =
        finder::search(&from, &filters, &SearchQuery::default(), sort, start, limit).await?;
    let next_cursor = found
        .last
        .filter(|_| found.has_more && sort == GuideSort::Rating)
        .map(|(rating_rank, guide_id)| Cursor { rating_rank, guide_id }.to_text());
    Ok(Json(GuideListResponse {
        guides: found.cards,
        total: found.total,
        total_pages: total_pages(found.total, limit),
        next_cursor,
    }))
}

/// A guide as anyone may see them: no phone number (shared once a trip is booked), no
/// certificate files, no admin notes.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicGuide {
    #[serde(rename = "_id")]
    pub id: String,
    pub guide_id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub average_rating: f64,
    pub review_count: i64,
    pub guide_details: PublicGuideDetails,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicGuideDetails {
    pub bio: String,
    /// The bio in Nepali, for readers of Nepali; empty where the guide wrote none.
    pub bio_ne: String,
    pub nationality: String,
    #[schema(required = true)]
    pub price_per_day: Option<f64>,
    pub expertise_languages: Vec<String>,
    pub interests: Vec<String>,
    pub contact_info: PublicContact,
    #[schema(required = true)]
    pub location: Option<Location>,
    pub certifications: Vec<PublicCertification>,
    #[schema(required = true)]
    pub profile_picture: Option<String>,
    #[schema(required = true)]
    pub profile_picture_thumb: Option<String>,
    /// WebP copies and size of the photo, for `<img srcset width height>`.
    #[schema(required = true)]
    pub profile_picture_variants: Option<ImageVariants>,
    #[schema(required = true)]
    pub cover_image: Option<String>,
    #[schema(required = true)]
    pub cover_image_variants: Option<ImageVariants>,
    pub status: GuideStatus,
    /// When the guide joined (RFC 3339).
    pub created_at: String,
    /// `null` when the guide has not said (the page shows 5).
    #[schema(required = true)]
    pub years_of_experience: Option<i64>,
    /// The last day of the guide's verified licence (`YYYY-MM-DD`), shown as "Licence valid
    /// until <month year>"; `null` for guides verified before licences were required.
    #[schema(required = true)]
    pub licence_valid_until: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct PublicContact {
    pub address: String,
    pub email: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicCertification {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub issuing_organization: String,
    pub issue_date: String,
}

impl From<Guide> for PublicGuide {
    fn from(guide: Guide) -> Self {
        let details = guide.guide_details;
        Self {
            id: guide.id,
            guide_id: guide.guide_id,
            first_name: guide.first_name,
            last_name: guide.last_name,
            email: guide.email,
            average_rating: (guide.average_rating * 100.0).round() / 100.0,
            review_count: guide.review_count,
            guide_details: PublicGuideDetails {
                bio: details.bio,
                bio_ne: details.bio_ne,
                nationality: details.nationality,
                price_per_day: details.price_per_day,
                expertise_languages: details.expertise_languages,
                interests: details.interests,
                contact_info: PublicContact {
                    address: details.contact_info.address,
                    email: details.contact_info.email,
                },
                location: details.location,
                certifications: details
                    .certifications
                    .into_iter()
                    .map(|c| PublicCertification {
                        id: c.id,
                        name: c.name,
                        issuing_organization: c.issuing_organization,
                        issue_date: c.issue_date,
                    })
                    .collect(),
                profile_picture: details.profile_picture,
                profile_picture_thumb: details.profile_picture_thumb,
                profile_picture_variants: details.profile_picture_variants,
                cover_image: details.cover_image,
                cover_image_variants: details.cover_image_variants,
                status: details.status,
                created_at: details.created_at,
                years_of_experience: details.years_of_experience,
                licence_valid_until: details.licence_valid_until,
            },
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct GuideDetailResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: GuidePage,
    message: String,
}

/// The guide, and for a signed-in viewer whether they may review them now.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuidePage {
    #[serde(flatten)]
    guide: PublicGuide,
    /// Only for a signed-in viewer: true for a traveller with a completed trip with this
    /// guide not yet reviewed. Anonymous answers (kept and shared) never carry it.
    #[serde(skip_serializing_if = "Option::is_none")]
    can_review: Option<bool>,
    /// How the guide answers and keeps their trips (`guides::reliability`).
    reliability: Reliability,
    /// `["trusted"]` for a "Trusted guide".
    badges: Vec<Badge>,
}

/// One verified guide's public page. An unverified, suspended or unknown guide is 404 alike.
/// Signed in, the answer adds `canReview`.
#[utoipa::path(get, path = "/users/guide/{id}", tag = "guides directory", security((), ("bearer" = [])),
    params(("id" = String, Path, description = "The guide's id (`_id` or `guideId`)")),
    responses((status = 200, body = GuideDetailResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn guide_detail(
    State(state): State<AppState>,
    viewer: MaybeSession,
    Path(id): Path<String>,
) -> AppResult<Json<GuideDetailResponse>> {
    let not_found = || AppError::NotFound("Guide not found".into());
    let guide = profile::find(&state.db, &id)
        .await?
        .filter(|g| g.guide_details.status == GuideStatus::Verified)
        .ok_or_else(not_found)?;
    // The guide search holds exactly the listed guides: verified and not suspended.
    let listed = match &state.search {
        Some(index) => {
            index.fresh(&state.db).await?;
            index.lists(&guide.id)
        }
        None => !crate::http::suspension::is_suspended(&state.db, &guide.id).await?,
    };
    if !listed {
        return Err(not_found());
    }
    let can_review = match &viewer.0 {
        Some(session) => {
            Some(crate::reviews::eligibility::may_review(&state.db, session, &guide.id).await?)
        }
        None => None,
    };
    let (reliability, badges) = reliability::of_guide(&state.db, &guide.id).await?;
    Ok(Json(GuideDetailResponse {
        status: "success",
        data: GuidePage { guide: guide.into(), can_review, reliability, badges },
        message: "Guide found".into(),
    }))
}

/// What a search looks for beyond the filters: words, a place, a point. The search and the
/// map take the same.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct GuideSearchParams {
    /// Words to find in the name, bio, languages, interests and address (all must match,
    /// as prefixes, ignoring case and accents).
    query: Option<String>,
    /// Words that must match the guide's address (a town, an area).
    address: Option<String>,
    /// Latitude of a point: with `lng` (give both or neither), only guides within
    /// `radiusKm`, nearest first unless `sort` says otherwise.
    #[param(minimum = -90, maximum = 90)]
    lat: Option<f64>,
    #[param(minimum = -180, maximum = 180)]
    lng: Option<f64>,
    /// More than 0 (default 50).
    #[param(exclusive_minimum = 0, maximum = 1000)]
    radius_km: Option<f64>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchPageParams {
    /// Default 1.
    #[param(minimum = 1, maximum = 100000)]
    page: Option<i64>,
    /// Default 12.
    #[param(minimum = 1, maximum = 50)]
    limit: Option<i64>,
}

/// A search as asked, checked: the filters with its words and point, the place's words and
/// the order (nearest first near a point, else best rated, unless `sort` says otherwise).
pub(super) struct Criteria {
    pub filters: GuideFilters,
    pub place: SearchQuery,
    pub sort: GuideSort,
}

impl GuideSearchParams {
    pub(super) fn criteria(self, filter_params: &FilterParams) -> AppResult<Criteria> {
        let near = Near::parse(self.lat, self.lng, self.radius_km)?;
        let place = SearchQuery::parse(self.address.as_deref());
        let filters = filter_params.filters(self.query, near)?;
        let nearest_first = if near.is_some() { GuideSort::Distance } else { GuideSort::Rating };
        let sort = GuideSort::parse(filter_params.sort.as_deref())?.unwrap_or(nearest_first);
        Ok(Criteria { filters, place, sort })
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuideSearchResponse {
    guides: Vec<GuideCard>,
    page: i64,
    has_more: bool,
    /// How many guides match, on all pages.
    total: i64,
}

/// Guides matching words, a place, a point and the filters, best rated first (nearest
/// first when searching near a point) unless `sort` says otherwise.
#[utoipa::path(get, path = "/users/search", tag = "guides directory", params(GuideSearchParams, SearchPageParams, FilterParams),
    responses((status = 200, body = GuideSearchResponse), (status = 400, body = ErrorBody)))]
async fn search_guides(
    State(state): State<AppState>,
    Query(paging): Query<SearchPageParams>,
    Query(params): Query<GuideSearchParams>,
    Query(filter_params): Query<FilterParams>,
) -> AppResult<Json<GuideSearchResponse>> {
    let (page, limit) = page_and_limit(paging.page, paging.limit, 12)?;
    let Criteria { filters, place, sort } = params.criteria(&filter_params)?;
    let from = Directory { db: &state.db, index: state.search.as_ref(), counts: None };
    let found = finder::search(&from, &filters, &place, sort, Start::Page(page), limit).await?;
    Ok(Json(GuideSearchResponse {
        guides: found.cards,
        page,
        has_more: found.has_more,
        total: found.total,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_what_it_wrote_and_refuses_anything_else() {
        let cursor =
            Cursor { rating_rank: 46_666, guide_id: "0196f0c8a1b27c3d9e8f0a1b2c3d4e5f".into() };
        assert_eq!(Cursor::parse(&cursor.to_text()).unwrap(), cursor);
        for bad in [
            "",
            "abc",
            "1.",
            ".0196f0c8a1b27c3d9e8f0a1b2c3d4e5f",
            "x.0196f0c8a1b27c3d9e8f0a1b2c3d4e5f",
            "1.' OR 1=1 --",
        ] {
            assert!(Cursor::parse(bad).is_err(), "{bad:?}");
        }
    }
}
