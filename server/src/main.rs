use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;
use yatra::app::Application;
use yatra::config::Config;
use yatra::db::Db;

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
    /// Print the OpenAPI document (the client's types are generated from it).
    Openapi,
}

#[tokio::main]
async fn main() {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_env("YATRA_LOG").unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")))
        .init();
    if let Err(error) = run(Cli::parse()).await {
        // One clear line, no backtrace: what is wrong and where.
        eprintln!("yatra: {error:#}");
        std::process::exit(2);
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Openapi => println!("{}", yatra::openapi::document()),
        Command::Migrate => {
            let config = Config::from_env()?;
            Db::connect(&config.database_url).await?.migrate().await?;
            println!("migrations applied");
        }
        Command::Serve => {
            let config = Config::from_env()?;
            let app = Application::build(config).await?;
            tracing::info!(port = app.port(), "yatra is listening");
            app.run_until_stopped().await?;
        }
    }
    Ok(())
}
