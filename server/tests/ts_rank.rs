//! `yatra::guides::ts_rank` against PostgreSQL's own `ts_rank`, bit for bit: thousands of
//! random guide documents (built by the same expression as `guide_search.document`) and
//! queries (built by `Query::tsquery`, as the guide search builds them), every document
//! against every query. Words come from a small vocabulary so that prefixes collide and
//! repeat; some bios are long (words more than 100 positions apart), some repeat a word
//! hundreds of times, a few pass the last position (16383), and some documents have their
//! bio stripped of positions. For every pair PostgreSQL says matches, the rank computed here
//! from the printed tsvector must have the same bits as PostgreSQL's float4; and the pairs
//! that match must be the ones the words find here, so the lexemes handed to `ts_rank` are
//! the ones PostgreSQL ranks.
//!
//! PostgreSQL only: run with `YATRA_TEST_BACKEND=postgres` (and `YATRA_TEST_POSTGRES_URL`).

use std::collections::BTreeSet;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sqlx::{AssertSqlSafe, Connection, PgConnection};
use yatra::search_index::ts_rank::{parse_tsvector, query_order, ts_rank};
use yatra::text_search::Query;

const DEFAULT_POSTGRES_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";
const DOCUMENTS: usize = 2500;
const QUERIES: usize = 300;
/// Prefixes of one another, so one query word finds several lexemes (and two words the same).
#[rustfmt::skip]
const VOCABULARY: [&str; 24] = [
    "ram", "rama", "ramesh", "ramayana", "kath", "kathmandu", "trek", "trekking", "trekker",
    "english", "en", "eng", "nepal", "nepali", "ne", "pokhara", "lake", "lakeside", "guide",
    "a", "an", "zen", "ørsted", "नेपाल",
];

type Document = Vec<(String, Vec<u16>)>;

#[tokio::test]
async fn rust_ts_rank_has_the_bits_of_postgresql_for_every_matching_pair() {
    if !matches!(std::env::var("YATRA_TEST_BACKEND").as_deref(), Ok("postgres" | "postgresql")) {
        eprintln!("skipped: ts_rank is PostgreSQL's; run with YATRA_TEST_BACKEND=postgres");
        return;
    }
    // Arrange: a database of our own, with random documents and queries.
    let database = Database::create().await;
    let mut conn = PgConnection::connect(&database.url).await.unwrap();
    let mut rng = StdRng::seed_from_u64(25);
    let fields: Vec<[String; 5]> = (0..DOCUMENTS).map(|i| fields(&mut rng, i)).collect();
    let stripped: Vec<bool> = (0..DOCUMENTS).map(|i| i >= 102 && rng.random_ratio(1, 20)).collect();
    let queries: Vec<(Query, Query)> = (0..QUERIES).map(|i| query(&mut rng, i)).collect();
    store(&mut conn, &fields, &stripped, &queries).await;

    // Act: PostgreSQL's documents, matches and ranks.
    let printed: Vec<(i32, String)> =
        sqlx::query_as("SELECT id, document::text FROM docs ORDER BY id")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    let ranked: Vec<(i32, i32, f32)> = sqlx::query_as(
        "SELECT d.id, q.id, ts_rank(d.document, q.query) FROM docs d JOIN queries q \
         ON d.document @@ q.query ORDER BY d.id, q.id",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap();
    conn.close().await.unwrap();
    drop(database);

    // Assert: the same pairs match, and each rank has the same bits.
    let documents: Vec<Document> =
        printed.iter().map(|(_, text)| parse_tsvector(text).expect(text)).collect();
    let mut matching = BTreeSet::new();
    for (d, document) in documents.iter().enumerate() {
        for (q, (words, place)) in queries.iter().enumerate() {
            if matches(document, words, place) {
                matching.insert((d as i32, q as i32));
            }
        }
    }
    let by_postgres: BTreeSet<(i32, i32)> = ranked.iter().map(|(d, q, _)| (*d, *q)).collect();
    assert_eq!(matching, by_postgres, "the pairs that match differ");

    let (mut mismatches, mut floored, mut and_pairs) = (Vec::new(), 0, 0);
    for &(d, q, theirs) in &ranked {
        let (words, place) = &queries[q as usize];
        let all: Vec<&str> =
            words.words().iter().chain(place.words()).map(String::as_str).collect();
        let ordered = query_order(&all);
        let items: Vec<Vec<&[u16]>> =
            ordered.iter().map(|word| found(&documents[d as usize], word)).collect();
        let and = all.len() > 1;
        let ours = ts_rank(&items, and);
        and_pairs += usize::from(and && ordered.len() > 1);
        floored += usize::from(theirs == 1e-20);
        if ours.to_bits() != theirs.to_bits() {
            mismatches.push(format!(
                "doc {d} {:?} query {all:?}: {ours:e} != {theirs:e}",
                printed[d as usize].1
            ));
        }
    }
    println!(
        "{} documents x {} queries: {} matching pairs compared ({and_pairs} ranked as AND, \
         {floored} floored to 1e-20), {} mismatches",
        documents.len(),
        queries.len(),
        ranked.len(),
        mismatches.len()
    );
    assert!(
        ranked.len() > 10_000 && and_pairs > 1_000 && floored > 0,
        "too few pairs to mean much"
    );
    assert!(mismatches.is_empty(), "{}", mismatches[..mismatches.len().min(5)].join("\n"));
}

/// Does `document` match the query as `@@` does: every word finds a lexeme, and every place
/// word a lexeme with a C position (or one stored without positions).
fn matches(document: &Document, words: &Query, place: &Query) -> bool {
    let finds = |word: &str, in_address: bool| {
        document.iter().any(|(lexeme, positions)| {
            lexeme.starts_with(word)
                && (!in_address || positions.is_empty() || positions.iter().any(|p| p >> 14 == 1))
        })
    };
    words.words().iter().all(|w| finds(w, false)) && place.words().iter().all(|w| finds(w, true))
}

/// find_wordentry for a prefix operand: the positions of every lexeme starting with `word`,
/// in the document's order.
fn found<'a>(document: &'a Document, word: &str) -> Vec<&'a [u16]> {
    document
        .iter()
        .filter(|(lexeme, _)| lexeme.starts_with(word))
        .map(|(_, positions)| positions.as_slice())
        .collect()
}

/// A guide's name, languages, interests, address and bio, as `normalize` leaves them. The
/// first documents place `alpha` and `beta` 1 to 102 positions apart, for every distance.
fn fields(rng: &mut StdRng, i: usize) -> [String; 5] {
    if i < 102 {
        let bio = format!("{}beta", "filler ".repeat(i));
        return ["alpha".into(), String::new(), String::new(), String::new(), bio];
    }
    let name = draw(rng, 1, 3);
    let languages = draw(rng, 0, 3);
    let interests = draw(rng, 0, 4);
    let address = draw(rng, 0, 4);
    let bio = match rng.random_range(0..100) {
        // A few documents run past the last position PostgreSQL stores (16383).
        _ if i % 1000 == 500 => draw(rng, 17_000, 17_000),
        // Words far apart (word_distance beyond 100).
        0..10 => draw(rng, 100, 400),
        // One word hundreds of times, another now and then.
        10..13 => (0..300)
            .map(|n| if n % 37 == 0 { "kathmandu" } else { "ram" })
            .collect::<Vec<_>>()
            .join(" "),
        _ => draw(rng, 0, 20),
    };
    [name, languages, interests, address, bio]
}

/// `min` to `max` vocabulary words.
fn draw(rng: &mut StdRng, min: usize, max: usize) -> String {
    let n = rng.random_range(min..=max);
    (0..n).map(|_| VOCABULARY[rng.random_range(0..VOCABULARY.len())]).collect::<Vec<_>>().join(" ")
}

/// Search words (1 to 4) and place words (0 to 2), each a vocabulary word or a prefix of one,
/// parsed as the guide search parses them. The first query finds `alpha` and `beta`.
fn query(rng: &mut StdRng, i: usize) -> (Query, Query) {
    if i == 0 {
        return (Query::parse(Some("alpha beta")), Query::default());
    }
    let words = rng.random_range(1..=4);
    let place = if rng.random_bool(0.3) { rng.random_range(1..=2) } else { 0 };
    (prefixes(rng, words), prefixes(rng, place))
}

fn prefixes(rng: &mut StdRng, n: usize) -> Query {
    let words: Vec<String> = (0..n)
        .map(|_| {
            let word = VOCABULARY[rng.random_range(0..VOCABULARY.len())];
            let chars = word.chars().count();
            let keep = if rng.random_bool(0.3) { rng.random_range(1..=chars) } else { chars };
            word.chars().take(keep).collect()
        })
        .collect();
    Query::parse(Some(&words.join(" ")))
}

async fn store(
    conn: &mut PgConnection,
    fields: &[[String; 5]],
    stripped: &[bool],
    queries: &[(Query, Query)],
) {
    sqlx::query(
        "CREATE TABLE docs (id int PRIMARY KEY, name text, languages text, interests text, \
         address text, bio text, stripped bool, document tsvector)",
    )
    .execute(&mut *conn)
    .await
    .unwrap();
    let column = |i: usize| fields.iter().map(|f| f[i].clone()).collect::<Vec<_>>();
    sqlx::query(
        "INSERT INTO docs (id, name, languages, interests, address, bio, stripped) \
         SELECT * FROM UNNEST($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bool[])",
    )
    .bind((0..fields.len() as i32).collect::<Vec<_>>())
    .bind(column(0))
    .bind(column(1))
    .bind(column(2))
    .bind(column(3))
    .bind(column(4))
    .bind(stripped)
    .execute(&mut *conn)
    .await
    .unwrap();
    // guide_search.document (migrations/postgres/0003_discovery.sql); a stripped bio leaves
    // the words found only there without positions.
    sqlx::query(
        "UPDATE docs SET document = \
         setweight(to_tsvector('simple', name), 'A') || \
         setweight(to_tsvector('simple', languages), 'B') || \
         setweight(to_tsvector('simple', interests), 'B') || \
         setweight(to_tsvector('simple', address), 'C') || \
         CASE WHEN stripped THEN strip(to_tsvector('simple', bio)) \
              ELSE setweight(to_tsvector('simple', bio), 'D') END",
    )
    .execute(&mut *conn)
    .await
    .unwrap();

    sqlx::query("CREATE TABLE queries (id int PRIMARY KEY, query tsquery)")
        .execute(&mut *conn)
        .await
        .unwrap();
    // As finder.rs's match_text joins them.
    let texts: Vec<String> = queries
        .iter()
        .map(|(words, place)| {
            [words.tsquery(None), place.tsquery(Some('C'))]
                .into_iter()
                .filter(|e| !e.is_empty())
                .collect::<Vec<_>>()
                .join(" & ")
        })
        .collect();
    sqlx::query(
        "INSERT INTO queries SELECT n - 1, to_tsquery('simple', t) FROM UNNEST($1::text[]) WITH ORDINALITY AS u(t, n)",
    )
    .bind(texts)
    .execute(&mut *conn)
    .await
    .unwrap();
}

/// A database of this test's own, dropped when the test ends (passing or not).
struct Database {
    admin_url: String,
    name: String,
    url: String,
}

impl Database {
    async fn create() -> Self {
        let admin_url = std::env::var("YATRA_TEST_POSTGRES_URL")
            .unwrap_or_else(|_| DEFAULT_POSTGRES_URL.into());
        let name = format!("yatra_ts_rank_{}", uuid::Uuid::new_v4().simple());
        let mut conn = PgConnection::connect(&admin_url)
            .await
            .unwrap_or_else(|e| panic!("PostgreSQL is unreachable: {e}"));
        // The name is ours (a uuid), not input.
        sqlx::query(AssertSqlSafe(format!(r#"CREATE DATABASE "{name}""#)))
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
        let url = database_url(&admin_url, &name);
        Self { admin_url, name, url }
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        let (admin_url, name) = (self.admin_url.clone(), self.name.clone());
        // Drop runs inside the test's runtime, which cannot block: a thread with its own does.
        let dropped = std::thread::spawn(move || {
            let runtime =
                tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(async move {
                let mut conn = PgConnection::connect(&admin_url).await?;
                sqlx::query(AssertSqlSafe(format!(
                    r#"DROP DATABASE IF EXISTS "{name}" WITH (FORCE)"#
                )))
                .execute(&mut conn)
                .await?;
                conn.close().await
            })
        })
        .join();
        if !matches!(dropped, Ok(Ok(()))) {
            eprintln!("warning: cannot drop test database {}", self.name);
        }
    }
}

/// `base` with its database name replaced by `name` (query string kept).
fn database_url(base: &str, name: &str) -> String {
    let (main, query) = base.split_once('?').map_or((base, None), |(main, q)| (main, Some(q)));
    let host_start = main.find("://").map_or(0, |i| i + 3);
    let host = main[host_start..].split('/').next().unwrap_or_default();
    let query = query.map(|q| format!("?{q}")).unwrap_or_default();
    format!("{}{host}/{name}{query}", &main[..host_start])
}
