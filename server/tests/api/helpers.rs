//! The harness: each test gets the real application on a random port, with a database
//! and a data directory of its own, and typed helpers to call it.
//!
//! The backend is chosen by `YATRA_TEST_BACKEND` (`sqlite`, the default, or `postgres`).
//! PostgreSQL databases are created per test from `YATRA_TEST_POSTGRES_URL` and dropped
//! when the `TestApp` is dropped.

use std::collections::HashMap;

use reqwest::multipart::{Form, Part};
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use sqlx::{AssertSqlSafe, Connection, PgConnection};
use yatra::app::Application;
use yatra::auth::accounts::{self, NewAccount};
use yatra::auth::domain::{Email, NewPassword, PersonName};
use yatra::config::Config;
use yatra::db::Db;
use yatra::http::Role;

/// Signing secret of every test server, so tests can forge tokens.
pub const JWT_SECRET: &str = "yatra-test-signing-secret-0123456789-abcdefghij";
/// A password that meets the rules, used by every helper-made account.
pub const PASSWORD: &str = "namaste-himalaya-42";

const DEFAULT_POSTGRES_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

pub struct TestApp {
    /// `http://127.0.0.1:<port>`, no trailing slash.
    pub address: String,
    pub client: reqwest::Client,
    /// The configuration the server runs with (its database, media dir or bucket).
    pub config: Config,
    /// Kept so the directory lives as long as the server; removed on drop.
    _data_dir: tempfile::TempDir,
    _database: TestDatabase,
}

/// A signed-in account made by `signup_and_login` (named Sita Rai, password `PASSWORD`).
#[derive(Clone, Debug)]
pub struct TestUser {
    pub email: String,
    pub token: String,
    pub refresh_token: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub fn backend() -> Backend {
    match std::env::var("YATRA_TEST_BACKEND").as_deref().map(str::trim) {
        Err(_) | Ok("") | Ok("sqlite") => Backend::Sqlite,
        Ok("postgres") | Ok("postgresql") => Backend::Postgres,
        Ok(other) => panic!("YATRA_TEST_BACKEND={other:?}: expected sqlite or postgres"),
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(&[]).await
}

/// Like `spawn_app`, with extra `YATRA_*` settings (they win over the harness's own).
pub async fn spawn_app_with(extra: &[(&str, &str)]) -> TestApp {
    let data_dir = tempfile::tempdir().expect("cannot create a temp data dir");
    let database = TestDatabase::create(&data_dir).await;

    let mut env: HashMap<String, String> = HashMap::new();
    env.insert("YATRA_ADDR".into(), "127.0.0.1:0".into());
    env.insert("YATRA_DATA_DIR".into(), data_dir.path().display().to_string());
    // No built client here: the root answers JSON and unknown paths 404.
    env.insert("YATRA_WEB_DIR".into(), data_dir.path().join("no-web").display().to_string());
    env.insert("YATRA_JWT_SECRET".into(), JWT_SECRET.into());
    env.insert("YATRA_DATABASE_URL".into(), database.url.clone());
    // Emails are due at once; a short poll keeps tests that wait for one quick.
    env.insert("YATRA_EMAIL_POLL_MS".into(), "20".into());
    // The payment tests pay through the sandbox; tests of other payment modes override it.
    env.insert("YATRA_PAYMENTS_SANDBOX".into(), "true".into());
    for (name, value) in extra {
        env.insert((*name).into(), (*value).into());
    }

    let config = Config::from_lookup(|name| env.get(name).cloned()).expect("test config is valid");
    let app = Application::build(config.clone()).await.expect("the application builds");
    let port = app.port();
    tokio::spawn(app.run_until_stopped());

    TestApp {
        address: format!("http://127.0.0.1:{port}"),
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("reqwest client"),
        config,
        _data_dir: data_dir,
        _database: database,
    }
}

/// The files of `spawn_app_with_client`'s tiny built client, by path under the web dir.
pub fn tiny_client_files() -> Vec<(&'static str, Vec<u8>)> {
    let page = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Yatra</title>\
         <script type=\"module\" src=\"/assets/index-3f9a1c.js\"></script></head><body><div id=\"root\"></div>{}</body></html>",
        "<!-- the client renders here -->".repeat(40)
    );
    let script = "export function greet(name) { return `Namaste, ${name}!`; }\n".repeat(200);
    let favicon = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 64 64\">{}</svg>",
        "<circle cx=\"32\" cy=\"32\" r=\"30\" fill=\"#b45309\"/>".repeat(12)
    );
    vec![
        ("index.html", page.into_bytes()),
        ("favicon.svg", favicon.into_bytes()),
        ("assets/index-3f9a1c.js", script.into_bytes()),
        ("assets/peak-77aa01.png", png(40, 40, false)),
        // What vite-plugin-pwa writes beside index.html: the service worker and the manifest.
        ("sw.js", "self.addEventListener('fetch', () => {});\n".repeat(40).into_bytes()),
        (
            "manifest.webmanifest",
            format!(
                "{{\"name\":\"Yatra\",\"display\":\"standalone\",\"icons\":[{}]}}",
                "{\"src\":\"/icons/icon-192.png\"},".repeat(20).trim_end_matches(',')
            )
            .into_bytes(),
        ),
    ]
}

/// `spawn_app_with`, serving a tiny built client (`tiny_client_files`). Its directory is
/// removed once the server has started: the files are served from memory.
pub async fn spawn_app_with_client(extra: &[(&str, &str)]) -> TestApp {
    let web = tempfile::tempdir().expect("cannot create a temp web dir");
    for (path, bytes) in tiny_client_files() {
        let file = web.path().join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, bytes).unwrap();
    }
    let web_dir = web.path().display().to_string();
    let mut settings = vec![("YATRA_WEB_DIR", web_dir.as_str())];
    settings.extend_from_slice(extra);
    spawn_app_with(&settings).await
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client.get(self.url(path)).send().await.expect("request failed")
    }

    pub async fn get_auth(&self, path: &str, token: &str) -> Response {
        self.client.get(self.url(path)).bearer_auth(token).send().await.expect("request failed")
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> Response {
        self.client.post(self.url(path)).json(body).send().await.expect("request failed")
    }

    /// POST with a body sent as it is, labelled JSON.
    pub async fn post_raw_json(&self, path: &str, body: impl Into<reqwest::Body>) -> Response {
        self.client
            .post(self.url(path))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("request failed")
    }

    pub async fn patch_json_auth(&self, path: &str, body: &Value, token: &str) -> Response {
        self.client
            .patch(self.url(path))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
            .expect("request failed")
    }

    pub async fn signup(&self, body: &Value) -> Response {
        self.post_json("/api/v1/auth/signup", body).await
    }

    pub async fn login_response(&self, email: &str, password: &str) -> Response {
        self.post_json("/api/v1/auth/login", &json!({ "email": email, "password": password })).await
    }

    /// Signs in and returns `(token, refresh_token, role)`; panics unless it succeeds.
    pub async fn login(&self, email: &str, password: &str) -> (String, String, String) {
        let response = self.login_response(email, password).await;
        assert_eq!(response.status(), StatusCode::OK, "login of {email} failed");
        let body: Value = response.json().await.unwrap();
        (
            body["token"].as_str().expect("token").to_owned(),
            body["refreshToken"].as_str().expect("refreshToken").to_owned(),
            body["role"].as_str().expect("role").to_owned(),
        )
    }

    pub async fn refresh(&self, refresh_token: &str) -> Response {
        self.post_json("/api/v1/auth/refresh", &json!({ "refreshToken": refresh_token })).await
    }

    pub async fn logout(&self, refresh_token: &str) -> Response {
        self.post_json("/api/v1/auth/logout", &json!({ "refreshToken": refresh_token })).await
    }

    /// The signed-in account's `data` from `GET /api/v1/auth/me`; panics unless 200.
    pub async fn me(&self, token: &str) -> Value {
        let response = self.get_auth("/api/v1/auth/me", token).await;
        assert_eq!(response.status(), StatusCode::OK);
        let body: Value = response.json().await.unwrap();
        body["data"].clone()
    }

    /// Starts another server on the same database, data dir and settings (a second
    /// replica behind a load balancer); returns its address.
    pub async fn replica(&self) -> String {
        let app = Application::build(self.config.clone()).await.expect("the replica builds");
        let port = app.port();
        tokio::spawn(app.run_until_stopped());
        format!("http://127.0.0.1:{port}")
    }

    /// `replica`, and a switch that stops it the way SIGTERM does: its event streams end
    /// and it stops listening.
    pub async fn stoppable_replica(&self) -> (String, tokio::sync::oneshot::Sender<()>) {
        let app = Application::build(self.config.clone()).await.expect("the replica builds");
        let port = app.port();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(app.run_until(async move {
            let _ = stopped.await;
        }));
        (format!("http://127.0.0.1:{port}"), stop)
    }

    /// A connection pool to the server's own database, for checks the API does not show
    /// and for test-only setup (admins have no HTTP sign-up).
    pub async fn db(&self) -> Db {
        Db::connect(&self.config.database.url).await.expect("the test database opens")
    }

    /// The ledger's invariants: for every booking its entries sum to what was captured
    /// (its paid payment) minus what was refunded (carried-out refunds of that payment), and
    /// no guide was paid out more than they earned. Called after every money scenario.
    pub async fn assert_ledger_balances(&self) {
        let db = self.db().await;
        let off: Vec<(String, i64, i64)> = sqlx::query_as(
            "SELECT b.id, \
               CAST(COALESCE((SELECT SUM(l.amount_cents) FROM ledger_entries l WHERE l.booking_id = b.id), 0) AS BIGINT), \
               CAST(COALESCE((SELECT SUM(p.amount_cents) FROM payments p WHERE p.booking_id = b.id AND p.status = 'paid'), 0) \
                 - COALESCE((SELECT SUM(r.amount_cents) FROM refunds r JOIN payments p ON p.id = r.payment_id \
                     WHERE r.booking_id = b.id AND r.status = 'succeeded' AND p.status = 'paid'), 0) AS BIGINT) \
             FROM bookings b",
        )
        .fetch_all(&db.pool)
        .await
        .unwrap();
        for (booking, ledger, captured_less_refunded) in off {
            assert_eq!(
                ledger, captured_less_refunded,
                "booking {booking}: ledger entries vs captured minus refunded"
            );
        }
        let overdrawn: Vec<(String, i64)> = sqlx::query_as(
            "SELECT guide_id, CAST(SUM(amount_cents) AS BIGINT) FROM ledger_entries \
             WHERE kind IN ('earning', 'earning_refund', 'payout') GROUP BY guide_id HAVING SUM(amount_cents) < 0",
        )
        .fetch_all(&db.pool)
        .await
        .unwrap();
        assert!(overdrawn.is_empty(), "guides paid out more than they earned: {overdrawn:?}");
        db.pool.close().await;
    }

    /// Creates an admin account the way `yatra create-admin` does and signs it in.
    pub async fn admin(&self) -> TestUser {
        let email = unique_email();
        let account = NewAccount {
            first_name: PersonName::parse(Some("Asha"), "First name").unwrap(),
            last_name: PersonName::parse(Some("Admin"), "Last name").unwrap(),
            email: Email::parse(Some(&email)).unwrap(),
            password: NewPassword::parse(Some(PASSWORD), Some(PASSWORD)).unwrap(),
            role: Role::Admin,
        };
        let db = self.db().await;
        accounts::create(&db, account).await.expect("admin created");
        db.pool.close().await;
        let (token, refresh_token, role) = self.login(&email, PASSWORD).await;
        assert_eq!(role, "admin");
        TestUser { email, token, refresh_token }
    }

    /// The files under the local media folder (thumbnails included).
    pub fn media_files(&self) -> Vec<std::path::PathBuf> {
        fn walk(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() { walk(&path, found) } else { found.push(path) }
            }
        }
        let mut found = Vec::new();
        walk(&self.config.media.dir, &mut found);
        found.sort();
        found
    }

    /// POST `bytes` as the multipart file field `field`, named `file_name` and labelled `content_type`.
    pub async fn upload(
        &self,
        path: &str,
        token: &str,
        field: &str,
        file_name: &str,
        content_type: &str,
        bytes: Vec<u8>,
    ) -> Response {
        let part = Part::bytes(bytes)
            .file_name(file_name.to_owned())
            .mime_str(content_type)
            .expect("mime");
        self.upload_form(path, token, Form::new().part(field.to_owned(), part)).await
    }

    pub async fn upload_form(&self, path: &str, token: &str, form: Form) -> Response {
        self.client
            .post(self.url(path))
            .bearer_auth(token)
            .multipart(form)
            .send()
            .await
            .expect("request failed")
    }

    pub async fn post_json_auth(&self, path: &str, body: &Value, token: &str) -> Response {
        self.client
            .post(self.url(path))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
            .expect("request failed")
    }

    /// `GET path` with the token; asserts 200 and returns `data`.
    pub async fn get_data(&self, path: &str, token: &str) -> Value {
        let response = self.get_auth(path, token).await;
        assert_eq!(response.status(), StatusCode::OK, "GET {path}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["status"], "success");
        body["data"].clone()
    }

    /// Creates an account with a unique email, verifies the email the way its owner would
    /// (the link in the `.eml` file the server wrote to its outbox folder, opened through
    /// `POST /auth/verify-email`) and signs it in.
    pub async fn signup_and_login(&self, role: &str) -> TestUser {
        let user = self.signup_and_login_unverified(role).await;
        self.verify_email_of(&user.email).await;
        user
    }

    /// Like `signup_and_login`, leaving the email unverified.
    pub async fn signup_and_login_unverified(&self, role: &str) -> TestUser {
        let email = unique_email();
        let response = self.signup(&signup_body(&email, role)).await;
        assert_eq!(response.status(), StatusCode::CREATED, "sign-up of {email} failed");
        let (token, refresh_token, login_role) = self.login(&email, PASSWORD).await;
        assert_eq!(login_role, role);
        TestUser { email, token, refresh_token }
    }
}

// ---------------------------------------------------------------------------------------
// Email: with no YATRA_SMTP_URL the server writes each email as `<data dir>/outbox/<id>.eml`.

impl TestApp {
    /// The emails in the outbox folder addressed to `address`, oldest first, with
    /// quoted-printable undone so links read whole.
    pub fn outbox_emails(&self, address: &str) -> Vec<String> {
        let mut files: Vec<_> = std::fs::read_dir(&self.config.email.outbox_dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "eml"))
            .collect();
        // File names are the outbox rows' UUIDv7 ids: sorted by name is sorted by time.
        files.sort();
        files
            .iter()
            .filter_map(|path| std::fs::read(path).ok())
            .map(|bytes| decode_quoted_printable(&String::from_utf8_lossy(&bytes)))
            .filter(|text| {
                text.lines().any(|line| {
                    line.starts_with("To:") && line.to_lowercase().contains(&address.to_lowercase())
                })
            })
            .collect()
    }

    /// Waits (up to 10 s) until `address` has at least `count` emails in the outbox folder
    /// and returns the newest.
    pub async fn wait_for_outbox_email(&self, address: &str, count: usize) -> String {
        for _ in 0..500 {
            let emails = self.outbox_emails(address);
            if emails.len() >= count {
                return emails.last().cloned().unwrap();
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("no email number {count} for {address} in the outbox folder after 10 s");
    }

    /// Waits (up to 10 s) for an email to `address` that contains `text`, and returns it.
    pub async fn wait_for_outbox_email_with(&self, address: &str, text: &str) -> String {
        for _ in 0..500 {
            if let Some(email) = self.outbox_emails(address).into_iter().find(|e| e.contains(text))
            {
                return email;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("no email for {address} saying {text:?} in the outbox folder after 10 s");
    }

    /// Opens the verification link of the newest verification email sent to `address`.
    pub async fn verify_email_of(&self, address: &str) {
        let email = self.wait_for_outbox_email(address, 1).await;
        let token = link_token(&email, "/verify-email").expect("the email has a verification link");
        let response =
            self.post_json("/api/v1/auth/verify-email", &json!({ "token": token })).await;
        assert_eq!(response.status(), StatusCode::OK, "verifying {address} failed");
    }
}

/// The `token` of the first `<path>?token=...` link in an email.
pub fn link_token(email: &str, path: &str) -> Option<String> {
    let start = email.find(&format!("{path}?token="))? + path.len() + "?token=".len();
    let token: String = email[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    (!token.is_empty()).then_some(token)
}

/// Undoes quoted-printable (soft line breaks and `=XX` bytes); other text passes through.
pub fn decode_quoted_printable(text: &str) -> String {
    let joined = text.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && let Some(byte) = std::str::from_utf8(&bytes[i + 1..i + 3])
                .ok()
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
        {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// An email no other account in any test uses.
pub fn unique_email() -> String {
    format!("traveller-{}@example.com", uuid::Uuid::new_v4().simple())
}

/// A valid sign-up form for `email` and `role`.
pub fn signup_body(email: &str, role: &str) -> Value {
    json!({
        "firstName": "Sita",
        "lastName": "Rai",
        "email": email,
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
        "role": role,
    })
}

/// Reads an error answer, checking it has the one error shape, and returns its message.
pub async fn error_message(response: Response) -> String {
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    assert!(
        content_type.starts_with("application/json"),
        "error answer is not JSON: {content_type:?}"
    );
    let body: Value = response.json().await.expect("error body is JSON");
    assert_eq!(body["status"], "error", "error body {body}");
    body["message"]
        .as_str()
        .unwrap_or_else(|| panic!("error body without message: {body}"))
        .to_owned()
}

/// Asserts `response` has `status` and the error `message`.
pub async fn assert_error(response: Response, status: StatusCode, message: &str) {
    assert_eq!(response.status(), status);
    assert_eq!(error_message(response).await, message);
}

/// A token signed with `secret` carrying the given claims, as the server would sign one.
pub fn forge_token(secret: &str, sub: &str, role: &str, iat: i64, exp: i64) -> String {
    let claims = json!({ "sub": sub, "role": role, "iat": iat, "exp": exp });
    jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        &claims,
        &jsonwebtoken::EncodingKey::from_secret(secret.as_bytes()),
    )
    .expect("token encodes")
}

pub fn now_secs() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

/// The database one test owns. SQLite lives in the test's data dir; a PostgreSQL
/// database is dropped here, so runs leave nothing behind.
struct TestDatabase {
    url: String,
    postgres: Option<(String, String)>,
}

impl TestDatabase {
    async fn create(data_dir: &tempfile::TempDir) -> Self {
        match backend() {
            Backend::Sqlite => Self {
                url: format!("sqlite://{}", data_dir.path().join("test.db").display()),
                postgres: None,
            },
            Backend::Postgres => {
                let admin_url = std::env::var("YATRA_TEST_POSTGRES_URL")
                    .unwrap_or_else(|_| DEFAULT_POSTGRES_URL.into());
                let name = format!("yatra_test_{}", uuid::Uuid::new_v4().simple());
                let mut conn = PgConnection::connect(&admin_url).await.unwrap_or_else(|e| {
                    panic!(
                        "YATRA_TEST_BACKEND=postgres but PostgreSQL at {} is unreachable: {e}. \
                         Start PostgreSQL or point YATRA_TEST_POSTGRES_URL at one.",
                        yatra::db::redact_url(&admin_url)
                    )
                });
                // The name is ours (a uuid), not user input.
                sqlx::query(AssertSqlSafe(format!(r#"CREATE DATABASE "{name}""#)))
                    .execute(&mut conn)
                    .await
                    .unwrap_or_else(|e| panic!("cannot create test database {name}: {e}"));
                let _ = conn.close().await;
                Self { url: database_url(&admin_url, &name), postgres: Some((admin_url, name)) }
            }
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let Some((admin_url, name)) = self.postgres.take() else { return };
        // Drop runs inside the test's runtime, which cannot block on async work: a thread
        // with its own runtime does it. FORCE ends the still-running server's connections.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async move {
                let mut conn =
                    PgConnection::connect(&admin_url).await.map_err(|e| e.to_string())?;
                sqlx::query(AssertSqlSafe(format!(
                    r#"DROP DATABASE IF EXISTS "{name}" WITH (FORCE)"#
                )))
                .execute(&mut conn)
                .await
                .map_err(|e| format!("cannot drop test database {name}: {e}"))?;
                let _ = conn.close().await;
                Ok::<(), String>(())
            })
        })
        .join();
        match dropped {
            Ok(Ok(())) => {}
            Ok(Err(e)) => eprintln!("warning: {e}"),
            Err(_) => eprintln!("warning: the thread dropping a test database panicked"),
        }
    }
}

/// `base` with its database name replaced by `name` (query string kept).
fn database_url(base: &str, name: &str) -> String {
    let (main, query) = match base.split_once('?') {
        Some((main, query)) => (main, Some(query)),
        None => (base, None),
    };
    let scheme_end = main.find("://").map(|i| i + 3).unwrap_or(0);
    let host_and_path = &main[scheme_end..];
    let host = host_and_path.split_once('/').map(|(host, _)| host).unwrap_or(host_and_path);
    let mut url = format!("{}{}/{}", &main[..scheme_end], host, name);
    if let Some(query) = query {
        url.push('?');
        url.push_str(query);
    }
    url
}

#[test]
fn database_url_replaces_only_the_database_name() {
    assert_eq!(
        database_url("postgres://postgres@127.0.0.1:5432/postgres", "t"),
        "postgres://postgres@127.0.0.1:5432/t"
    );
    assert_eq!(
        database_url("postgres://u:p@h/db?sslmode=disable", "t"),
        "postgres://u:p@h/t?sslmode=disable"
    );
    assert_eq!(database_url("postgresql://h:5432", "t"), "postgresql://h:5432/t");
}

// ---------------------------------------------------------------------------------------
// Pictures made in code

/// A PNG of `width` x `height` with a gradient (and transparency when `alpha`).
pub fn png(width: u32, height: u32, alpha: bool) -> Vec<u8> {
    let picture = image::RgbaImage::from_fn(width, height, |x, y| {
        image::Rgba([(x % 256) as u8, (y % 256) as u8, 120, if alpha { 200 } else { 255 }])
    });
    encode(image::DynamicImage::ImageRgba8(picture), image::ImageFormat::Png)
}

/// A JPEG of `width` x `height` with a gradient.
pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, 90, (y % 256) as u8])
    });
    encode(image::DynamicImage::ImageRgb8(picture), image::ImageFormat::Jpeg)
}

/// A lossless WebP of `width` x `height`.
pub fn webp(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbaImage::from_fn(width, height, |x, _| {
        image::Rgba([200, (x % 256) as u8, 40, 255])
    });
    encode(image::DynamicImage::ImageRgba8(picture), image::ImageFormat::WebP)
}

fn encode(picture: image::DynamicImage, format: image::ImageFormat) -> Vec<u8> {
    let mut bytes = Vec::new();
    picture.write_to(&mut std::io::Cursor::new(&mut bytes), format).expect("test picture encodes");
    bytes
}

/// Text that marks the EXIF block planted by `jpeg_with_gps`.
pub const GPS_MARKER: &[u8] = b"YATRA-SECRET-GPS-27.9881N-86.9250E";

/// A JPEG with an EXIF (APP1) segment right after the start marker, holding a GPS IFD
/// pointer tag (0x8825) and a GPS latitude, plus `GPS_MARKER` text.
pub fn jpeg_with_gps() -> Vec<u8> {
    let plain = jpeg(64, 48);
    // TIFF header (little-endian), IFD0 with one entry: GPSInfo -> offset 26.
    let mut tiff: Vec<u8> = vec![b'I', b'I', 42, 0, 8, 0, 0, 0];
    tiff.extend_from_slice(&[1, 0]); // one entry
    tiff.extend_from_slice(&[0x25, 0x88, 4, 0, 1, 0, 0, 0, 26, 0, 0, 0]); // GPSInfo, LONG, 1, offset 26
    tiff.extend_from_slice(&[0, 0, 0, 0]); // no next IFD
    // GPS IFD: GPSLatitudeRef = 'N'.
    tiff.extend_from_slice(&[1, 0]);
    tiff.extend_from_slice(&[1, 0, 2, 0, 2, 0, 0, 0, b'N', 0, 0, 0]);
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    tiff.extend_from_slice(GPS_MARKER);
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend_from_slice(&tiff);
    let length = (app1.len() + 2) as u16;
    let mut bytes = plain[..2].to_vec(); // SOI
    bytes.extend_from_slice(&[0xFF, 0xE1]);
    bytes.extend_from_slice(&length.to_be_bytes());
    bytes.extend_from_slice(&app1);
    bytes.extend_from_slice(&plain[2..]);
    bytes
}

/// True when `needle` occurs in `haystack`.
pub fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|window| window == needle)
}
