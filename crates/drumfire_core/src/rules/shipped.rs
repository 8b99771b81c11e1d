//! The registry's scenarios: those shipped with the game, compiled into the binary and found by a short
//! name (`drumfire play lindenau`), so that a binary run from any folder, or installed
//! with `cargo install`, has every one of them.

use crate::error::LocatedError;
use crate::scenario::{self, Scenario};
use std::path::{Path, PathBuf};

/// A scenario compiled into the binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shipped {
    /// Its short name: the file's stem (`lindenau`).
    pub name: &'static str,
    /// Where it lies in the source tree, the name its messages give (`scenarios/napoleonic/lindenau.ron`).
    pub path: &'static str,
    /// Its text.
    pub text: &'static str,
}

impl Shipped {
    /// The scenario, parsed. Every shipped scenario is checked by the test suite.
    pub fn parse(&self) -> Result<Scenario, Vec<LocatedError>> {
        scenario::parse(self.path, self.text, &crate::rules::ALL)
    }
}

/// Every shipped scenario as found in `scenarios/` when the library was built
/// (`build.rs`): each rule set's folder, its smallest scenario first.
const FOUND: &[Shipped] = include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// Every shipped scenario, grouped by rule set in the registry's order (the tutorial
/// first), each rule set's smallest first.
pub static SHIPPED: std::sync::LazyLock<Vec<Shipped>> = std::sync::LazyLock::new(|| {
    let mut all = FOUND.to_vec();
    let place = |s: &Shipped| {
        let set = s.path.split('/').nth(1).unwrap_or_default();
        let shown = super::ALL.iter().position(|r| r.id == set);
        (
            s.text != super::DEFAULT_SCENARIO,
            shown.unwrap_or(usize::MAX),
        )
    };
    // A stable sort: within a rule set the order found (smallest first) stands.
    all.sort_by_key(place);
    all
});

/// The shipped scenario of this short name (any case), or of this source path
/// (`scenarios/napoleonic/lindenau.ron`).
pub fn find(name: &str) -> Option<&'static Shipped> {
    let name = name.trim();
    SHIPPED
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name) || s.path == name)
}

/// The text of the scenario or save a command line names, and the name its messages
/// give: a file that exists is read; otherwise a short name is looked for in
/// `user_scenarios` (`NAME.ron`, the player's own) and then among the shipped ones.
/// A name found nowhere is an error that says where it was looked for.
pub fn read(path: &Path, user_scenarios: Option<&Path>) -> Result<(String, String), LocatedError> {
    if path.exists() {
        let text = crate::error::read_file(path)?;
        return Ok((path.display().to_string(), text));
    }
    let name = path.to_string_lossy();
    let plain = !name.contains(['/', '\\', '.']) && !name.is_empty();
    if plain {
        if let Some(own) = user_scenarios.map(|dir| dir.join(format!("{name}.ron")))
            && own.is_file()
        {
            let text = crate::error::read_file(&own)?;
            return Ok((own.display().to_string(), text));
        }
        if let Some(s) = find(&name) {
            return Ok((s.path.to_owned(), s.text.to_owned()));
        }
    }
    let names: Vec<&str> = SHIPPED.iter().map(|s| s.name).collect();
    Err(LocatedError {
        file: name.into_owned(),
        line: 1,
        col: 1,
        field: String::new(),
        message: if plain {
            format!(
                "no such file, and no scenario of that name (shipped: {}; `drumfire scenarios` lists them with the player's own)",
                names.join(", ")
            )
        } else {
            "cannot read the file: no such file".into()
        },
    })
}

/// The player's own scenarios in `dir` (`*.ron`, sorted by name), each with its short
/// name; a missing folder has none.
pub fn own_scenarios(dir: &Path) -> Vec<(String, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut own: Vec<(String, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ron"))
        .filter_map(|p| Some((p.file_stem()?.to_str()?.to_owned(), p.clone())))
        .collect();
    own.sort();
    own
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every scenario file in `scenarios/` is shipped, under its stem, and parses.
    #[test]
    fn every_scenario_in_the_tree_is_shipped_and_parses() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
        let mut on_disk = Vec::new();
        for dir in std::fs::read_dir(&root).unwrap() {
            for file in std::fs::read_dir(dir.unwrap().path()).unwrap() {
                let p = file.unwrap().path();
                if p.extension().is_some_and(|x| x == "ron") {
                    on_disk.push(p.file_stem().unwrap().to_str().unwrap().to_owned());
                }
            }
        }
        on_disk.sort();
        let mut names: Vec<String> = SHIPPED.iter().map(|s| s.name.to_owned()).collect();
        names.sort();
        assert_eq!(names, on_disk);
        for s in SHIPPED.iter() {
            let parsed = s.parse().unwrap_or_else(|e| panic!("{}: {e:?}", s.path));
            assert_eq!(parsed.source, s.path);
            assert_eq!(find(s.name), Some(s));
            assert_eq!(find(&s.name.to_uppercase()), Some(s));
        }
        assert_eq!(SHIPPED[0].text, crate::rules::DEFAULT_SCENARIO);
    }

    /// The start screen lists the rule sets in the registry's order, the tutorial first
    /// and each rule set's smallest battle first: found in `scenarios/`, never listed.
    #[test]
    fn the_shipped_scenarios_are_found_smallest_first_in_the_registry_s_order() {
        let names: Vec<&str> = SHIPPED.iter().map(|s| s.name).collect();
        assert_eq!(
            names,
            [
                "tutorial",
                "marcoing_ridge",
                "agache_valley",
                "ukhozi_drift",
                "ravensberg_heights",
                "lindenau",
                "kaja",
                "tanners_ford",
                "pine_hollow",
                "orchard_farm",
                "krasny_bor",
            ]
        );
    }

    /// A file that exists wins over a name; a player's own scenario over a shipped one
    /// of the same name; an unknown name is refused, naming the shipped ones.
    #[test]
    fn a_name_is_read_from_a_file_then_the_players_own_then_the_shipped() {
        let dir = std::env::temp_dir().join(format!("drumfire-shipped-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (name, text) = read(Path::new("lindenau"), None).unwrap();
        assert_eq!(name, "scenarios/napoleonic/lindenau.ron");
        assert_eq!(text, find("lindenau").unwrap().text);
        std::fs::write(dir.join("lindenau.ron"), "my own").unwrap();
        let (name, text) = read(Path::new("lindenau"), Some(&dir)).unwrap();
        assert_eq!(
            (name, text.as_str()),
            (dir.join("lindenau.ron").display().to_string(), "my own")
        );
        assert_eq!(
            own_scenarios(&dir),
            vec![("lindenau".to_owned(), dir.join("lindenau.ron"))]
        );
        let err = read(Path::new("waterloo"), Some(&dir)).unwrap_err();
        assert!(err.message.contains("no scenario of that name"), "{err}");
        assert!(err.message.contains("krasny_bor"), "{err}");
        let err = read(Path::new("nowhere/waterloo.ron"), None).unwrap_err();
        assert_eq!(err.message, "cannot read the file: no such file");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
