//! The documentation names only paths that exist: every repository path in
//! README.md and docs/*.md (`src/...`, `tests/...`, `www/...`, a relative
//! link, ...) must be in the tree, so that a file moved or removed cannot
//! leave the README behind. A `<name>` or `*` in a path matches any part of
//! one file name (`tests/perft/<variant>.perft`).

use std::path::{Path, PathBuf};

/// A path is checked when it starts with one of these (the repository's
/// top-level folders and files).
const ROOTS: [&str; 14] = [
    ".ci/",
    "books/",
    "docs/",
    "examples/",
    "nets/",
    "src/",
    "tests/",
    "www/",
    "Cargo.toml",
    "Cargo.lock",
    "Trunk.toml",
    "index.html",
    "README.md",
    "LICENSE",
];

/// Made by the tools, not in the repository: named, never checked.
const GENERATED: [&str; 3] = [
    "www/node_modules",
    "tests/fuzz/artifacts",
    "tests/fuzz/corpus",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Characters a path is made of (placeholders `<...>` and `*` included).
fn path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_./-<>*".contains(c)
}

/// Every path of `text` that starts with a root, at the start of a word.
fn repository_paths(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (i, _) in text.char_indices() {
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| path_char(c) && c != '<' && c != '>') {
            continue;
        }
        let rest = &text[i..];
        if !ROOTS.iter().any(|r| rest.starts_with(r)) {
            continue;
        }
        let end = rest.find(|c: char| !path_char(c)).unwrap_or(rest.len());
        let path = rest[..end].trim_end_matches(['.', ',', ':', '-']);
        found.push(path.to_string());
    }
    found
}

/// Targets of relative Markdown links `[text](target)`, with their anchor
/// (`#...`) removed; web addresses and pure anchors are skipped.
fn link_targets(text: &str) -> Vec<String> {
    text.match_indices("](")
        .filter_map(|(i, _)| {
            let rest = &text[i + 2..];
            let target = &rest[..rest.find(')')?];
            let target = target.split('#').next().unwrap_or("");
            let external = target.contains("://") || target.starts_with("mailto:");
            (!target.is_empty() && !external).then(|| target.to_string())
        })
        .collect()
}

/// True when `pattern` (with `<...>` or `*` standing for any text) matches
/// `name`.
fn matches(pattern: &str, name: &str) -> bool {
    let mut parts = Vec::new();
    let mut rest = pattern;
    while let Some(open) = rest.find(['<', '*']) {
        parts.push(&rest[..open]);
        let close = if rest[open..].starts_with('<') {
            rest[open..].find('>').map_or(rest.len(), |c| open + c + 1)
        } else {
            open + 1
        };
        rest = &rest[close..];
    }
    parts.push(rest);
    let (first, others) = parts.split_first().expect("one part at least");
    let Some(mut left) = name.strip_prefix(first) else {
        return false;
    };
    for (i, part) in others.iter().enumerate() {
        if i + 1 == others.len() {
            return left.ends_with(part);
        }
        match left.find(part) {
            Some(at) => left = &left[at + part.len()..],
            None => return false,
        }
    }
    left.is_empty()
}

/// True when `path` (relative to `base`) names something in the tree.
fn exists(base: &Path, path: &str) -> bool {
    let path = path.trim_end_matches('/');
    if !path.contains(['<', '*']) {
        return base.join(path).exists();
    }
    let (dir, pattern) = path.rsplit_once('/').unwrap_or(("", path));
    if dir.contains(['<', '*']) {
        return false;
    }
    std::fs::read_dir(base.join(dir)).is_ok_and(|entries| {
        entries
            .filter_map(Result::ok)
            .any(|e| matches(pattern, &e.file_name().to_string_lossy()))
    })
}

/// README.md and every Markdown file of docs/.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    if let Ok(entries) = std::fs::read_dir(root().join("docs")) {
        let mut docs: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .collect();
        docs.sort();
        files.extend(docs);
    }
    files
}

/// The paths of `text` (a document in `dir`) that do not exist.
fn missing_in(text: &str, dir: &Path) -> Vec<String> {
    let mut missing = Vec::new();
    for path in repository_paths(text) {
        let generated = GENERATED.iter().any(|g| path.starts_with(g));
        if !generated && !exists(&root(), &path) {
            missing.push(path);
        }
    }
    for target in link_targets(text) {
        if !exists(dir, &target) {
            missing.push(format!("link {target}"));
        }
    }
    missing.sort();
    missing.dedup();
    missing
}

#[test]
fn every_path_the_documentation_names_exists() {
    let mut report = Vec::new();
    let mut checked = 0;
    for file in documents() {
        let text = std::fs::read_to_string(&file).expect("readable documentation");
        checked += repository_paths(&text).len() + link_targets(&text).len();
        let dir = file.parent().expect("a folder");
        for path in missing_in(&text, dir) {
            let name = file.strip_prefix(root()).unwrap_or(&file).display();
            report.push(format!("{name}: {path}"));
        }
    }
    assert!(
        checked > 50,
        "only {checked} paths found: is the scan broken?"
    );
    assert!(
        report.is_empty(),
        "paths named in the documentation that do not exist:\n{}",
        report.join("\n")
    );
}

/// The check itself: it finds paths where the README writes them and
/// reports one that is missing.
#[test]
fn a_missing_path_is_reported() {
    let text = "See `src/lib.rs`, src/cgt.rs, (tests/perft/<variant>.perft) and \
                [the protocol](src/arena/bot-protocol.md#lines), not /tmp/src/x \
                nor https://example.org/src/y.";
    assert_eq!(
        repository_paths(text),
        [
            "src/lib.rs",
            "src/cgt.rs",
            "tests/perft/<variant>.perft",
            "src/arena/bot-protocol.md"
        ]
    );
    assert_eq!(missing_in(text, &root()), ["src/cgt.rs"]);
    assert_eq!(
        missing_in("[x](docs/nothing-here.md)", &root()),
        ["docs/nothing-here.md", "link docs/nothing-here.md"]
    );
    assert!(matches("<variant>.perft", "english.perft"));
    assert!(matches("crash-*", "crash-1234"));
    assert!(!matches("<variant>.perft", "english.txt"));
}
