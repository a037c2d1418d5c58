//! Tours as the API shows them: to their guide, on the public page, as a card in a list,
//! and the altitude check worded in the reader's language.

use serde::Serialize;
use utoipa::ToSchema;

use super::acclimatisation::{Acclimatisation, LocalisedWarning, Risk};
use super::domain::{BookingMode, Day, TourStatus};
use super::photos::TourPhoto;
use super::pricing::Tier;
use super::store::StoredTour;
use crate::db::to_rfc3339;
use crate::departures::store::Departure;
use crate::destinations::trek::Permit;
use crate::guides::cards::GuideCard;
use crate::guides::reliability::{Badge, Reliability};
use crate::i18n::Lang;

/// The altitude check of a tour's nights (Wilderness Medical Society, 2024): its risk for
/// a traveller who arrives unacclimatised, and the nights that make it so.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcclimatisationView {
    pub risk: Risk,
    /// The highest night, in metres; null for a day tour.
    #[schema(required = true)]
    pub max_sleep_altitude_m: Option<i32>,
    pub warnings: Vec<LocalisedWarning>,
}

impl AcclimatisationView {
    pub fn new(assessment: Option<&Acclimatisation>, lang: Lang) -> Self {
        match assessment {
            Some(assessment) => Self {
                risk: assessment.risk,
                max_sleep_altitude_m: Some(assessment.max_sleep_altitude_m),
                warnings: assessment.warnings.iter().map(|w| w.localised(lang)).collect(),
            },
            None => Self { risk: Risk::Low, max_sleep_altitude_m: None, warnings: Vec::new() },
        }
    }
}

/// A tour as its guide and the public see it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tour {
    #[serde(rename = "_id")]
    pub id: String,
    pub guide_id: String,
    pub title: String,
    pub summary: String,
    #[schema(required = true)]
    pub destination_id: Option<String>,
    pub days: Vec<Day>,
    pub max_group_size: i64,
    pub pricing: Vec<Tier>,
    /// The cheapest price per person, in dollars.
    pub price_from_usd: f64,
    pub included: Vec<String>,
    pub excluded: Vec<String>,
    pub meeting_point: String,
    pub booking_mode: BookingMode,
    pub cutoff_hours: i64,
    pub status: TourStatus,
    /// In order; the first is the cover.
    pub photos: Vec<TourPhoto>,
    pub acclimatisation: AcclimatisationView,
    /// RFC 3339.
    pub created_at: String,
    pub updated_at: String,
}

impl Tour {
    pub fn new(tour: StoredTour, lang: Lang) -> Self {
        let acclimatisation = AcclimatisationView::new(tour.input.assessment().as_ref(), lang);
        let input = tour.input;
        Self {
            price_from_usd: input.price_from_cents() as f64 / 100.0,
            id: tour.id,
            guide_id: tour.guide_id,
            title: input.title,
            summary: input.summary,
            destination_id: input.destination_id,
            days: input.days,
            max_group_size: input.max_group_size,
            pricing: input.pricing,
            included: input.included,
            excluded: input.excluded,
            meeting_point: input.meeting_point,
            booking_mode: input.booking_mode,
            cutoff_hours: input.cutoff_hours,
            status: tour.status,
            photos: tour.photos,
            acclimatisation,
            created_at: to_rfc3339(tour.created_at),
            updated_at: to_rfc3339(tour.updated_at),
        }
    }
}

/// The destination a tour goes to, with the permits a traveller needs there.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TourDestination {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub permits: Vec<Permit>,
}

/// The public page of a tour: the tour, its guide, and where it goes.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicTour {
    #[serde(flatten)]
    pub tour: Tour,
    pub guide: GuideCard,
    /// The last day the guide's licence is valid (`YYYY-MM-DD`).
    #[schema(required = true)]
    pub licence_valid_until: Option<String>,
    #[schema(required = true)]
    pub destination: Option<TourDestination>,
    /// Its group departures still to come (not cancelled), soonest first: seats to join.
    pub departures: Vec<Departure>,
}

/// A tour in a list.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TourCard {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub summary: String,
    pub day_count: i64,
    /// Metres; null for a day tour.
    #[schema(required = true)]
    pub max_sleep_altitude_m: Option<i64>,
    pub risk: Risk,
    /// Per person for the group size asked for (1 unless given), in dollars.
    pub price_per_person_usd: f64,
    pub max_group_size: i64,
    pub booking_mode: BookingMode,
    #[schema(required = true)]
    pub destination_id: Option<String>,
    #[schema(required = true)]
    pub destination_name: Option<String>,
    pub guide: TourGuide,
    /// The cover photo; null when the tour has none.
    #[schema(required = true)]
    pub photo: Option<TourPhoto>,
}

/// The guide on a tour's card.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TourGuide {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    #[schema(required = true)]
    pub profile_picture: Option<String>,
    /// 0 when there are no reviews yet.
    pub average_rating: f64,
    pub review_count: i64,
    pub reliability: Reliability,
    /// `["trusted"]` for a "Trusted guide".
    pub badges: Vec<Badge>,
}

impl From<&GuideCard> for TourGuide {
    fn from(card: &GuideCard) -> Self {
        Self {
            id: card.id.clone(),
            first_name: card.first_name.clone(),
            last_name: card.last_name.clone(),
            profile_picture: card.profile_picture.clone(),
            average_rating: card.average_rating,
            review_count: card.review_count,
            reliability: card.reliability.clone(),
            badges: card.badges.clone(),
        }
    }
}
