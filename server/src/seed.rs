//! Demo data for a fresh install: the three demo accounts the README lists. Seeding
//! again changes nothing.

use crate::auth::accounts::{self, NewAccount};
use crate::auth::domain::{Email, NewPassword, PersonName, Role};
use crate::db::Db;

pub const DEMO_PASSWORD: &str = "namaste-yatra";

const DEMO_ACCOUNTS: [(&str, &str, &str, Role); 3] = [
    ("traveller@demo.yatra.np", "Emma", "Laurent", Role::Tourist),
    ("guide@demo.yatra.np", "Pemba", "Sherpa", Role::Guide),
    ("admin@demo.yatra.np", "Yatra", "Admin", Role::Admin),
];

/// Creates whichever demo accounts are missing; returns how many it created.
pub async fn demo(db: &Db) -> anyhow::Result<usize> {
    let mut created = 0;
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
        created += 1;
    }
    Ok(created)
}
