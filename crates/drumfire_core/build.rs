//! The shipped scenarios, found in the workspace's `scenarios/<rule set>/` folders and
//! embedded in the library: every `.ron` file there, each folder's smallest first (the
//! introduction to its rules leads), the folders in name order (the registry puts them
//! in its own).

#![allow(clippy::disallowed_macros)]

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    println!("cargo::rerun-if-changed={}", root.display());
    let mut folders: Vec<_> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    let mut out = String::from("&[\n");
    for folder in folders {
        println!("cargo::rerun-if-changed={}", folder.display());
        let set = folder.file_name().unwrap().to_string_lossy().into_owned();
        let mut files: Vec<(u64, String)> = std::fs::read_dir(&folder)
            .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
            .filter_map(|e| {
                let path = e.ok()?.path();
                let stem = path.file_stem()?.to_str()?.to_owned();
                let size = path.metadata().ok()?.len();
                (path.extension()? == "ron").then_some((size, stem))
            })
            .collect();
        files.sort();
        for (_, name) in files {
            let file = folder.join(format!("{name}.ron"));
            writeln!(
                out,
                "    Shipped {{ name: {name:?}, path: {path:?}, text: include_str!({file:?}) }},",
                path = format!("scenarios/{set}/{name}.ron"),
                file = file.display().to_string(),
            )
            .unwrap();
        }
    }
    out.push_str("]\n");
    let to = Path::new(&std::env::var("OUT_DIR").unwrap()).join("shipped.rs");
    std::fs::write(&to, out).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
}
