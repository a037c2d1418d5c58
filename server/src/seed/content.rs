//! The demo content, written for Yatra and shipped in the binary as JSON (`data/`):
//! destinations, guides, travellers, their reviews, travel posts and the guides' tours.

use serde::Deserialize;
use yatra_art::Scene;

/// A destination. Its Nepali texts sit beside the English under the API's names (`nameNe`,
/// `locationNe`, `descriptionNe`, `highlightsNe`; a permit's `noteNe`), as the travel posts'
/// do (`titleNe`, `descriptionNe`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Destination {
    pub name: String,
    pub location: String,
    pub latitude: f64,
    pub longitude: f64,
    pub popular: bool,
    pub scene: Scene,
    pub description: String,
    /// Trek facts and permits from published figures (issue 15).
    pub trek: Option<crate::destinations::trek::TrekFacts>,
    pub highlights: Vec<String>,
    pub name_ne: String,
    pub location_ne: String,
    pub description_ne: String,
    pub highlights_ne: Vec<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Guide {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub verified: bool,
    pub bio: String,
    pub nationality: String,
    pub price_per_day: f64,
    pub expertise_languages: Vec<String>,
    pub interests: Vec<String>,
    pub phone: String,
    pub address: String,
    pub latitude: f64,
    pub longitude: f64,
    pub years_of_experience: i64,
    pub cover_scene: Scene,
    pub certifications: Vec<Certification>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Certification {
    pub name: String,
    pub issuing_organization: String,
    pub issue_date: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Traveller {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub nationality: String,
    pub bio: String,
    pub interests: Vec<String>,
    pub preferred_languages: Vec<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    /// The guide's email.
    pub guide: String,
    /// The traveller's email.
    pub traveller: String,
    pub score: i64,
    pub group_size: i64,
    pub days_ago: i64,
    pub comment: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Blog {
    /// The author's email.
    pub author: String,
    pub title: String,
    pub scene: Scene,
    pub days_ago: i64,
    /// The body; blank lines separate paragraphs.
    pub description: String,
    pub title_ne: String,
    pub description_ne: String,
}

/// A guide's tour, written as the guide would send it: the seed parses it like a request,
/// so a mistake in the content fails naming the field.
#[derive(Deserialize)]
pub struct Tour {
    /// The guide's email.
    pub guide: String,
    /// The destination's name.
    pub destination: String,
    #[serde(flatten)]
    pub request: crate::tours::domain::TourRequest,
}

pub struct Content {
    pub destinations: Vec<Destination>,
    pub guides: Vec<Guide>,
    pub travellers: Vec<Traveller>,
    pub reviews: Vec<Review>,
    pub blogs: Vec<Blog>,
    pub tours: Vec<Tour>,
}

/// The shipped content; it is part of the binary, so a parse failure is a build mistake
/// that the seed test catches.
pub fn load() -> anyhow::Result<Content> {
    Ok(Content {
        destinations: serde_json::from_str(include_str!("data/destinations.json"))?,
        guides: serde_json::from_str(include_str!("data/guides.json"))?,
        travellers: serde_json::from_str(include_str!("data/travellers.json"))?,
        reviews: serde_json::from_str(include_str!("data/reviews.json"))?,
        blogs: serde_json::from_str(include_str!("data/blogs.json"))?,
        tours: serde_json::from_str(include_str!("data/tours.json"))?,
    })
}
