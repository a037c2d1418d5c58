//! The application: state, router and middleware, bound to a listener.

use crate::search_index::SearchIndex;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderName, HeaderValue, Method, header};
use axum::serve::ListenerExt;
use axum::{Extension, Router};
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use utoipa_axum::router::OpenApiRouter;

use crate::catalogue::CatalogueCache;
use crate::config::{Config, PaymentMode};
use crate::db::Db;
use crate::http::state::{AppState, JSON_BODY_LIMIT, Services, TripSweep};
use crate::http::tokens::TokenKeys;
use crate::hub::NotificationHub;
use crate::media_store::MediaStore;
use crate::providers::esewa::EsewaStatusApi;
use crate::providers::khalti::Khalti;
use crate::providers::stripe::Stripe;
use crate::sweep::{self, SweepContext};
use crate::tours::listing::TourListing;
use crate::{
    admin, auth, blogs, bookings, currencies, deadline, destinations, earnings, guides, health,
    media, messages, moderation, monitoring, notifications, openapi, pages, payments, reviews,
    saved, sos, tourists, tours,
};

/// Every API route, with its OpenAPI description collected alongside.
pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::base())
        .nest(
            "/api/v1",
            auth::routes::router()
                .merge(auth::recovery::router())
                .merge(guides::routes::router())
                .merge(guides::directory::router())
                .merge(guides::map::router())
                .merge(reviews::routes::router())
                .merge(destinations::routes::router())
                .merge(saved::router())
                .merge(notifications::routes::router())
                .merge(messages::routes::router())
                .merge(bookings::routes::router())
                .merge(bookings::availability::router())
                .merge(payments::routes::router())
                .merge(payments::methods::router())
                .merge(payments::wallets::router())
                .merge(payments::manual_refunds::router())
                .merge(blogs::routes::router())
                .merge(tourists::routes::router())
                .merge(tours::routes::router())
                .merge(tours::photo_routes::router())
                .merge(crate::departures::routes::router())
                .merge(crate::offers::routes::router())
                .merge(sos::routes::router())
                .merge(crate::buddy::routes::router())
                .merge(admin::routes::router())
                .merge(earnings::routes::router())
                .merge(earnings::payouts::router())
                .merge(currencies::routes::router())
                .merge(moderation::reports::router())
                .merge(moderation::hiding::router())
                .merge(moderation::suspension::router())
                .merge(moderation::audit_log::router())
                .merge(media::routes::api_router()),
        )
        .merge(media::routes::public_router())
        .merge(crate::pages::sharing::router())
        .merge(health::router())
        .merge(monitoring::router())
}

/// The API's OpenAPI document, as the client's type generator reads it.
pub fn openapi_document() -> String {
    let (_, spec) = api().split_for_parts();
    openapi::with_generic_errors(spec).to_pretty_json().unwrap_or_default()
}

/// The whole application; `client` serves the built client (see `pages::client`).
pub fn router(state: AppState, client: Router) -> Router {
    let (api, spec) = api().split_for_parts();
    let x_request_id = HeaderName::from_static("x-request-id");

    // Compressed as they go out; the client's files carry their own precompressed
    // variants and must not be compressed twice.
    let dynamic = Router::new()
        .merge(api)
        .merge(openapi::docs(spec))
        .nest("/api", Router::new().fallback(pages::client::api_not_found))
        .layer(CompressionLayer::new())
        // Outside compression, so a kept answer is kept compressed (per Accept-Encoding).
        .layer(axum::middleware::from_fn_with_state(state.clone(), crate::catalogue::serve));
    let mut app = Router::new()
        .merge(dynamic)
        .fallback_service(client)
        .layer(axum::middleware::from_fn_with_state(state.clone(), crate::http::admission::admit))
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(axum::middleware::from_fn_with_state(state.clone(), deadline::enforce))
        .layer(security_headers())
        .layer(cors(&state.config.server.cors_origins))
        .layer(PropagateRequestIdLayer::new(x_request_id.clone()));
    if state.config.server.metrics {
        app = app.layer(axum::middleware::from_fn(monitoring::track));
    }
    app.layer(TraceLayer::new_for_http().make_span_with(|request: &axum::http::Request<_>| {
        let request_id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-");
        tracing::info_span!("request", method = %request.method(), uri = %request.uri().path(), request_id = %request_id)
    }))
    .layer(SetRequestIdLayer::new(x_request_id, MakeRequestUuid))
    // Outermost, so every answer, errors from the layers above included, is in the
    // request's language.
    .layer(axum::middleware::from_fn(crate::i18n::answer_in_request_language))
    .with_state(state)
}

fn security_headers() -> tower::layer::util::Stack<
    SetResponseHeaderLayer<HeaderValue>,
    tower::layer::util::Stack<
        SetResponseHeaderLayer<HeaderValue>,
        tower::layer::util::Stack<
            SetResponseHeaderLayer<HeaderValue>,
            SetResponseHeaderLayer<HeaderValue>,
        >,
    >,
> {
    // Scripts only from our own origin; styles may be inline (the client sets style
    // attributes); images also from https for map tiles and data/blob for previews.
    const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
        img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; \
        object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
    tower::layer::util::Stack::new(
        SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ),
        tower::layer::util::Stack::new(
            SetResponseHeaderLayer::overriding(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            tower::layer::util::Stack::new(
                SetResponseHeaderLayer::overriding(
                    header::REFERRER_POLICY,
                    HeaderValue::from_static("strict-origin-when-cross-origin"),
                ),
                SetResponseHeaderLayer::overriding(
                    header::X_FRAME_OPTIONS,
                    HeaderValue::from_static("DENY"),
                ),
            ),
        ),
    )
}

/// A bug must still answer in our error shape, and the server keeps serving.
fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> axum::response::Response {
    use axum::response::IntoResponse;
    crate::error::AppError::Internal(anyhow::anyhow!("handler panicked")).into_response()
}

fn cors(origins: &[String]) -> CorsLayer {
    let origins = if origins.iter().any(|o| o == "*") {
        AllowOrigin::any()
    } else {
        AllowOrigin::list(origins.iter().filter_map(|o| o.parse().ok()))
    };
    CorsLayer::new()
        .allow_origin(origins)
        .allow_methods([Method::GET, Method::POST, Method::PATCH, Method::PUT, Method::DELETE])
        .allow_headers([
            header::AUTHORIZATION,
            header::CONTENT_TYPE,
            HeaderName::from_static("idempotency-key"),
        ])
        .max_age(Duration::from_secs(3600))
}

/// A built application bound to its port, ready to serve. Binding here (not in `main`)
/// lets tests start the real thing on port 0.
pub struct Application {
    listener: TcpListener,
    router: Router,
    notifications: NotificationHub,
    trips: TripSweep,
    sweep: SweepContext,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let db = Db::connect_with(&config.database.url, config.database.max_connections).await?;
        db.migrate().await?;
        crate::housekeeping::start(db.clone());
        if !config.server.rate_limits {
            tracing::warn!(
                "YATRA_RATE_LIMITS=false: sign-in and rate limits are OFF (load benchmarks only)"
            );
        }
        let listener = TcpListener::bind(config.server.addr)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.server.addr))?;
        let tokens = TokenKeys::new(&config.auth.jwt_secret.0);
        let media = MediaStore::from_config(&config.media)?;
        let notifications = NotificationHub::start(&db, &config.database.url).await;
        let stripe = config.payments.stripe.as_ref().map(Stripe::new).transpose()?;
        let khalti = config.payments.khalti.as_ref().map(Khalti::new).transpose()?;
        let esewa = config
            .payments
            .esewa
            .as_ref()
            .map(|esewa| EsewaStatusApi::new(&esewa.status_url))
            .transpose()?;
        let assistant = config
            .assistant
            .as_ref()
            .map(crate::providers::language_model::LanguageModel::new)
            .transpose()?;
        match &config.assistant {
            Some(model) => {
                tracing::info!(url = %model.url, model = %model.model, "Tourist Buddy answers through a model")
            }
            None => tracing::info!(
                "Tourist Buddy answers with its embedded answers (no YATRA_ASSISTANT_URL)"
            ),
        }
        tracing::info!(khalti = ?config.payments.khalti_mode(), esewa = ?config.payments.esewa_mode(), npr_per_usd = ?config.payments.npr_per_usd, "wallet payments");
        match config.payments.card_mode() {
            PaymentMode::None => tracing::warn!(
                payments = "none",
                "card payments are not set up: checkouts answer 503 (set YATRA_STRIPE_SECRET_KEY, or YATRA_PAYMENTS_SANDBOX=true on a test server)"
            ),
            PaymentMode::Sandbox => tracing::warn!(
                payments = "sandbox",
                "card payments run in the sandbox: bookings are marked paid without money moving"
            ),
            PaymentMode::Stripe => {
                tracing::info!(payments = "stripe", "card payments through Stripe")
            }
        }
        if config.server.metrics {
            monitoring::start();
        }
        let sweep = SweepContext {
            db: db.clone(),
            hub: notifications.clone(),
            stripe: stripe.clone(),
            khalti: khalti.clone(),
            every: config.trips.sweep_every,
            refund_retry: config.trips.refund_retry,
        };
        crate::outbox::Outbox::new(db.clone(), &config)?.start();
        let trips = TripSweep::default();
        let catalogue = CatalogueCache::new(config.server.catalogue_cache_bytes);
        let search = if config.server.search_index {
            let loading = std::time::Instant::now();
            let search = SearchIndex::load(&db).await?;
            tracing::info!(guides = search.guides(), took = ?loading.elapsed(), "guide search loaded");
            Some(search)
        } else {
            tracing::warn!(
                "guide search reads the database on every request (YATRA_SEARCH_INDEX=false)"
            );
            None
        };
        catalogue.follow(notifications.subscribe(), search.clone(), db.clone());
        let tours = TourListing::start(db.clone(), catalogue.clone());
        let state = AppState::new(Services {
            db,
            config: Arc::new(config),
            tokens,
            media,
            notifications: notifications.clone(),
            stripe,
            khalti,
            esewa,
            list_counts: Default::default(),
            upload_places: Default::default(),
            trips: trips.clone(),
            catalogue,
            buddy: assistant,
            search,
        });
        // Pages put some API answers in their HTML (`pages::first_paint`), asked of the API itself.
        let client = pages::client::client(
            &state.config.server.web_dir,
            state.db.clone(),
            &state.config.server.public_url,
            api().split_for_parts().0.with_state(state.clone()).layer(Extension(tours.clone())),
        )?;
        // The tour listing reaches the tours routes as an extension: it belongs to a
        // feature, which the HTTP kernel's `AppState` does not import.
        let router = router(state, client).layer(Extension(tours));
        Ok(Self { listener, router, notifications, trips, sweep })
    }

    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or(0)
    }

    /// Serves, and runs the trip sweep alongside, until a shutdown signal.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.run_until(shutdown_signal()).await
    }

    /// Serves until `stop` resolves, then ends open event streams and finishes the
    /// requests in flight.
    pub async fn run_until(
        self,
        stop: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let sweep = sweep::start(&self.trips, self.sweep);
        let service = self.router.into_make_service_with_connect_info::<SocketAddr>();
        // Small answers go out at once instead of waiting for the client's delayed ACK.
        let listener = self.listener.tap_io(|tcp| {
            if let Err(e) = tcp.set_nodelay(true) {
                tracing::debug!(error = %e, "cannot set TCP_NODELAY");
            }
        });
        let notifications = self.notifications;
        let served = axum::serve(listener, service)
            .with_graceful_shutdown(async move {
                stop.await;
                tracing::info!(
                    "shutting down: closing event streams, finishing requests in flight"
                );
                notifications.close();
            })
            .await;
        sweep.abort();
        served
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}
