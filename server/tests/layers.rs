//! The server's layers, checked from its source: no module imports another in a loop, each
//! imports only its own layer and those below, and a feature reaches another feature only
//! through modules that serve no HTTP (never its `routes.rs` or another module with
//! handlers). `docs/architecture.md` draws the layers; CONTRIBUTING.md says where new code
//! goes. A module is a file; a path is read from `use` declarations and from `crate::`,
//! `super::` and `self::` paths in code (tests inside a file are left out).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Top-level modules, bottom layer first. A module imports only from its own layer and
/// those before it.
const LAYERS: [(&str, &[&str]); 6] = [
    (
        "core",
        &[
            "calendar",
            "catalogue_changes",
            "config",
            "db",
            "email",
            "error",
            "hub",
            "i18n",
            "media_store",
            "money",
            "notice",
            "paging",
            "profile",
            "providers",
            "search_index",
            "text_search",
        ],
    ),
    ("HTTP kernel", &["catalogue", "deadline", "http", "monitoring", "openapi"]),
    (
        "features",
        &[
            "admin",
            "auth",
            "blogs",
            "bookings",
            "buddy",
            "currencies",
            "departures",
            "destinations",
            "earnings",
            "guides",
            "health",
            "media",
            "messages",
            "moderation",
            "notifications",
            "offers",
            "pages",
            "payments",
            "reviews",
            "saved",
            "sos",
            "tourists",
            "tours",
        ],
    ),
    ("background work", &["housekeeping", "outbox", "sweep"]),
    ("wiring", &["app"]),
    ("command line", &["seed"]),
];
const FEATURES: usize = 2;

#[test]
fn no_module_imports_another_in_a_loop() {
    let code = Code::read();
    let cycles = code.cycles();
    assert!(
        cycles.is_empty(),
        "modules that import each other in a loop (move what they share below them):\n{}",
        cycles
            .iter()
            .map(|c| format!("  one loop among: {}", c.join(", ")))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn every_import_points_down_the_layers() {
    let code = Code::read();
    let layer_of = layer_table();
    let mut wrong = Vec::new();
    for module in code.modules.keys() {
        if !layer_of.contains_key(top(module)) {
            wrong.push(format!("  {module}: its top-level module belongs to no layer in LAYERS"));
        }
    }
    for (from, targets) in &code.imports {
        for to in targets {
            let (Some(&below), Some(&above)) = (layer_of.get(top(to)), layer_of.get(top(from)))
            else {
                continue;
            };
            if below > above {
                wrong.push(format!(
                    "  {from} ({}) imports {to} ({}), a layer above it",
                    LAYERS[above].0, LAYERS[below].0
                ));
            }
            if above == FEATURES
                && below == FEATURES
                && top(from) != top(to)
                && code.serves_http.contains(to)
            {
                wrong.push(format!(
                    "  {from} imports {to}, another feature's HTTP module: move what it needs \
                     into a module of {} that serves no HTTP",
                    top(to)
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "imports that break the layers:\n{}", wrong.join("\n"));
}

/// The check itself: a loop and an upward import in a small made-up tree are found.
#[test]
fn the_check_finds_a_loop_and_an_upward_import() {
    let mut code = Code::default();
    for (module, text) in [
        ("db", "use crate::http::AppState;"),
        ("http", "pub mod state; use self::state::X;"),
        ("http::state", "fn f() { super::super::db::connect(); }"),
        ("guides::routes", "use crate::guides::profile::Guide;"),
        (
            "guides::profile",
            "use super::routes::router; #[cfg(test)] mod tests { use crate::app; }",
        ),
    ] {
        code.modules.insert(module.to_owned(), text.to_owned());
    }
    code.resolve();
    assert_eq!(
        code.imports["db"],
        BTreeSet::from(["http".to_owned()]),
        "a `use crate::` path names the module that holds the item"
    );
    assert!(
        !code.imports.contains_key("guides::profile")
            || !code.imports["guides::profile"].contains("app")
    );
    let cycles = code.cycles();
    assert!(
        cycles
            .iter()
            .any(|c| c.contains(&"db".to_owned()) && c.contains(&"http::state".to_owned()))
    );
    assert!(cycles.iter().any(|c| c.contains(&"guides::routes".to_owned())));
    let layer_of = layer_table();
    assert!(layer_of["db"] < layer_of["http"], "so db -> http is reported as upward");
}

fn layer_table() -> BTreeMap<&'static str, usize> {
    let mut table = BTreeMap::new();
    for (layer, (_, modules)) in LAYERS.iter().enumerate() {
        for module in *modules {
            assert!(table.insert(*module, layer).is_none(), "{module} is in two layers");
        }
    }
    table
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap_or(module)
}

#[derive(Default)]
struct Code {
    /// Module path (`guides::profile`) to its code, with comments, strings and tests
    /// blanked out.
    modules: BTreeMap<String, String>,
    imports: BTreeMap<String, BTreeSet<String>>,
    /// Modules with handlers: a router or an OpenAPI path annotation.
    serves_http: BTreeSet<String>,
}

impl Code {
    fn read() -> Self {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut code = Code::default();
        for file in rust_files(&src) {
            let relative = file.strip_prefix(&src).unwrap().with_extension("");
            let mut parts: Vec<String> =
                relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            if parts.last().is_some_and(|p| p == "mod") {
                parts.pop();
            }
            let module = parts.join("::");
            if module == "lib" || module == "main" {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            if text.contains("#[utoipa::path") || text.contains("fn router(") {
                code.serves_http.insert(module.clone());
            }
            code.modules.insert(module, without_tests(&blank_comments_and_strings(&text)));
        }
        code.resolve();
        code
    }

    fn resolve(&mut self) {
        let known: BTreeSet<String> = self.modules.keys().cloned().collect();
        for (module, text) in &self.modules {
            let here: Vec<&str> = module.split("::").collect();
            let mut targets = BTreeSet::new();
            for path in paths(text) {
                let mut segments: Vec<&str> = path.split("::").collect();
                let mut base: Vec<&str> = match segments[0] {
                    "crate" => Vec::new(),
                    "self" => here.clone(),
                    "super" => {
                        let mut base = here.clone();
                        while segments.first() == Some(&"super") {
                            base.pop();
                            segments.remove(0);
                        }
                        segments.insert(0, "super");
                        base
                    }
                    // `use child::Item` from the module that declares `child`.
                    first if known.contains(&format!("{module}::{first}")) => {
                        segments.insert(0, "self");
                        here.clone()
                    }
                    _ => continue,
                };
                base.extend(&segments[1..]);
                // The longest prefix that is a module holds the item.
                let found = (1..=base.len())
                    .rev()
                    .map(|n| base[..n].join("::"))
                    .find(|candidate| known.contains(candidate));
                if let Some(found) = found.filter(|f| f != module) {
                    targets.insert(found);
                }
            }
            if !targets.is_empty() {
                self.imports.insert(module.clone(), targets);
            }
        }
    }

    /// Every loop of imports (Tarjan's strongly connected components of two or more).
    fn cycles(&self) -> Vec<Vec<String>> {
        struct Walk<'a> {
            imports: &'a BTreeMap<String, BTreeSet<String>>,
            index: BTreeMap<&'a str, usize>,
            low: BTreeMap<&'a str, usize>,
            stack: Vec<&'a str>,
            found: Vec<Vec<String>>,
        }
        impl<'a> Walk<'a> {
            fn visit(&mut self, module: &'a str) {
                let n = self.index.len();
                self.index.insert(module, n);
                self.low.insert(module, n);
                self.stack.push(module);
                for next in self.imports.get(module).into_iter().flatten() {
                    if !self.index.contains_key(next.as_str()) {
                        self.visit(next);
                        let low = self.low[module].min(self.low[next.as_str()]);
                        self.low.insert(module, low);
                    } else if self.stack.contains(&next.as_str()) {
                        let low = self.low[module].min(self.index[next.as_str()]);
                        self.low.insert(module, low);
                    }
                }
                if self.low[module] == self.index[module] {
                    let mut group = Vec::new();
                    while let Some(top) = self.stack.pop() {
                        group.push(top.to_owned());
                        if top == module {
                            break;
                        }
                    }
                    if group.len() > 1 {
                        group.sort();
                        self.found.push(group);
                    }
                }
            }
        }
        let mut walk = Walk {
            imports: &self.imports,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            found: Vec::new(),
        };
        for module in self.modules.keys() {
            if !walk.index.contains_key(module.as_str()) {
                walk.visit(module);
            }
        }
        walk.found
    }
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The code with comments, string and character literals replaced by spaces, so that a
/// path in a doc comment or a message does not count.
fn blank_comments_and_strings(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |out: &mut String, from: &[char]| {
        out.extend(from.iter().map(|c| if *c == '\n' { '\n' } else { ' ' }))
    };
    while i < chars.len() {
        let rest = &chars[i..];
        let starts = |s: &str| rest.iter().take(s.len()).copied().eq(s.chars());
        let end = if starts("//") {
            i + rest.iter().position(|c| *c == '\n').unwrap_or(rest.len())
        } else if starts("/*") {
            let mut depth = 0;
            let mut j = i;
            loop {
                if j + 1 >= chars.len() {
                    break chars.len();
                }
                if chars[j] == '/' && chars[j + 1] == '*' {
                    depth += 1;
                    j += 2;
                } else if chars[j] == '*' && chars[j + 1] == '/' {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break j;
                    }
                } else {
                    j += 1;
                }
            }
        } else if let Some(hashes) = raw_string_start(rest) {
            let opening = rest.iter().position(|c| *c == '"').unwrap() + 1;
            let closing: String = std::iter::once('"').chain("#".repeat(hashes).chars()).collect();
            let body: String = rest[opening..].iter().collect();
            i + opening
                + body
                    .find(&closing)
                    .map_or(body.chars().count(), |at| body[..at].chars().count() + closing.len())
        } else if rest[0] == '"' && (i == 0 || !is_ident(chars[i - 1]) || chars[i - 1] == 'b') {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            j + 1
        } else if rest[0] == '\'' && rest.len() > 2 && (rest[2] == '\'' || rest[1] == '\\') {
            let mut j = i + 2;
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            j + 1
        } else {
            out.push(rest[0]);
            i += 1;
            continue;
        };
        let end = end.min(chars.len());
        blank(&mut out, &chars[i..end]);
        i = end;
    }
    out
}

/// `r"`, `r#"`, `br##"`...: the number of hashes.
fn raw_string_start(rest: &[char]) -> Option<usize> {
    let skip = match rest {
        ['b', 'r', ..] => 2,
        ['r', ..] => 1,
        _ => return None,
    };
    let hashes = rest[skip..].iter().take_while(|c| **c == '#').count();
    (rest.get(skip + hashes) == Some(&'"')).then_some(hashes)
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The code without `#[cfg(test)]` items: a test may reach anywhere.
fn without_tests(text: &str) -> String {
    let mut text = text.to_owned();
    while let Some(at) = text.find("#[cfg(test)]") {
        let after = at + "#[cfg(test)]".len();
        let semicolon = text[after..].find(';').map(|p| after + p);
        let brace = text[after..].find('{').map(|p| after + p);
        let end = match (semicolon, brace) {
            (Some(s), Some(b)) if s < b => s + 1,
            (_, Some(b)) => {
                let mut depth = 0;
                let mut end = text.len();
                for (offset, c) in text[b..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = b + offset + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                end
            }
            (Some(s), None) => s + 1,
            (None, None) => text.len(),
        };
        text.replace_range(at..end, "");
    }
    text
}

/// Every path the code names: each leaf of each `use` tree, and each `crate::`, `super::`
/// and `self::` path in expressions and types.
fn paths(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes: Vec<char> = text.chars().collect();
    let word_at = |i: usize, word: &str| {
        bytes[i..].iter().take(word.len()).copied().eq(word.chars())
            && (i == 0 || !is_ident(bytes[i - 1]))
            && bytes.get(i + word.len()).is_some_and(|c| !is_ident(*c))
    };
    let mut i = 0;
    while i < bytes.len() {
        if word_at(i, "use") {
            let end = bytes[i..].iter().position(|c| *c == ';').map_or(bytes.len(), |p| i + p);
            let tree: String = bytes[i + 3..end].iter().collect();
            expand_use_tree("", &without_renames(&tree), &mut found);
            i = end;
        } else if ["crate", "super", "self"].iter().any(|w| {
            word_at(i, w) && bytes[i + w.len()..].starts_with(&[':', ':']) && {
                // Not the tail of a longer path such as `a::self::b`.
                i < 2 || bytes[i - 2..i] != [':', ':']
            }
        }) {
            let mut j = i;
            while j < bytes.len() && (is_ident(bytes[j]) || bytes[j] == ':') {
                j += 1;
            }
            found.push(bytes[i..j].iter().collect::<String>().trim_end_matches(':').to_owned());
            i = j;
        } else {
            i += 1;
        }
    }
    found
}

fn expand_use_tree(prefix: &str, tree: &str, found: &mut Vec<String>) {
    if let Some(inner) = tree.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        let mut depth = 0;
        let mut start = 0;
        for (at, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_use_tree(prefix, &inner[start..at], found);
                    start = at + 1;
                }
                _ => {}
            }
        }
        expand_use_tree(prefix, &inner[start..], found);
    } else if let Some(open) = tree.find("::{") {
        expand_use_tree(&format!("{prefix}{}::", &tree[..open]), &tree[open + 2..], found);
    } else if !tree.is_empty() {
        found.push(format!("{prefix}{tree}").trim_end_matches("::").to_owned());
    }
}

/// A `use` tree without whitespace and without its renames (`path as name`).
fn without_renames(tree: &str) -> String {
    let words: Vec<&str> = tree.split_whitespace().collect();
    let mut kept = String::new();
    let mut skip = false;
    for word in words {
        if skip {
            // The new name, and whatever punctuation follows it.
            kept.extend(word.chars().skip_while(|c| is_ident(*c)));
            skip = false;
        } else if word == "as" {
            skip = true;
        } else {
            kept.push_str(word);
        }
    }
    kept
}
