use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;
use yatra::app::Application;
use yatra::auth::accounts::{self, NewAccount};
use yatra::auth::domain::{Email, NewPassword, PersonName};
use yatra::config::Config;
use yatra::db::Db;
use yatra::http::Role;
use yatra::media_store::MediaStore;

#[derive(Parser)]
#[command(name = "yatra", about = "Yatra: find, book and pay local tour guides in Nepal")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run migrations, then serve the API and the client.
    Serve,
    /// Apply database migrations and exit.
    Migrate,
    /// Add demo data (idempotent) and/or bulk data for load tests.
    Seed {
        /// The demo accounts and the demo content (destinations, guides, reviews).
        #[arg(long)]
        demo: bool,
        /// Add this many more verified guides, with travellers and reviews, for load tests.
        #[arg(long, value_name = "N")]
        bulk: Option<usize>,
    },
    /// Create an admin account. The password comes from YATRA_ADMIN_PASSWORD, else a prompt.
    CreateAdmin {
        #[arg(long)]
        email: String,
        #[arg(long, default_value = "Yatra")]
        first_name: String,
        #[arg(long, default_value = "Admin")]
        last_name: String,
    },
    /// Print the OpenAPI document (the client's types are generated from it).
    Openapi,
    /// Work on stored images.
    Media {
        #[command(subcommand)]
        action: MediaCommand,
    },
}

#[derive(Subcommand)]
enum MediaCommand {
    /// Make the WebP copies public images stored by an older version lack.
    Backfill,
}

#[tokio::main]
async fn main() {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("YATRA_LOG")
                .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")),
        )
        .init();
    if let Err(error) = run(Cli::parse()).await {
        // One clear line, no backtrace: what is wrong and where.
        eprintln!("yatra: {error:#}");
        std::process::exit(2);
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Openapi => println!("{}", yatra::app::openapi_document()),
        Command::Serve => {
            let app = Application::build(Config::from_env()?).await?;
            tracing::info!(port = app.port(), "yatra is listening");
            app.run_until_stopped().await?;
        }
        Command::Migrate => {
            migrated_db().await?;
            println!("migrations applied");
        }
        Command::Seed { demo, bulk } => {
            if !demo && bulk.is_none() {
                anyhow::bail!("say what to seed: yatra seed --demo, or yatra seed --bulk N");
            }
            let db = migrated_db().await?;
            if demo {
                let config = Config::from_env()?;
                let media = MediaStore::from_config(&config.media)?;
                let seeded = yatra::seed::demo(&db, &media).await?;
                println!("demo data: {seeded} (password {:?})", yatra::seed::DEMO_PASSWORD);
            }
            if let Some(count) = bulk {
                let started = std::time::Instant::now();
                let seeded = yatra::seed::bulk::guides(&db, count).await?;
                println!(
                    "bulk data: {} guides, {} tours, {} travellers and {} reviews added in {:.1} s",
                    seeded.guides,
                    seeded.tours,
                    seeded.travellers,
                    seeded.reviews,
                    started.elapsed().as_secs_f64()
                );
            }
        }
        Command::Media { action: MediaCommand::Backfill } => {
            let db = migrated_db().await?;
            let media = MediaStore::from_config(&Config::from_env()?.media)?;
            let done = yatra::media::backfill::webp_copies(&db, &media).await?;
            println!(
                "WebP copies made for {} images ({} skipped, see the log)",
                done.images, done.skipped
            );
        }
        Command::CreateAdmin { email, first_name, last_name } => {
            let db = migrated_db().await?;
            let email = Email::parse(Some(&email))?;
            if accounts::find_id_by_email(&db, &email).await?.is_some() {
                println!(
                    "an account with email {} already exists; nothing changed",
                    email.as_str()
                );
                return Ok(());
            }
            let password = match std::env::var("YATRA_ADMIN_PASSWORD") {
                Ok(password) if !password.is_empty() => password,
                _ => rpassword::prompt_password("Password for the new admin: ")?,
            };
            let account = NewAccount {
                first_name: PersonName::parse(Some(&first_name), "First name")?,
                last_name: PersonName::parse(Some(&last_name), "Last name")?,
                email,
                password: NewPassword::parse(Some(&password), Some(&password))?,
                role: Role::Admin,
            };
            accounts::create(&db, account).await?;
            println!("admin account created");
        }
    }
    Ok(())
}

async fn migrated_db() -> anyhow::Result<Db> {
    let db = Db::connect(&Config::from_env()?.database.url).await?;
    db.migrate().await?;
    Ok(db)
}
