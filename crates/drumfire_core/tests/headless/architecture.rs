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

/// Every path a file's code names: each `use` tree flattened (`a::{b, c::d as e}`
/// gives `a::b` and `a::c::d`; `a::{self}` gives `a`), and every path written in
/// place (`crate::x::y(...)`, `drumfire_core::rules::acw::X`). Comment lines are not
/// code ([`code_of`]).
fn named_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    // The code without its `use` statements, for the paths written in place.
    let mut rest = String::with_capacity(code.len());
    let mut statement: Option<String> = None;
    for line in code.lines() {
        let trimmed = line.trim_start();
        let starts = ["use ", "pub use ", "pub(crate) use ", "pub(super) use "]
            .iter()
            .find_map(|w| trimmed.strip_prefix(w));
        match (&mut statement, starts) {
            (Some(s), _) => s.push_str(line),
            (None, Some(tail)) => statement = Some(tail.to_owned()),
            (None, None) => {
                rest.push_str(line);
                rest.push('\n');
                continue;
            }
        }
        if let Some(s) = statement.take_if(|s| s.contains(';')) {
            // `a as b` keeps its words apart; other spaces go.
            let tree = s[..s.find(';').unwrap_or(s.len())]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .replace(" as ", "@")
                .replace(' ', "");
            flatten("", &tree, &mut out);
        }
    }
    // Paths written in place: an identifier chain with at least one `::`.
    let mut chain = String::new();
    for c in rest.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphanumeric() || c == '_' || c == ':' {
            chain.push(c);
        } else {
            if chain.contains("::") {
                out.push(chain.trim_matches(':').to_owned());
            }
            chain.clear();
        }
    }
    out
}

/// Flattens one `use` tree (without spaces, a renaming `as` written `@`) under `prefix`
/// into `out`.
fn flatten(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let join = |a: &str, b: &str| {
        if a.is_empty() {
            b.to_owned()
        } else if b.is_empty() || b == "self" {
            a.to_owned()
        } else {
            format!("{a}::{b}")
        }
    };
    match tree.find('{') {
        None => {
            let path = tree.split('@').next().unwrap_or(tree);
            out.push(join(prefix, path.trim_end_matches("::*")));
        }
        Some(open) => {
            let head = tree[..open].trim_end_matches("::");
            let close = tree.rfind('}').filter(|c| *c > open).unwrap_or(tree.len());
            let inner = &tree[open + 1..close];
            let mut depth = 0;
            let mut start = 0;
            let prefix = join(prefix, head);
            for (k, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        flatten(&prefix, &inner[start..k], out);
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            if start < inner.len() {
                flatten(&prefix, &inner[start..], out);
            }
        }
    }
}

#[test]
fn named_paths_read_grouped_and_renamed_imports() {
    let code = "use drumfire_core::rules::{self, acw::{AcwOrder as A, view}, wwii};\n\
                fn f() { crate::door::submit(w, o); }";
    assert_eq!(
        named_paths(code),
        [
            "drumfire_core::rules",
            "drumfire_core::rules::acw::AcwOrder",
            "drumfire_core::rules::acw::view",
            "drumfire_core::rules::wwii",
            "crate::door::submit",
        ]
    );
}

/// Strongly connected parts of more than one module in `graph`: its import circles,
/// each sorted, in order.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(m) = todo.pop() {
            for n in graph.get(&m).into_iter().flatten() {
                if seen.insert(n.clone()) {
                    todo.push(n.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|m| (m, reach(m))).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for m in graph.keys() {
        if out.iter().any(|c| c.contains(m)) || !reaches[m].contains(m) {
            continue;
        }
        let part: Vec<String> = graph
            .keys()
            .filter(|n| reaches[m].contains(*n) && reaches[*n].contains(m))
            .cloned()
            .collect();
        out.push(part);
    }
    out
}

/// The graph of a crate's modules, each file mapped to its module by `module_of`
/// (`None`: left out), a module naming another through `prefix::<name>` in its code.
fn crate_graph(
    files: &[String],
    prefix: &str,
    module_of: impl Fn(&str) -> Option<String>,
) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        // A module's tests are no part of the layers.
        let Some(from) = module_of(file).filter(|_| !file.ends_with("/tests.rs")) else {
            continue;
        };
        let targets = graph.entry(from.clone()).or_default();
        for path in named_paths(&code_of(file)) {
            let Some(rest) = path.strip_prefix(&format!("{prefix}::")) else {
                continue;
            };
            // The longest module that the path names.
            let segments: Vec<&str> = rest.split("::").collect();
            let named = (1..=segments.len())
                .rev()
                .map(|k| segments[..k].join("/"))
                .find(|m| modules.contains(m));
            if let Some(m) = named.filter(|m| *m != from) {
                targets.insert(m);
            }
        }
    }
    graph
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
/// set's folder), read from the code's paths and `use` trees.
fn core_graph() -> BTreeMap<String, BTreeSet<String>> {
    crate_graph(
        &rust_files("crates/drumfire_core/src"),
        "crate",
        core_module_of,
    )
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

/// The network crate's modules: each file or folder directly under its `src/`.
fn net_module_of(file: &str) -> Option<String> {
    let rest = file.strip_prefix("crates/drumfire_net/src/")?;
    let first = rest.split('/').next()?.trim_end_matches(".rs");
    (first != "lib").then(|| first.to_owned())
}

#[test]
fn the_network_crate_has_no_import_circle() {
    let graph = crate_graph(
        &rust_files("crates/drumfire_net/src"),
        "crate",
        net_module_of,
    );
    assert!(graph.len() > 5, "{graph:?}");
    assert_eq!(circles(&graph), Vec::<Vec<String>>::new());
}

/// The program's modules: each file or folder directly under `src/`, a rule set's
/// folder under `src/rules/` as one module (what it does inside is its own).
fn app_module_of(file: &str) -> Option<String> {
    let rest = file.strip_prefix("src/")?.trim_end_matches(".rs");
    let mut parts = rest.split('/');
    match (parts.next()?, parts.next(), parts.next()) {
        ("main", None, _) => None,
        ("rules", Some(set), Some(_)) => Some(format!("rules/{set}")),
        (first, _, _) => Some(first.to_owned()),
    }
}

#[test]
fn the_program_has_no_import_circle_outside_a_rule_set() {
    let graph = crate_graph(&rust_files("src"), "crate", app_module_of);
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

/// The capabilities a rule set may have, each a trait of its own, and the builder call
/// that switches it on in the rule set's `INFO`.
const CAPABILITIES: &[(&str, &str)] = &[
    ("Secrets", "with_secrets"),
    ("EditorSection", "with_editor"),
    ("ComputerPlayer", "with_computer"),
];

/// The capabilities `code` implements for a type and does not switch on for it: an
/// `impl ComputerPlayer for X` with no `.with_computer::<X>()` compiles and is
/// silently never used. Each as `Trait for Type`.
fn capabilities_left_off(code: &str) -> Vec<String> {
    let mut left = Vec::new();
    for (name, switch) in CAPABILITIES {
        for line in code.lines() {
            let Some(rest) = line.trim_start().strip_prefix("impl ") else {
                continue;
            };
            let Some((traitpath, ty)) = rest.split_once(" for ") else {
                continue;
            };
            if traitpath.rsplit("::").next() != Some(*name) {
                continue;
            }
            let ty = ty.trim_end_matches('{').trim();
            let ty = ty.rsplit("::").next().unwrap_or(ty);
            if !code.contains(&format!(".{switch}::<{ty}>()")) {
                left.push(format!("{name} for {ty}"));
            }
        }
    }
    left
}

/// Every capability a rule set implements is switched on in its `INFO`, in each of the
/// five rule sets and the worked example.
#[test]
fn every_capability_a_rule_set_implements_is_switched_on() {
    // The reading itself: an implementation without its switch is found.
    let forgot = "impl crate::rule_set::ComputerPlayer for super::Mine {\n}\n\
                  pub static INFO: RuleSetInfo = RuleSetInfo::of::<Mine>().with_editor::<Mine>();";
    assert_eq!(capabilities_left_off(forgot), ["ComputerPlayer for Mine"]);
    let mut folders: Vec<String> =
        std::fs::read_dir(Path::new(ROOT).join("crates/drumfire_core/src/rules"))
            .unwrap()
            .filter_map(|e| {
                let path = e.unwrap().path();
                path.is_dir().then(|| {
                    format!(
                        "crates/drumfire_core/src/rules/{}",
                        path.file_name().unwrap().to_string_lossy()
                    )
                })
            })
            .collect();
    folders.push("crates/drumfire_core/examples/skirmish".into());
    assert!(folders.len() >= 6, "{folders:?}");
    for folder in folders {
        let code: String = rust_files(&folder)
            .iter()
            .map(|f| code_of(f))
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(
            capabilities_left_off(&code),
            Vec::<String>::new(),
            "{folder}"
        );
    }
}
