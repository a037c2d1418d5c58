//! Demo data for a fresh install: the three demo accounts the README lists, a complete
//! and verified guide profile, and a complete traveller profile. The pictures are drawn
//! here, so seeding needs no network. Seeding again changes nothing.

use image::{DynamicImage, Rgb, RgbImage};
use serde_json::json;

use crate::auth::accounts::{self, NewAccount};
use crate::auth::domain::{Email, NewPassword, PersonName, Role};
use crate::db::{Db, new_id, now_ms};
use crate::guides::domain::{GuideProfile, GuideProfileRequest, IssueDate};
use crate::media::processing::{OutputFormat, encode};
use crate::media::{MediaKind, MediaStore, Slot, upload};
use crate::profile::{Bio, ListOf, Location, Nationality, Tags};
use crate::tourists::profile::{self as tourist_profile, Change};

pub mod bulk;

pub const DEMO_PASSWORD: &str = "namaste-yatra";

const TRAVELLER: &str = "traveller@demo.yatra.np";
const GUIDE: &str = "guide@demo.yatra.np";

const DEMO_ACCOUNTS: [(&str, &str, &str, Role); 3] = [
    (TRAVELLER, "Emma", "Laurent", Role::Tourist),
    (GUIDE, "Pemba", "Sherpa", Role::Guide),
    ("admin@demo.yatra.np", "Yatra", "Admin", Role::Admin),
];

/// What one run of `seed --demo` added.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Seeded {
    pub accounts: usize,
    pub profiles: usize,
}

impl std::fmt::Display for Seeded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} account(s) and {} profile(s) created", self.accounts, self.profiles)
    }
}

/// Creates whichever demo accounts and profiles are missing.
pub async fn demo(db: &Db, media: &MediaStore) -> anyhow::Result<Seeded> {
    let mut seeded = Seeded::default();
    for (email, first, last, role) in DEMO_ACCOUNTS {
        let email = Email::parse(Some(email))?;
        if accounts::find_id_by_email(db, &email).await?.is_some() {
            continue;
        }
        let account = NewAccount {
            first_name: PersonName::parse(Some(first), "First name")?,
            last_name: PersonName::parse(Some(last), "Last name")?,
            email,
            password: NewPassword::parse(Some(DEMO_PASSWORD), Some(DEMO_PASSWORD))?,
            role,
        };
        accounts::create(db, account).await?;
        seeded.accounts += 1;
    }
    if let Some(guide_id) = id_without_picture(db, GUIDE, Role::Guide).await? {
        seed_guide(db, media, &guide_id).await?;
        seeded.profiles += 1;
    }
    if let Some(traveller_id) = id_without_picture(db, TRAVELLER, Role::Tourist).await? {
        seed_traveller(db, media, &traveller_id).await?;
        seeded.profiles += 1;
    }
    Ok(seeded)
}

/// The demo account's id while its profile has no photo yet (the photo is seeded last).
async fn id_without_picture(db: &Db, email: &str, role: Role) -> anyhow::Result<Option<String>> {
    let sql = match role {
        Role::Guide => {
            "SELECT u.id FROM users u LEFT JOIN guide_details d ON d.user_id = u.id \
             WHERE u.email_lower = $1 AND d.profile_picture_id IS NULL"
        }
        _ => {
            "SELECT u.id FROM users u LEFT JOIN tourist_details d ON d.user_id = u.id \
             WHERE u.email_lower = $1 AND d.profile_picture_id IS NULL"
        }
    };
    let found: Option<(String,)> = sqlx::query_as(sql).bind(email).fetch_optional(&db.pool).await?;
    Ok(found.map(|(id,)| id))
}

async fn seed_guide(db: &Db, media: &MediaStore, guide_id: &str) -> anyhow::Result<()> {
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
    let profile = GuideProfile::try_from(request)?;
    crate::guides::profile::save(db, guide_id, &profile).await?;
    upload::replace(db, media, guide_id, Slot::GuideCover, jpeg(mountains(1600, 600, DAWN))?).await?;

    let licence = upload::save(db, media, guide_id, MediaKind::Certificate, jpeg(mountains(800, 560, DAY))?).await?;
    let now = now_ms();
    sqlx::query(
        "INSERT INTO certifications (id, guide_id, name, issuing_organization, issue_date, image_id, created_at, updated_at) \
         VALUES ($1, $2, 'Trekking Guide Licence', 'Nepal Tourism Board', $3, $4, $5, $5)",
    )
    .bind(new_id())
    .bind(guide_id)
    .bind(IssueDate::parse("2014-03-12")?.to_text())
    .bind(&licence)
    .bind(now)
    .execute(&db.pool)
    .await?;
    sqlx::query(
        "UPDATE guide_details SET status = 'verified', review_state = 'approved', submitted_at = $1 WHERE user_id = $2",
    )
    .bind(now)
    .bind(guide_id)
    .execute(&db.pool)
    .await?;
    // Last, because a photo marks the profile as seeded.
    upload::replace(db, media, guide_id, Slot::GuideProfilePicture, jpeg(mountains(640, 640, DUSK))?).await?;
    Ok(())
}

async fn seed_traveller(db: &Db, media: &MediaStore, traveller_id: &str) -> anyhow::Result<()> {
    let profile = Change::Profile {
        bio: Bio::parse(Some("Photographer from Lyon, back in Nepal for the third time. I love slow treks and tea houses."))?,
        nationality: Nationality::parse(Some("French"))?,
        preferred_languages: Tags::parse(Some(&["English".to_owned(), "French".to_owned()]), ListOf::Languages)?,
        interests: Tags::parse(Some(&["Trekking".to_owned(), "Photography".to_owned()]), ListOf::Interests)?,
    };
    tourist_profile::apply(db, traveller_id, profile).await?;
    let pokhara = Location { longitude: 83.9856, latitude: 28.2096 };
    tourist_profile::apply(db, traveller_id, Change::Location(pokhara)).await?;
    upload::replace(db, media, traveller_id, Slot::TouristCover, jpeg(mountains(1600, 600, DAY))?).await?;
    upload::replace(db, media, traveller_id, Slot::TouristProfilePicture, jpeg(mountains(640, 640, DAWN))?).await?;
    Ok(())
}

/// Sky at the top, sky at the horizon, near ridges.
type Palette = ([u8; 3], [u8; 3], [u8; 3]);
const DAWN: Palette = ([250, 170, 120], [255, 226, 180], [70, 60, 90]);
const DAY: Palette = ([70, 130, 200], [190, 220, 245], [60, 90, 80]);
const DUSK: Palette = ([40, 40, 90], [230, 120, 90], [35, 35, 55]);

/// A sky gradient over two snow-capped ridges.
fn mountains(width: u32, height: u32, (sky_top, sky_low, ridge): Palette) -> DynamicImage {
    let mix = |a: [u8; 3], b: [u8; 3], t: f32| Rgb([0, 1, 2].map(|i| (a[i] as f32 + (b[i] as f32 - a[i] as f32) * t) as u8));
    let (w, h) = (width as f32, height as f32);
    // Height of each ridge at x (0 = top): a few overlapping slopes.
    let far = |x: f32| h * (0.45 + 0.18 * ((x / w * 7.0).sin().abs() - 0.3 * (x / w * 13.0).cos()));
    let near = |x: f32| h * (0.65 + 0.12 * (x / w * 4.0 + 1.0).sin());
    let picture = RgbImage::from_fn(width, height, |x, y| {
        let (x, y) = (x as f32, y as f32);
        if y >= near(x) {
            mix(ridge, [20, 30, 25], (y - near(x)) / h)
        } else if y >= far(x) {
            // Snow on the top tenth of the far range.
            if y < far(x) + h * 0.06 { Rgb([245, 248, 252]) } else { mix([140, 150, 170], ridge, 0.5) }
        } else {
            mix(sky_top, sky_low, y / h)
        }
    });
    DynamicImage::ImageRgb8(picture)
}

fn jpeg(picture: DynamicImage) -> anyhow::Result<Vec<u8>> {
    Ok(encode(&picture, OutputFormat::Jpeg)?)
}
