//! Demo data for a fresh install: the three demo accounts the README lists, and the demo
//! content — destinations, guides (most verified, a few waiting for an admin), travellers,
//! their paid trips and reviews, the guides' published tours, and a few bookings in every
//! state for the demo accounts to try. Pictures are drawn by `yatra_art`, so seeding needs
//! no network. Everything is found again by a natural key (email, name, a booking key, a
//! guide's tour title), so seeding twice changes nothing.

pub mod bulk;
mod content;

use std::collections::{HashMap, HashSet};

use futures_util::future::try_join_all;
use serde_json::json;
use yatra_art::Scene;

use crate::auth::accounts;
use crate::auth::domain::{Email, PersonName};
use crate::auth::password;
use crate::blogs::domain::{BlogInput, NepaliPost};
use crate::bookings::lifecycle::trip_days;
use crate::calendar::{date_text, today_in_nepal};
use crate::db::{Db, new_id, now_ms};
use crate::destinations::domain::{DestinationInput, Highlights, NepaliTexts};
use crate::destinations::ratings;
use crate::earnings;
use crate::guides::domain::{GuideProfile, GuideProfileRequest, IssueDate};
use crate::guides::index;
use crate::http::Role;
use crate::media::processing::{OutputFormat, Processed, Variants, encode_with_thumbnail};
use crate::media::{MediaKind, Slot, upload};
use crate::media_store::MediaStore;
use crate::profile::{Bio, ListOf, Location, Nationality, Tags};
use crate::tourists::profile::{self as tourist_profile, Change};
use crate::tours::domain::{TourInput, TourStatus};

pub const DEMO_PASSWORD: &str = "namaste-yatra";

const TRAVELLER: &str = "traveller@demo.yatra.np";
const GUIDE: &str = "guide@demo.yatra.np";
const ADMIN: &str = "admin@demo.yatra.np";
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

const DEMO_ACCOUNTS: [(&str, &str, &str, Role); 3] = [
    (TRAVELLER, "Emma", "Laurent", Role::Tourist),
    (GUIDE, "Pemba", "Sherpa", Role::Guide),
    (ADMIN, "Yatra", "Admin", Role::Admin),
];

/// What one run of `seed --demo` added.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Seeded {
    pub accounts: usize,
    pub destinations: usize,
    pub reviews: usize,
    pub bookings: usize,
    pub blogs: usize,
    pub tours: usize,
}

impl std::fmt::Display for Seeded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} account(s), {} destination(s), {} review(s), {} other booking(s), {} blog post(s) and {} tour(s) created",
            self.accounts, self.destinations, self.reviews, self.bookings, self.blogs, self.tours
        )
    }
}

/// Creates whatever demo data is missing.
pub async fn demo(db: &Db, media: &MediaStore) -> anyhow::Result<Seeded> {
    let content = content::load()?;
    let mut seeded = Seeded::default();
    // Every demo account has the same password: hash it once, not eighty times.
    let hash = password::hash(DEMO_PASSWORD.to_owned()).await?;
    let mut seeder = Seeder { db, media, hash, seeded: &mut seeded };

    for (email, first, last, role) in DEMO_ACCOUNTS {
        if let Some(id) = seeder.account(email, first, last, role).await? {
            match role {
                Role::Guide => seeder.demo_guide(&id).await?,
                Role::Tourist => seeder.demo_traveller(&id).await?,
                Role::Admin => {}
            }
        }
    }
    let admin_id =
        id_of(db, ADMIN).await?.ok_or_else(|| anyhow::anyhow!("the demo admin is missing"))?;
    let mut missing = Vec::new();
    for destination in &content.destinations {
        if !seeder.destination_exists(&destination.name).await? {
            missing.push(destination);
        }
    }
    let pictures =
        try_join_all(missing.iter().map(|d| drawn(landscape(d.scene, &d.name, 1200, 750)))).await?;
    for (destination, picture) in missing.into_iter().zip(pictures) {
        seeder.destination(&admin_id, destination, picture).await?;
    }
    // Also over demo databases made before destinations had trek facts, highlights and
    // Nepali texts; never over an admin's own edits (see `fill_trek_facts`).
    for destination in &content.destinations {
        crate::destinations::routes::fill_seed_texts(db, &destination_input(destination)?).await?;
        if let Some(facts) = &destination.trek {
            crate::destinations::routes::fill_trek_facts(db, &destination.name, facts).await?;
        }
    }
    for guide in &content.guides {
        seeder.guide(guide).await?;
    }
    for traveller in &content.travellers {
        seeder.traveller(traveller).await?;
    }
    demo_licences(db).await?;
    let mut new_tours = Vec::new();
    for tour in content.tours {
        let scene = content
            .destinations
            .iter()
            .find(|d| d.name == tour.destination)
            .map_or(Scene::Peaks, |d| d.scene);
        if let Some(created) = seeder.tour(tour).await? {
            new_tours.push((created, scene));
        }
    }
    // Two photos a tour: its destination's kind of landscape and a village on the way.
    let pictures = try_join_all(new_tours.iter().flat_map(|((_, _, title), scene)| {
        [
            drawn(landscape(*scene, title, 1200, 800)),
            drawn(landscape(Scene::Village, &format!("{title} village"), 1200, 800)),
        ]
    }))
    .await?;
    let mut pictures = pictures.into_iter();
    for ((id, guide_id, _), _) in &new_tours {
        for picture in pictures.by_ref().take(2) {
            crate::tours::photos::add(db, media, guide_id, id, picture).await?;
        }
    }
    seeder.reviews(&content.reviews).await?;
    seeder.demo_journeys().await?;
    seeder.departures().await?;
    // People joined before their first trip: date the seeded accounts accordingly.
    sqlx::query(
        "UPDATE users SET created_at = ( \
           SELECT MIN(b.created_at) FROM bookings b WHERE b.guide_id = users.id OR b.tourist_id = users.id) - $1 \
         WHERE email_lower LIKE '%demo.yatra.np' AND created_at > ( \
           SELECT MIN(b.created_at) FROM bookings b WHERE b.guide_id = users.id OR b.tourist_id = users.id) - $1",
    )
    .bind(90 * DAY_MS)
    .execute(&db.pool)
    .await?;
    let readers: Vec<String> = content.travellers.iter().map(|t| t.email.clone()).collect();
    let mut missing = Vec::new();
    for (n, blog) in content.blogs.iter().enumerate() {
        if let Some(author_id) = seeder.blog_author_without(blog).await? {
            missing.push((n, blog, author_id));
        }
    }
    let pictures = try_join_all(
        missing.iter().map(|(_, b, _)| drawn(landscape(b.scene, &b.title, 1200, 750))),
    )
    .await?;
    for ((n, blog, author_id), picture) in missing.into_iter().zip(pictures) {
        seeder.blog(blog, &author_id, picture, n, &readers).await?;
    }
    Ok(seeded)
}

/// A seeded destination as an admin's form would give it, checked by the same rules.
fn destination_input(destination: &content::Destination) -> anyhow::Result<DestinationInput> {
    let text = |t: &String| Some(t.clone()).filter(|t| !t.is_empty());
    Ok(DestinationInput {
        name: destination.name.clone(),
        location: destination.location.clone(),
        description: destination.description.clone(),
        popular: destination.popular,
        coordinates: Some(Location {
            longitude: destination.longitude,
            latitude: destination.latitude,
        }),
        highlights: Highlights::parse(destination.highlights.clone(), false)?,
        nepali: NepaliTexts {
            name: text(&destination.name_ne),
            location: text(&destination.location_ne),
            description: text(&destination.description_ne),
            highlights: Highlights::parse(destination.highlights_ne.clone(), true)?,
        },
    })
}

/// A booking the seed makes, found again by its `key`.
struct Trip<'a> {
    tourist_id: &'a str,
    guide_id: &'a str,
    date: &'a str,
    group_size: i64,
    status: &'a str,
    paid: bool,
    key: &'a str,
    /// A trip of a tour: the tour, its days and its price per person for the group, in cents.
    tour: Option<TourTrip<'a>>,
}

struct TourTrip<'a> {
    id: &'a str,
    days: i64,
    per_person_cents: i64,
}

struct Seeder<'a> {
    db: &'a Db,
    media: &'a MediaStore,
    hash: String,
    seeded: &'a mut Seeded,
}

async fn id_of(db: &Db, email: &str) -> anyhow::Result<Option<String>> {
    Ok(accounts::find_id_by_email(db, &Email::parse(Some(email))?).await?)
}

/// A stable number for a name, so its pictures stay the same from run to run.
/// Demo guides' licences (issue 15): every certificate named "… Licence" gets a number and
/// an expiry more than a year ahead, and each verified guide is verified on their latest,
/// so the demo guides stay listed. Only what is missing is filled, so this also brings
/// older demo databases up to date and changes nothing the second time.
async fn demo_licences(db: &Db) -> anyhow::Result<()> {
    let unlicensed: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT c.id, u.email_lower, c.name FROM certifications c JOIN users u ON u.id = c.guide_id \
         WHERE u.email_lower LIKE '%demo.yatra.np' AND c.name LIKE '%Licence' AND c.licence_number IS NULL",
    )
    .fetch_all(&db.pool)
    .await?;
    let today = crate::calendar::today_in_nepal();
    for (id, email, name) in unlicensed {
        let n = seed_of(&format!("{email}/{name}"));
        let expires_on = today + time::Duration::days(400 + (n % 900) as i64);
        sqlx::query("UPDATE certifications SET licence_number = $1, expires_on = $2 WHERE id = $3")
            .bind(format!("NTB-{:05}", n % 100_000))
            .bind(crate::calendar::date_text(expires_on))
            .bind(&id)
            .execute(&db.pool)
            .await?;
    }
    sqlx::query(
        "UPDATE guide_details SET licence_expires_on = (SELECT MAX(c.expires_on) FROM certifications c \
           WHERE c.guide_id = guide_details.user_id AND c.licence_number IS NOT NULL) \
         WHERE status = 'verified' AND licence_expires_on IS NULL \
           AND user_id IN (SELECT id FROM users WHERE email_lower LIKE '%demo.yatra.np')",
    )
    .execute(&db.pool)
    .await?;
    Ok(())
}

fn seed_of(text: &str) -> u64 {
    text.bytes()
        .fold(0xcbf2_9ce4_8422_2325, |hash, b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Drawing is CPU work: one picture per core at a time, however many are asked for at once.
static DRAWING: std::sync::LazyLock<tokio::sync::Semaphore> = std::sync::LazyLock::new(|| {
    tokio::sync::Semaphore::new(std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2))
});

/// Draws and encodes a picture off the async runtime. Ask for several at once (join) to
/// keep every core drawing.
async fn drawn(
    draw: impl FnOnce() -> image::DynamicImage + Send + 'static,
) -> anyhow::Result<Processed> {
    drawn_with(draw, Variants::WebP).await
}

/// Like `drawn`, for a private picture (no WebP copies).
async fn drawn_with(
    draw: impl FnOnce() -> image::DynamicImage + Send + 'static,
    variants: Variants,
) -> anyhow::Result<Processed> {
    let _permit = DRAWING.acquire().await?;
    Ok(tokio::task::spawn_blocking(move || {
        encode_with_thumbnail(&draw(), OutputFormat::Jpeg, variants)
    })
    .await??)
}

fn landscape(
    scene: Scene,
    key: &str,
    width: u32,
    height: u32,
) -> impl FnOnce() -> image::DynamicImage + Send + use<> {
    let seed = seed_of(key);
    move || yatra_art::landscape(scene, seed, width, height)
}

fn portrait(key: &str) -> impl FnOnce() -> image::DynamicImage + Send + 'static {
    let seed = seed_of(key);
    move || yatra_art::portrait(seed, 512)
}

impl Seeder<'_> {
    /// Creates the account unless its email exists; returns the new account's id.
    async fn account(
        &mut self,
        email: &str,
        first: &str,
        last: &str,
        role: Role,
    ) -> anyhow::Result<Option<String>> {
        let email = Email::parse(Some(email))?;
        if accounts::find_id_by_email(self.db, &email).await?.is_some() {
            return Ok(None);
        }
        let first = PersonName::parse(Some(first), "First name")?;
        let last = PersonName::parse(Some(last), "Last name")?;
        let id =
            accounts::create_with_hash(self.db, &first, &last, &email, role, &self.hash).await?;
        self.seeded.accounts += 1;
        Ok(Some(id))
    }

    async fn demo_guide(&mut self, guide_id: &str) -> anyhow::Result<()> {
        let request: GuideProfileRequest = serde_json::from_value(json!({
            "bio": "Namaste! I am Pemba, born in Khumjung below Everest. For twelve years I have guided \
                    treks to Everest Base Camp, around Annapurna and through the Langtang valley, and \
                    walks through the temples and courtyards of the Kathmandu valley.",
            "nationality": "Nepali",
            "pricePerDay": 45,
            "expertiseLanguages": ["English", "Nepali", "Hindi"],
            "interests": ["Trekking", "Culture"],
            "contactInfo": { "phone": "+977 9801234567", "address": "Kathmandu" },
            "location": { "longitude": 85.324, "latitude": 27.7172 },
            "yearsOfExperience": 12,
        }))?;
        let certificates = [("Trekking Guide Licence", "Nepal Tourism Board", "2014-03-12")];
        self.guide_profile(guide_id, request, Scene::Peaks, GUIDE, &certificates, true).await
    }

    async fn demo_traveller(&mut self, traveller_id: &str) -> anyhow::Result<()> {
        let emma = content::Traveller {
            first_name: "Emma".into(),
            last_name: "Laurent".into(),
            email: TRAVELLER.into(),
            nationality: "French".into(),
            bio: "Photographer from Lyon, back in Nepal for the third time. I love slow treks and tea houses.".into(),
            interests: vec!["Trekking".into(), "Photography".into()],
            preferred_languages: vec!["English".into(), "French".into()],
        };
        let pokhara = Location { longitude: 83.9856, latitude: 28.2096 };
        self.traveller_profile(traveller_id, &emma, Some(pokhara)).await
    }

    async fn destination_exists(&self, name: &str) -> anyhow::Result<bool> {
        let exists: Option<(String,)> =
            sqlx::query_as("SELECT id FROM destinations WHERE lower(name) = lower($1)")
                .bind(name)
                .fetch_optional(&self.db.pool)
                .await?;
        Ok(exists.is_some())
    }

    async fn destination(
        &mut self,
        owner_id: &str,
        destination: &content::Destination,
        picture: Processed,
    ) -> anyhow::Result<()> {
        let input = destination_input(destination)?;
        crate::destinations::routes::create(
            self.db,
            self.media,
            owner_id,
            &input,
            picture,
            crate::destinations::routes::Audited::Seed,
        )
        .await?;
        self.seeded.destinations += 1;
        Ok(())
    }

    async fn guide(&mut self, guide: &content::Guide) -> anyhow::Result<()> {
        let Some(id) =
            self.account(&guide.email, &guide.first_name, &guide.last_name, Role::Guide).await?
        else {
            return Ok(());
        };
        let request: GuideProfileRequest = serde_json::from_value(json!({
            "bio": guide.bio,
            "nationality": guide.nationality,
            "pricePerDay": guide.price_per_day,
            "expertiseLanguages": guide.expertise_languages,
            "interests": guide.interests,
            "contactInfo": { "phone": guide.phone, "address": guide.address },
            "location": { "longitude": guide.longitude, "latitude": guide.latitude },
            "yearsOfExperience": guide.years_of_experience,
        }))?;
        let certificates: Vec<(&str, &str, &str)> = guide
            .certifications
            .iter()
            .map(|c| (c.name.as_str(), c.issuing_organization.as_str(), c.issue_date.as_str()))
            .collect();
        self.guide_profile(
            &id,
            request,
            guide.cover_scene,
            &guide.email,
            &certificates,
            guide.verified,
        )
        .await
    }

    /// A complete guide profile with pictures and certificates: verified, or submitted and
    /// waiting in the admins' queue.
    async fn guide_profile(
        &mut self,
        guide_id: &str,
        request: GuideProfileRequest,
        cover: Scene,
        key: &str,
        certificates: &[(&str, &str, &str)],
        verified: bool,
    ) -> anyhow::Result<()> {
        crate::guides::profile::save(self.db, guide_id, &GuideProfile::try_from(request)?).await?;
        // Certificate files are private: only the guide and admins ever see them. The
        // guides waiting in the admins' queue (and the demo guide) get pictures of theirs.
        let pictured = if verified && key != GUIDE { &certificates[..0] } else { certificates };
        let certificate_pictures = pictured.iter().map(|(name, _, _)| {
            let seed = seed_of(&format!("{key}/{name}"));
            drawn_with(move || yatra_art::certificate(seed, 900, 640), Variants::None)
        });
        let (cover, photo, certificate_pictures) = tokio::try_join!(
            drawn(landscape(cover, key, 1200, 450)),
            drawn(portrait(key)),
            try_join_all(certificate_pictures),
        )?;
        upload::replace_processed(self.db, self.media, guide_id, Slot::GuideCover, cover).await?;
        upload::replace_processed(self.db, self.media, guide_id, Slot::GuideProfilePicture, photo)
            .await?;
        let now = now_ms();
        let mut certificate_pictures = certificate_pictures.into_iter();
        for (index, (name, organization, date)) in certificates.iter().enumerate() {
            let image_id = match certificate_pictures.next() {
                Some(picture) => Some(
                    upload::save_processed(
                        self.db,
                        self.media,
                        guide_id,
                        MediaKind::Certificate,
                        picture,
                    )
                    .await?,
                ),
                None => None,
            };
            sqlx::query(
                "INSERT INTO certifications (id, guide_id, name, issuing_organization, issue_date, image_id, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
            )
            .bind(new_id())
            .bind(guide_id)
            .bind(*name)
            .bind(*organization)
            .bind(IssueDate::parse(date)?.to_text())
            .bind(image_id)
            .bind(now + index as i64)
            .execute(&self.db.pool)
            .await?;
        }
        let (status, review_state) =
            if verified { ("verified", "approved") } else { ("unverified", "submitted") };
        let mut tx = self.db.begin_write().await?;
        sqlx::query("UPDATE guide_details SET status = $1, review_state = $2, submitted_at = $3 WHERE user_id = $4")
            .bind(status)
            .bind(review_state)
            .bind(now)
            .bind(guide_id)
            .execute(&mut *tx)
            .await?;
        index::refresh(&mut tx, guide_id).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn traveller(&mut self, traveller: &content::Traveller) -> anyhow::Result<()> {
        let Some(id) = self
            .account(&traveller.email, &traveller.first_name, &traveller.last_name, Role::Tourist)
            .await?
        else {
            return Ok(());
        };
        self.traveller_profile(&id, traveller, None).await
    }

    /// A complete traveller profile with a photo (and, with a location, a cover).
    async fn traveller_profile(
        &mut self,
        traveller_id: &str,
        traveller: &content::Traveller,
        location: Option<Location>,
    ) -> anyhow::Result<()> {
        let profile = Change::Profile {
            bio: Bio::parse(Some(&traveller.bio))?,
            nationality: Nationality::parse(Some(&traveller.nationality))?,
            preferred_languages: Tags::parse(
                Some(&traveller.preferred_languages),
                ListOf::Languages,
            )?,
            interests: Tags::parse(Some(&traveller.interests), ListOf::Interests)?,
        };
        tourist_profile::apply(self.db, traveller_id, profile).await?;
        let key = &traveller.email;
        if let Some(location) = location {
            tourist_profile::apply(self.db, traveller_id, Change::Location(location)).await?;
            let cover = drawn(landscape(Scene::Lake, key, 1200, 450)).await?;
            upload::replace_processed(self.db, self.media, traveller_id, Slot::TouristCover, cover)
                .await?;
        }
        upload::replace_processed(
            self.db,
            self.media,
            traveller_id,
            Slot::TouristProfilePicture,
            drawn(portrait(key)).await?,
        )
        .await?;
        Ok(())
    }

    /// Each review is a completed past trip with its review; `demo-review-<n>` marks it done.
    async fn reviews(&mut self, reviews: &[content::Review]) -> anyhow::Result<()> {
        let mut ids: HashMap<String, String> = HashMap::new();
        let mut taken: HashSet<(String, String)> = HashSet::new();
        let mut touched: HashSet<String> = HashSet::new();
        let mut tours_of: HashMap<String, Vec<crate::tours::store::StoredTour>> = HashMap::new();
        let today = today_in_nepal();
        for (n, review) in reviews.iter().enumerate() {
            for email in [&review.guide, &review.traveller] {
                if !ids.contains_key(email) {
                    let id = id_of(self.db, email)
                        .await?
                        .ok_or_else(|| anyhow::anyhow!("review {n} names unknown {email}"))?;
                    ids.insert(email.clone(), id);
                }
            }
            let (guide_id, tourist_id) = (&ids[&review.guide], &ids[&review.traveller]);
            let key = format!("demo-review-{n}");
            if self.booking_exists(tourist_id, &key).await? {
                continue;
            }
            // A trip of one of the guide's tours where it has some (so the tour's destination
            // is rated by it), else a day with the guide.
            if !tours_of.contains_key(guide_id) {
                let tours = crate::tours::store::list_own(self.db, guide_id).await?;
                tours_of.insert(guide_id.clone(), tours);
            }
            let group = i32::try_from(review.group_size).unwrap_or(i32::MAX);
            let mut fitting: Vec<TourTrip> = tours_of[guide_id]
                .iter()
                .filter(|t| t.status == TourStatus::Published)
                .filter_map(|t| {
                    let tier = crate::tours::pricing::tier_for(&t.input.pricing, group)?;
                    Some(TourTrip {
                        id: &t.id,
                        days: t.input.days.len() as i64,
                        per_person_cents: tier.price_per_person_cents(),
                    })
                })
                .collect();
            let tour = (!fitting.is_empty()).then(|| fitting.swap_remove(n % fitting.len()));
            let days = tour.as_ref().map_or(1, |t| t.days);
            // A guide takes one trip a day: a review on a taken day moves a day earlier, and
            // the whole trip is over before today.
            let mut days_ago = review.days_ago.max(days);
            let mut date = date_text(today - time::Duration::days(days_ago));
            while !self.free(guide_id, &date, days, &taken).await? {
                days_ago += 1;
                date = date_text(today - time::Duration::days(days_ago));
            }
            for day in trip_days(&date, days) {
                taken.insert((guide_id.clone(), day));
            }
            let trip_ms = now_ms() - days_ago * DAY_MS;
            let trip = Trip {
                tourist_id,
                guide_id,
                date: &date,
                group_size: review.group_size,
                status: "completed",
                paid: true,
                key: &key,
                tour,
            };
            let booking_id = self.booking(trip, trip_ms).await?;
            let reviewed_ms = trip_ms + DAY_MS;
            let rating_id = new_id();
            let mut tx = self.db.begin_write().await?;
            sqlx::query(
                "INSERT INTO ratings (id, guide_id, tourist_id, booking_id, score, comment, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
            )
            .bind(&rating_id)
            .bind(guide_id)
            .bind(tourist_id)
            .bind(&booking_id)
            .bind(review.score)
            .bind(&review.comment)
            .bind(reviewed_ms)
            .execute(&mut *tx)
            .await?;
            sqlx::query("UPDATE guide_details SET rating_sum = rating_sum + $1, review_count = review_count + 1 WHERE user_id = $2")
                .bind(review.score)
                .bind(guide_id)
                .execute(&mut *tx)
                .await?;
            ratings::count_review(&mut tx, &rating_id, review.score, 1, reviewed_ms).await?;
            tx.commit().await?;
            touched.insert(guide_id.clone());
            self.seeded.reviews += 1;
        }
        for guide_id in touched {
            let mut conn = self.db.pool.acquire().await?;
            index::refresh(&mut conn, &guide_id).await?;
        }
        Ok(())
    }

    /// A published demo tour, unless its guide already has one of that title; the new tour's
    /// id, guide and title. The content is parsed as a guide's request is, so a mistake in
    /// it stops the seed naming the field.
    async fn tour(
        &mut self,
        tour: content::Tour,
    ) -> anyhow::Result<Option<(String, String, String)>> {
        let content::Tour { guide, destination, mut request } = tour;
        let title = request.title.clone().unwrap_or_default();
        let guide_id = id_of(self.db, &guide)
            .await?
            .ok_or_else(|| anyhow::anyhow!("the tour {title:?} names unknown {guide}"))?;
        let (destination_id,): (String,) =
            sqlx::query_as("SELECT id FROM destinations WHERE name = $1")
                .bind(&destination)
                .fetch_optional(&self.db.pool)
                .await?
                .ok_or_else(|| anyhow::anyhow!("the tour {title:?} names unknown {destination}"))?;
        request.destination_id = Some(Some(destination_id));
        let input = TourInput::parse(request, None)
            .map_err(|error| anyhow::anyhow!("the tour {title:?}: {error}"))?;
        let exists: Option<(String,)> =
            sqlx::query_as("SELECT id FROM tours WHERE guide_id = $1 AND title = $2")
                .bind(&guide_id)
                .bind(&input.title)
                .fetch_optional(&self.db.pool)
                .await?;
        if exists.is_some() {
            return Ok(None);
        }
        let mut tx = self.db.begin_write().await?;
        let id = crate::tours::store::insert(&mut tx, &guide_id, &input).await?;
        tx.commit().await?;
        // Published without the acknowledgement a guide gives for a high risk: the demo's
        // high-risk tours are there to show the warnings.
        crate::tours::store::set_status(self.db, &id, TourStatus::Published).await?;
        self.seeded.tours += 1;
        Ok(Some((id, guide_id, input.title)))
    }

    /// Group departures of two tours whose guides the browser journeys leave alone, a month
    /// and two ahead, so the demo shows seats to join. A tour that has departures keeps
    /// them; a date the guide is no longer free on is skipped.
    async fn departures(&mut self) -> anyhow::Result<()> {
        const DEPARTURES: [(&str, &str, [i64; 2], i64, i64, f64); 2] = [
            (
                "chhiring.lama@guides.demo.yatra.np",
                "Manaslu Circuit in 14 days",
                [40, 70],
                10,
                4,
                1150.0,
            ),
            ("kumar.rai@guides.demo.yatra.np", "Langtang Valley in 7 days", [30, 58], 6, 2, 420.0),
        ];
        let now = crate::db::now_ms();
        for (guide, title, starts, seats, min_to_run, price) in DEPARTURES {
            let Some(guide_id) = id_of(self.db, guide).await? else { continue };
            let tours = crate::tours::store::list_own(self.db, &guide_id).await?;
            let Some(tour) = tours.into_iter().find(|t| t.input.title == title) else { continue };
            if !crate::departures::store::of_tour(self.db, &tour.id, false).await?.is_empty() {
                continue;
            }
            for ahead in starts {
                let request = crate::departures::domain::DepartureRequest {
                    start_date: Some(date_text(today_in_nepal() + time::Duration::days(ahead))),
                    seats: Some(seats),
                    min_to_run: Some(min_to_run),
                    price_per_seat_usd: Some(price),
                };
                let departure =
                    crate::departures::domain::NewDeparture::parse(&request, &tour.input, now)
                        .map_err(|error| anyhow::anyhow!("a departure of {title:?}: {error}"))?;
                let days = tour.input.days.len();
                match crate::departures::store::open(
                    self.db, &tour.id, &guide_id, &departure, days, now,
                )
                .await
                {
                    Ok(_) | Err(crate::error::AppError::Conflict(_)) => {}
                    Err(error) => return Err(anyhow::anyhow!("a departure of {title:?}: {error}")),
                }
            }
        }
        Ok(())
    }

    /// Whether the guide has none of the `days` days from `first` taken, by a trip stored or
    /// one about to be.
    async fn free(
        &self,
        guide_id: &str,
        first: &str,
        days: i64,
        taken: &HashSet<(String, String)>,
    ) -> anyhow::Result<bool> {
        for day in trip_days(first, days) {
            if taken.contains(&(guide_id.to_owned(), day.clone()))
                || self.trip_on(guide_id, &day).await?
            {
                return Ok(false);
            }
        }
        Ok(true)
    }

    async fn trip_on(&self, guide_id: &str, date: &str) -> anyhow::Result<bool> {
        let (count,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM trip_days WHERE guide_id = $1 AND day = $2")
                .bind(guide_id)
                .bind(date)
                .fetch_one(&self.db.pool)
                .await?;
        Ok(count > 0)
    }

    async fn booking_exists(&self, tourist_id: &str, key: &str) -> anyhow::Result<bool> {
        let found: Option<(String,)> = sqlx::query_as(
            "SELECT id FROM bookings WHERE tourist_id = $1 AND idempotency_key = $2",
        )
        .bind(tourist_id)
        .bind(key)
        .fetch_optional(&self.db.pool)
        .await?;
        Ok(found.is_some())
    }

    /// A one-day booking priced at the guide's rate; a paid one has its sandbox payment; an
    /// approved or completed one holds its day; a pending or unpaid one expires after the
    /// default request TTL or payment window.
    async fn booking(&mut self, trip: Trip<'_>, created_ms: i64) -> anyhow::Result<String> {
        let Trip { tourist_id, guide_id, date, group_size, status, paid, key, tour } = trip;
        let (rate,): (i64,) =
            sqlx::query_as("SELECT price_per_day_cents FROM guide_details WHERE user_id = $1")
                .bind(guide_id)
                .fetch_one(&self.db.pool)
                .await?;
        let (tour_id, days, per_person) = match &tour {
            Some(tour) => (Some(tour.id), tour.days, tour.per_person_cents),
            None => (None, 1, rate),
        };
        let total = per_person * group_size;
        let trip = trip_days(date, days);
        let id = new_id();
        let mut tx = self.db.begin_write().await?;
        let holds_day = matches!(status, "approved" | "completed");
        let expires_at = match (status, paid) {
            ("pending", _) => Some(created_ms + 2 * DAY_MS),
            ("approved", false) => Some(created_ms + DAY_MS),
            _ => None,
        };
        sqlx::query(
            "INSERT INTO bookings (id, tourist_id, guide_id, selected_date, selected_time, group_size, price_per_person_cents, \
               total_amount_cents, booking_status, payment_status, idempotency_key, created_at, updated_at, days, end_date, \
               approved_at, answered_at, expires_at, tour_id) \
             VALUES ($1, $2, $3, $4, '09:00', $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14, $14, $15, $16)",
        )
        .bind(&id)
        .bind(tourist_id)
        .bind(guide_id)
        .bind(date)
        .bind(group_size)
        .bind(per_person)
        .bind(total)
        .bind(status)
        .bind(if paid { "paid" } else { "unpaid" })
        .bind(key)
        .bind(created_ms)
        .bind(days)
        .bind(trip.last().map_or(date, String::as_str))
        // Answered three hours after the request, so demo guides have a response time.
        .bind(holds_day.then_some(created_ms + DAY_MS / 8))
        .bind(expires_at)
        .bind(tour_id)
        .execute(&mut *tx)
        .await?;
        if holds_day {
            for day in &trip {
                sqlx::query(
                    "INSERT INTO trip_days (guide_id, day, booking_id) VALUES ($1, $2, $3)",
                )
                .bind(guide_id)
                .bind(day)
                .bind(&id)
                .execute(&mut *tx)
                .await?;
            }
        }
        if paid {
            let payment_id = new_id();
            sqlx::query(
                "INSERT INTO payments (id, booking_id, provider, provider_session_id, amount_cents, amount_minor, captured_minor, \
                   currency, status, paid_at, created_at, updated_at) VALUES ($1, $2, 'sandbox', $3, $4, $4, $4, 'usd', 'paid', $5, $5, $5)",
            )
            .bind(&payment_id)
            .bind(&id)
            .bind(format!("sandbox_seed_{id}"))
            .bind(total)
            .bind(created_ms)
            .execute(&mut *tx)
            .await?;
            // The demo guides' dashboards show real earnings, at the default commission.
            earnings::credit_payment(
                &mut tx,
                guide_id,
                &id,
                &payment_id,
                total,
                crate::config::DEFAULT_COMMISSION_PERCENT,
                created_ms,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// The author's id while their post is not there yet.
    async fn blog_author_without(&self, blog: &content::Blog) -> anyhow::Result<Option<String>> {
        let author_id = id_of(self.db, &blog.author)
            .await?
            .ok_or_else(|| anyhow::anyhow!("a blog names unknown {}", blog.author))?;
        let exists: Option<(String,)> =
            sqlx::query_as("SELECT id FROM blogs WHERE author_id = $1 AND title = $2")
                .bind(&author_id)
                .bind(&blog.title)
                .fetch_optional(&self.db.pool)
                .await?;
        if let Some((id,)) = &exists {
            // Posts seeded before they had Nepali texts get them.
            sqlx::query("UPDATE blogs SET title_ne = $1, description_ne = $2 WHERE id = $3 AND title_ne IS NULL AND description_ne IS NULL")
                .bind(&blog.title_ne)
                .bind(&blog.description_ne)
                .bind(id)
                .execute(&self.db.pool)
                .await?;
        }
        Ok(exists.is_none().then_some(author_id))
    }

    /// A travel post with its picture, liked by some of the travellers.
    async fn blog(
        &mut self,
        blog: &content::Blog,
        author_id: &str,
        picture: Processed,
        n: usize,
        readers: &[String],
    ) -> anyhow::Result<()> {
        let (role,): (String,) = sqlx::query_as("SELECT role FROM users WHERE id = $1")
            .bind(author_id)
            .fetch_one(&self.db.pool)
            .await?;
        let input = BlogInput {
            title: blog.title.clone(),
            body: blog.description.clone(),
            remove_image: false,
            nepali: Some(NepaliPost {
                title: Some(blog.title_ne.clone()),
                body: Some(blog.description_ne.clone()),
            }),
        };
        let created = now_ms() - blog.days_ago * DAY_MS;
        let id = crate::blogs::routes::create(
            self.db,
            self.media,
            author_id,
            &role,
            &input,
            Some(picture),
            created,
        )
        .await?;
        // Between two and nine readers like each post.
        for reader in readers.iter().cycle().skip(n * 5).take(2 + (n * 7) % 8) {
            if let Some(reader_id) = id_of(self.db, reader).await? {
                sqlx::query("INSERT INTO blog_likes (blog_id, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (blog_id, user_id) DO NOTHING")
                    .bind(&id)
                    .bind(&reader_id)
                    .bind(created + DAY_MS)
                    .execute(&self.db.pool)
                    .await?;
            }
        }
        self.seeded.blogs += 1;
        Ok(())
    }

    /// Bookings for the demo accounts to try every step: the traveller has three completed past
    /// trips to review and an approved trip to pay; the demo guide has a request to answer.
    async fn demo_journeys(&mut self) -> anyhow::Result<()> {
        let today = today_in_nepal();
        let journeys = [
            (
                TRAVELLER,
                "sunita.maharjan@guides.demo.yatra.np",
                -6,
                2,
                "completed",
                true,
                "demo-journey-reviewable",
            ),
            // A second one, so that journeys which review a trip need not share one.
            (
                TRAVELLER,
                "rajendra.bajracharya@guides.demo.yatra.np",
                -9,
                2,
                "completed",
                true,
                "demo-journey-reviewable-second",
            ),
            // A third, for the journey that reviews with sub-ratings and photos and is answered.
            (
                TRAVELLER,
                "hira.dura@guides.demo.yatra.np",
                -4,
                1,
                "completed",
                true,
                "demo-journey-reviewable-photos",
            ),
            (TRAVELLER, GUIDE, 14, 2, "approved", false, "demo-journey-to-pay"),
            (
                "claire.dubois@travellers.demo.yatra.np",
                GUIDE,
                21,
                3,
                "pending",
                false,
                "demo-journey-to-answer",
            ),
        ];
        for (tourist, guide, days, group_size, status, paid, key) in journeys {
            let (Some(tourist_id), Some(guide_id)) =
                (id_of(self.db, tourist).await?, id_of(self.db, guide).await?)
            else {
                continue;
            };
            if self.booking_exists(&tourist_id, key).await? {
                continue;
            }
            let mut date = date_text(today + time::Duration::days(days));
            let mut shift = days;
            while self.trip_on(&guide_id, &date).await? {
                shift += 1;
                date = date_text(today + time::Duration::days(shift));
            }
            let trip = Trip {
                tourist_id: &tourist_id,
                guide_id: &guide_id,
                date: &date,
                group_size,
                status,
                paid,
                key,
                tour: None,
            };
            self.booking(trip, now_ms()).await?;
            self.seeded.bookings += 1;
        }
        Ok(())
    }
}
