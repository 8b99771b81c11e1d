//! The shape of the code, read from its source: no shared file names a rule set, and the core's module graph drawn in `docs/architecture.md`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The registries: the one place in each crate that lists every rule set, the files
/// directly in these folders (in the core, `rules/mod.rs` and the frozen reader of the
/// scenario format from before the rule sets had sections, which only they had).
const REGISTRIES: &[&str] = &["crates/drumfire_core/src/rules/", "src/rules/"];

/// Is `file` one of the registries' own files?
fn in_a_registry(file: &str) -> bool {
    REGISTRIES.iter().any(|dir| {
        file.strip_prefix(dir)
            .is_some_and(|rest| !rest.contains('/'))
    })
}

/// Every `.rs` file under `dir` (relative to the workspace), sorted.
fn rust_files(dir: &str) -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&Path::new(ROOT).join(dir), &mut files);
    let mut names: Vec<String> = files
        .iter()
        .map(|p| {
            p.strip_prefix(ROOT)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    names.sort();
    names
}

/// The code of a file without its comment lines.
fn code_of(file: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"))
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The words by which code names a rule set: its module path, its id as a string,
/// its registry entry and its orders' tag.
fn rule_set_words() -> Vec<String> {
    drumfire_core::rules::ALL
        .iter()
        .flat_map(|r| {
            [
                format!("{}::", r.id),
                format!("\"{}\"", r.id),
                r.id.to_uppercase(),
                format!("\"{}\"", r.order_tag),
            ]
        })
        .collect()
}

/// Is `file` a rule set's own (its folder in the core or in the app)?
fn in_a_rule_set(file: &str) -> bool {
    drumfire_core::rules::ALL.iter().any(|r| {
        file.starts_with(&format!("crates/drumfire_core/src/rules/{}/", r.id))
            || file.starts_with(&format!("src/rules/{}/", r.id))
    })
}

#[test]
fn no_shared_file_names_a_rule_set() {
    let words = rule_set_words();
    let mut naming = BTreeSet::new();
    for file in rust_files("crates/drumfire_core/src")
        .into_iter()
        .chain(rust_files("src"))
    {
        if in_a_rule_set(&file) || in_a_registry(&file) {
            continue;
        }
        let code = code_of(&file);
        if words.iter().any(|w| code.contains(w.as_str())) {
            naming.insert(file);
        }
    }
    assert!(
        naming.is_empty(),
        "shared files that name a rule set (move the code into rules/<id>/, or ask the rule set through its RuleSetInfo or the app's WindowParts): {naming:?}"
    );
}

/// The core's modules: each file or folder directly under `src/`, each rule set's
/// folder as `rules/<id>`, and the registry's own files as `rules`.
fn core_module_of(file: &str) -> Option<String> {
    let rest = file.strip_prefix("crates/drumfire_core/src/")?;
    let rest = rest.strip_suffix(".rs").unwrap_or(rest);
    let mut parts = rest.split('/');
    let first = parts.next()?;
    match (first, parts.next(), parts.next()) {
        ("lib", None, _) => None,
        ("rules", Some(set), Some(_)) => Some(format!("rules/{set}")),
        ("rules", _, _) => Some("rules".into()),
        _ => Some(first.to_owned()),
    }
}

/// Which core module refers to which (`crate::x`, and `crate::rules::<id>` as the rule
/// set's folder), read from the source.
fn core_graph() -> BTreeMap<String, BTreeSet<String>> {
    let files = rust_files("crates/drumfire_core/src");
    let modules: BTreeSet<String> = files.iter().filter_map(|f| core_module_of(f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let Some(from) = core_module_of(file) else {
            continue;
        };
        let code = code_of(file);
        let targets = graph.entry(from.clone()).or_default();
        for m in &modules {
            let path = format!("crate::{}", m.replace('/', "::"));
            let named = code.match_indices(&path).any(|(at, _)| {
                !code[at + path.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
            });
            if named && *m != from {
                targets.insert(m.clone());
            }
        }
        // `crate::rules::{...}` imports of a rule set's folder.
        for r in drumfire_core::rules::ALL.iter() {
            let set = format!("rules/{}", r.id);
            if set != from && code.contains(&format!("rules::{}", r.id)) {
                targets.insert(set);
            }
        }
    }
    graph
}

/// Modules that assemble games from the registry rather than serve every rule set:
/// `testing`, the ready-made games of the shipped scenarios for tests.
const ASSEMBLY: &[&str] = &["testing"];

/// Generic modules (outside `rules/` and [`ASSEMBLY`]) that depend on `rules/` or a rule
/// set's folder, directly or through other modules.
fn generic_modules_importing_rules() -> Vec<String> {
    let graph = core_graph();
    let reaches_rules = |start: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![start.clone()];
        while let Some(m) = todo.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if next.starts_with("rules") || ASSEMBLY.contains(&next.as_str()) {
                    return true;
                }
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        false
    };
    graph
        .keys()
        .filter(|m| !m.starts_with("rules") && !ASSEMBLY.contains(&m.as_str()))
        .filter(|m| reaches_rules(m))
        .cloned()
        .collect()
}

/// The graph as the Mermaid block in `docs/architecture.md`.
fn mermaid() -> String {
    let mut out = String::from("```mermaid\ngraph LR\n");
    for (from, to) in core_graph() {
        for t in to {
            out.push_str(&format!(
                "  {} --> {}\n",
                from.replace('/', "_"),
                t.replace('/', "_")
            ));
        }
    }
    out.push_str("```\n");
    out
}

#[test]
fn the_module_graph_in_the_architecture_doc_is_the_code_s() {
    let doc = std::fs::read_to_string(format!("{ROOT}/docs/architecture.md")).unwrap();
    let start = "<!-- module graph: made by tests/headless/architecture.rs -->\n";
    let at = doc
        .find(start)
        .expect("docs/architecture.md has no module graph block")
        + start.len();
    let end = doc[at..].find("```\n\n").map(|e| at + e + 4).unwrap();
    let want = mermaid();
    assert!(
        doc[at..end] == want,
        "docs/architecture.md's module graph is out of date; it should read:\n{want}"
    );
}

/// The import circle stays broken: no shared module depends on `rules/`, directly or
/// through another module; rule sets depend on the shared modules, and the registry
/// and `testing` assemble games from both.
#[test]
fn no_generic_module_depends_on_the_rule_sets() {
    assert_eq!(
        generic_modules_importing_rules(),
        Vec::<String>::new(),
        "shared modules that depend on rules/: hand them what they need through rule_set.rs"
    );
}
