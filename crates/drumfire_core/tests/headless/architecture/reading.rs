//! Reading a crate's modules as the compiler builds them outside tests: the files its
//! `mod` lines declare, the paths each names (made absolute), the layers they make and
//! the circles among them.

use super::*;

/// Every path a file's code names: each `use` tree flattened (`a::{b, c::d as e}`
/// gives `a::b` and `a::c::d`; `a::{self}` gives `a`), and every path written in
/// place (`crate::x::y(...)`, `drumfire_core::rules::acw::X`). Comment lines are not
/// code ([`code_of`]).
pub(super) fn named_paths(code: &str) -> Vec<String> {
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
pub(super) fn flatten(prefix: &str, tree: &str, out: &mut Vec<String>) {
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
pub(super) fn named_paths_read_grouped_and_renamed_imports() {
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
pub(super) fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
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

/// A crate's code cut of its `#[cfg(test)]` items: each such item (an inline `mod
/// tests { .. }`, a `mod tests;`, a function or a `use`) is gone, attribute and all.
pub(super) fn without_tests(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at + "#[cfg(test)]".len()..];
        rest = &item[item_end(item)..];
    }
    out.push_str(rest);
    out
}

/// Where the item at the start of `code` ends: after its `;`, or after the brace that
/// closes its body (strings, raw strings and character literals skipped).
pub(super) fn item_end(code: &str) -> usize {
    let bytes = code.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let hashes = (0..i).rev().take_while(|&k| bytes[k] == b'#').count();
                let raw = i > hashes && bytes[i - hashes - 1] == b'r';
                let close = format!("\"{}", "#".repeat(hashes));
                i += 1;
                while i < bytes.len() {
                    if !raw && bytes[i] == b'\\' {
                        i += 2;
                        continue;
                    }
                    if bytes[i..].starts_with(close.as_bytes()) && (raw || hashes == 0) {
                        i += close.len() - 1;
                        break;
                    }
                    i += 1;
                }
            }
            b'\'' if i + 2 < bytes.len() && bytes[i + 2] == b'\'' => i += 2,
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            b';' if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    code.len()
}

/// One module of a crate as the compiler builds it outside tests: its path (`rules::acw`
/// for `rules/acw/mod.rs`), its code without comment lines and `#[cfg(test)]` items, and
/// the child modules it declares (`mod x;`).
pub(super) struct Module {
    pub(super) path: Vec<String>,
    pub(super) code: String,
    pub(super) children: Vec<String>,
}

/// The child modules `code` declares in files of their own (`pub mod x;`, `mod x;`).
pub(super) fn declared_children(code: &str) -> Vec<String> {
    code.lines()
        .filter_map(|l| {
            let l = l.trim();
            let l = l
                .strip_prefix("pub ")
                .or_else(|| l.strip_prefix("pub(crate) "))
                .or_else(|| l.strip_prefix("pub(super) "))
                .unwrap_or(l);
            let name = l.strip_prefix("mod ")?.strip_suffix(';')?;
            name.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
                .then(|| name.to_owned())
        })
        .collect()
}

/// Every module of the crate whose root file is `root` (`src/lib.rs`), found from the
/// `mod` lines as the compiler finds them, each file read by `read` (`None`: no such
/// file). Modules under a `#[cfg(test)]` declaration are not read.
pub(super) fn read_crate(root: &str, read: &dyn Fn(&str) -> Option<String>) -> Vec<Module> {
    let mut out = Vec::new();
    let mut todo = vec![(root.to_owned(), Vec::<String>::new())];
    while let Some((file, path)) = todo.pop() {
        let text = read(&file).unwrap_or_else(|| panic!("{file}: not found"));
        let code = without_tests(&text)
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let children = declared_children(&code);
        // `a/mod.rs`, `lib.rs` and `main.rs` hold their children beside them; `a.rs`
        // in `a/`.
        let dir = match file.rsplit_once('/') {
            Some((dir, "mod.rs" | "lib.rs" | "main.rs")) => dir.to_owned(),
            _ => file.trim_end_matches(".rs").to_owned(),
        };
        for child in &children {
            let flat = format!("{dir}/{child}.rs");
            let folder = format!("{dir}/{child}/mod.rs");
            let found = if read(&flat).is_some() { flat } else { folder };
            let mut p = path.clone();
            p.push(child.clone());
            todo.push((found, p));
        }
        out.push(Module {
            path,
            code,
            children,
        });
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

/// The module a path written in module `at` names, made absolute: `crate::`, `self::`,
/// `super::` and a child module's name are read as the compiler reads them; `None` for
/// a path into another crate.
pub(super) fn absolute(at: &Module, path: &str) -> Option<Vec<String>> {
    let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let (mut base, rest) = match *segments.first()? {
        "crate" => (Vec::new(), &segments[1..]),
        "self" => (at.path.clone(), &segments[1..]),
        "super" => {
            let ups = segments.iter().take_while(|s| **s == "super").count();
            let mut base = at.path.clone();
            for _ in 0..ups {
                base.pop()?;
            }
            (base, &segments[ups..])
        }
        first if at.children.iter().any(|c| c == first) => (at.path.clone(), &segments[..]),
        _ => return None,
    };
    base.extend(rest.iter().map(|s| s.to_string()));
    Some(base)
}

/// The layers of a crate: which layer names which, each module mapped to its layer by
/// `layer_of` (`None`: left out, as the crate's root is). A module names what its code's
/// paths name and the children it declares.
pub(super) fn crate_graph(
    modules: &[Module],
    layer_of: impl Fn(&[String]) -> Option<String>,
) -> BTreeMap<String, BTreeSet<String>> {
    let known: BTreeSet<&[String]> = modules.iter().map(|m| m.path.as_slice()).collect();
    // The longest module a path names.
    let module_named = |path: &[String]| -> Option<Vec<String>> {
        (0..=path.len())
            .rev()
            .map(|k| path[..k].to_vec())
            .find(|p| known.contains(p.as_slice()))
    };
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for m in modules {
        let Some(from) = layer_of(&m.path) else {
            continue;
        };
        let mut named: Vec<Vec<String>> = named_paths(&m.code)
            .iter()
            .filter_map(|p| absolute(m, p))
            .filter_map(|p| module_named(&p))
            .collect();
        named.extend(m.children.iter().map(|c| {
            let mut p = m.path.clone();
            p.push(c.clone());
            p
        }));
        let targets = graph.entry(from.clone()).or_default();
        for layer in named.iter().filter_map(|p| layer_of(p)) {
            if layer != from {
                targets.insert(layer);
            }
        }
    }
    graph
}

/// A crate's modules as read from the files under `dir` (its `src/`).
pub(super) fn read_from_disk(dir: &str, root: &str) -> Vec<Module> {
    read_crate(&format!("{dir}/{root}"), &|file| {
        std::fs::read_to_string(Path::new(ROOT).join(file)).ok()
    })
}

/// The reading finds a circle through a registry and its children: the registry
/// declares its rule sets (`pub mod acw;`), and a rule set names the registry back by
/// `super::`; a `#[cfg(test)]` module's names are set aside.
#[test]
pub(super) fn the_reading_follows_mod_lines_and_relative_paths() {
    let files: BTreeMap<&str, &str> = [
        ("src/lib.rs", "pub mod rules;\npub mod shared;\n#[cfg(test)]\nmod tests;\n"),
        ("src/rules/mod.rs", "pub mod acw;\npub trait Window {}\n"),
        (
            "src/rules/acw/mod.rs",
            "mod panels;\nimpl super::Window for X {}\n#[cfg(test)]\nmod tests {\n    use crate::shared::{A, B};\n    fn f() { let s = \"}\"; }\n}\n",
        ),
        ("src/rules/acw/panels.rs", "use crate::shared::Thing;\n"),
        ("src/shared.rs", "pub struct Thing;\n"),
        ("src/tests.rs", "use crate::rules::acw;\n"),
    ]
    .into_iter()
    .collect();
    let modules = read_crate("src/lib.rs", &|f| files.get(f).map(|s| s.to_string()));
    let paths: Vec<String> = modules.iter().map(|m| m.path.join("::")).collect();
    assert_eq!(
        paths,
        ["", "rules", "rules::acw", "rules::acw::panels", "shared"]
    );
    let graph = crate_graph(&modules, |p| match p {
        [] => None,
        [rules, set, ..] if rules == "rules" => Some(format!("rules/{set}")),
        [first, ..] => Some(first.clone()),
    });
    assert_eq!(circles(&graph), [["rules", "rules/acw"]]);
    assert_eq!(
        graph["rules/acw"],
        BTreeSet::from(["rules".into(), "shared".into()])
    );
}

/// The levels of an acyclic graph: each module one above the highest it names, the
/// modules naming none at 0.
pub(super) fn levels(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let mut level: BTreeMap<&String, usize> = BTreeMap::new();
    let mut all: BTreeSet<&String> = graph.keys().collect();
    all.extend(graph.values().flatten());
    while level.len() < all.len() {
        let before = level.len();
        for m in &all {
            if level.contains_key(m) {
                continue;
            }
            let below: Option<Vec<usize>> = graph
                .get(*m)
                .into_iter()
                .flatten()
                .map(|n| level.get(n).copied())
                .collect();
            if let Some(below) = below {
                level.insert(m, below.into_iter().max().map_or(0, |l| l + 1));
            }
        }
        assert!(level.len() > before, "a circle: {graph:?}");
    }
    let mut out = vec![Vec::new(); level.values().max().map_or(0, |l| l + 1)];
    for (m, l) in level {
        out[l].push(m.clone());
    }
    out
}
