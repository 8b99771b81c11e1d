//! The shape of the code, read from its source: no shared file names a rule set, and the core's module graph drawn in `docs/architecture.md`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

mod reading;
use reading::*;

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
        let by_path = named_paths(&code).iter().any(|p| {
            let segments: Vec<&str> = p.split("::").collect();
            segments
                .windows(2)
                .any(|w| w[0] == "rules" && drumfire_core::rules::ALL.find(w[1]).is_some())
        });
        if by_path || words.iter().any(|w| code.contains(w.as_str())) {
            naming.insert(file);
        }
    }
    assert!(
        naming.is_empty(),
        "shared files that name a rule set (move the code into rules/<id>/, or ask the rule set through its RuleSetInfo or the app's window traits): {naming:?}"
    );
}

/// A crate's layers: each module directly under the crate's root, a rule set's folder
/// under `rules/` as `rules/<id>` (what it does inside is its own), the registry's own
/// files as `rules`; the root itself is left out.
fn layer_of(path: &[String]) -> Option<String> {
    match path {
        [] => None,
        [rules, set, ..] if rules == "rules" && drumfire_core::rules::ALL.find(set).is_some() => {
            Some(format!("rules/{set}"))
        }
        [first, ..] => Some(first.clone()),
    }
}

/// Which core layer names which.
fn core_graph() -> BTreeMap<String, BTreeSet<String>> {
    crate_graph(
        &read_from_disk("crates/drumfire_core/src", "lib.rs"),
        layer_of,
    )
}

/// Which layer of the network crate names which.
fn net_graph() -> BTreeMap<String, BTreeSet<String>> {
    crate_graph(
        &read_from_disk("crates/drumfire_net/src", "lib.rs"),
        layer_of,
    )
}

/// Which layer of the program names which.
fn app_graph() -> BTreeMap<String, BTreeSet<String>> {
    crate_graph(&read_from_disk("src", "lib.rs"), layer_of)
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

/// The layers of the core, the network crate and the program, as the block in
/// `docs/architecture.md` lists them: each level names only levels below it.
fn layer_list() -> String {
    let mut out = String::from("```text\n");
    for (name, graph) in [
        ("drumfire_core", core_graph()),
        ("drumfire_net", net_graph()),
        ("drumfire (the program)", app_graph()),
    ] {
        out.push_str(&format!("{name}\n"));
        for (k, level) in levels(&graph).iter().enumerate().rev() {
            out.push_str(&format!("  {k:>2}  {}\n", level.join(" ")));
        }
    }
    out.push_str("```\n");
    out
}

#[test]
fn the_layers_in_the_architecture_doc_are_the_code_s() {
    let doc = std::fs::read_to_string(format!("{ROOT}/docs/architecture.md")).unwrap();
    let start = "<!-- layers: made by tests/headless/architecture.rs -->\n";
    let at = doc
        .find(start)
        .expect("docs/architecture.md has no block of layers")
        + start.len();
    let end = doc[at..].find("```\n\n").map(|e| at + e + 4).unwrap();
    let want = layer_list();
    assert!(
        doc[at..end] == want,
        "docs/architecture.md's layers are out of date; they should read:\n{want}"
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

/// Within the core, every module sits above the ones it names: no import circle
/// (each rule set's folder counted as one module).
#[test]
fn the_core_has_no_import_circle() {
    assert_eq!(
        circles(&core_graph()),
        Vec::<Vec<String>>::new(),
        "modules of drumfire_core that import each other, directly or through others"
    );
}

#[test]
fn the_network_crate_has_no_import_circle() {
    let graph = net_graph();
    assert!(graph.len() > 5, "{graph:?}");
    assert_eq!(circles(&graph), Vec::<Vec<String>>::new());
}

#[test]
fn the_program_has_no_import_circle_outside_a_rule_set() {
    let graph = app_graph();
    assert!(graph.len() > 8, "{graph:?}");
    assert_eq!(
        circles(&graph),
        Vec::<Vec<String>>::new(),
        "the program's modules that import each other (a rule set's folder is one module)"
    );
}

/// A shared file that names a rule set in a grouped import is caught, not only one
/// that writes its path out.
#[test]
fn a_grouped_import_of_a_rule_set_is_a_rule_set_named() {
    let code = "use drumfire_core::rules::{\n    self,\n    wwii as w,\n};";
    let named = named_paths(code).iter().any(|p| p.ends_with("rules::wwii"));
    assert!(named);
    assert!(!code.contains("wwii::"));
}

#[test]
fn a_circle_through_a_third_module_is_found() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(m, to)| (m.to_owned(), to.into_iter().map(str::to_owned).collect()))
    .collect();
    assert_eq!(circles(&graph), [["a", "b", "c"]]);
}

/// Table mode, sealed secrets and shared dice plug into the door as stages: the door
/// names none of them, and they do not name it back but for their stage.
#[test]
fn the_door_names_none_of_its_stages() {
    let graph = core_graph();
    let door = &graph["door"];
    for stage in ["table", "sealed", "shared_dice"] {
        assert!(!door.contains(stage), "door names {stage}: {door:?}");
        assert!(graph["game"].contains(stage), "game puts {stage} in place");
    }
}

/// The most lines a source file may have: a longer one holds more than one subject.
const MOST_LINES: usize = 700;

/// No source file of the workspace, tests and examples included, is longer than
/// [`MOST_LINES`].
#[test]
fn no_source_file_is_over_700_lines() {
    let mut long: Vec<(String, usize)> = Vec::new();
    for dir in [
        "src",
        "tests",
        "crates/drumfire_core/src",
        "crates/drumfire_core/tests",
        "crates/drumfire_core/examples",
        "crates/drumfire_core/benches",
        "crates/drumfire_net/src",
        "crates/drumfire_net/tests",
        "crates/drumfire_net/examples",
    ] {
        if !Path::new(ROOT).join(dir).is_dir() {
            continue;
        }
        for file in rust_files(dir) {
            let text = std::fs::read_to_string(Path::new(ROOT).join(&file)).unwrap();
            let lines = text.lines().count();
            if lines > MOST_LINES {
                long.push((file, lines));
            }
        }
    }
    assert_eq!(
        long,
        Vec::<(String, usize)>::new(),
        "files over {MOST_LINES} lines"
    );
}
