//! The rules pages of the rules window, found in `docs/rules/`: one page a rule set,
//! named by its id (`great-war.md` for `great_war`), embedded in the program.

#![allow(clippy::disallowed_macros)]

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut pages: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let stem = path.file_stem()?.to_str()?.to_owned();
            (path.extension()? == "md")
                .then(|| (stem.replace('-', "_"), path.display().to_string()))
        })
        .collect();
    pages.sort();
    let mut out = String::from("&[\n");
    for (id, path) in pages {
        writeln!(out, "    ({id:?}, include_str!({path:?})),").unwrap();
    }
    out.push_str("]\n");
    let to = Path::new(&std::env::var("OUT_DIR").unwrap()).join("rules_pages.rs");
    std::fs::write(&to, out).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
}
