//! The rules in the window: a rule set's page of `docs/rules/` (each sentence of its
//! seed with where it lives in the code and its test, our own rulings marked, the tables
//! with their exact odds), compiled in, shown as headings, paragraphs and tables, and
//! searched as it is typed. Opened from Help (F1) in a game and from the start screen.

use bevy::prelude::*;
use bevy_egui::egui;
use std::collections::BTreeMap;

/// A piece of a rules page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// A heading, its level (1 for `#`).
    Heading(usize, String),
    /// A paragraph or a list item, its lines joined.
    Text(String),
    /// A table: its header and its rows.
    Table(Vec<String>, Vec<Vec<String>>),
}

/// The page's markdown as blocks, the inline marks (`**`, `` ` ``, links) taken out.
pub fn blocks(markdown: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut table: Option<(Vec<String>, Vec<Vec<String>>)> = None;
    let flush_text = |text: &mut String, out: &mut Vec<Block>| {
        if !text.trim().is_empty() {
            out.push(Block::Text(plain(text.trim())));
        }
        text.clear();
    };
    let mut in_code = false;
    for line in markdown.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        if trimmed.starts_with('|') {
            flush_text(&mut text, &mut out);
            let cells: Vec<String> = trimmed
                .trim_matches('|')
                .split(" | ")
                .map(|c| plain(c.trim().trim_matches('|').trim()))
                .collect();
            if cells
                .iter()
                .all(|c| c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
            {
                continue;
            }
            match &mut table {
                Some((_, rows)) => rows.push(cells),
                None => table = Some((cells, Vec::new())),
            }
            continue;
        }
        if let Some((head, rows)) = table.take() {
            out.push(Block::Table(head, rows));
        }
        if let Some(heading) = trimmed.strip_prefix('#') {
            flush_text(&mut text, &mut out);
            let level = 1 + heading.chars().take_while(|&c| c == '#').count();
            out.push(Block::Heading(
                level,
                plain(heading.trim_start_matches('#').trim()),
            ));
        } else if trimmed.is_empty() {
            flush_text(&mut text, &mut out);
        } else if trimmed.starts_with("- ") || trimmed.starts_with("* ") {
            flush_text(&mut text, &mut out);
            text.push_str("• ");
            text.push_str(&trimmed[2..]);
        } else {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(trimmed);
        }
    }
    flush_text(&mut text, &mut out);
    if let Some((head, rows)) = table.take() {
        out.push(Block::Table(head, rows));
    }
    out
}

/// Markdown's inline marks taken out: `**bold**`, `` `code` ``, `[text](link)` → text.
fn plain(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|c| open + c) else {
            break;
        };
        let Some(end) = rest[close..].find(')').map(|e| close + e) else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..close]);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out.replace("**", "").replace('`', "")
}

/// The blocks a search keeps: every heading whose section has a match, and each
/// paragraph and table row that contains the words (all of them, any case); an empty
/// search keeps everything.
pub fn found(page: &[Block], query: &str) -> Vec<Block> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    if words.is_empty() {
        return page.to_vec();
    }
    let hit = |s: &str| {
        let s = s.to_lowercase();
        words.iter().all(|w| s.contains(w.as_str()))
    };
    let mut out = Vec::new();
    let mut heading: Option<&Block> = None;
    for b in page {
        let kept = match b {
            Block::Heading(..) => {
                heading = Some(b);
                None
            }
            Block::Text(t) => hit(t).then(|| b.clone()),
            Block::Table(head, rows) => {
                let rows: Vec<Vec<String>> =
                    rows.iter().filter(|r| hit(&r.join(" "))).cloned().collect();
                (!rows.is_empty()).then(|| Block::Table(head.clone(), rows))
            }
        };
        if let Some(k) = kept {
            if let Some(h) = heading.take() {
                out.push(h.clone());
            }
            out.push(k);
        }
    }
    out
}

/// The words of `text` that can tell one rule from another: lower case, four letters
/// or more, a plural's `s` taken off; and each two such words side by side ("movement
/// point"), which tell more than either alone.
fn terms(text: &str) -> std::collections::BTreeSet<String> {
    let words: Vec<Option<String>> = text
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(|w| {
            (w.chars().count() >= 4).then(|| {
                let w = w.to_lowercase();
                match w.strip_suffix('s') {
                    Some(stem) if stem.chars().count() >= 4 && !stem.ends_with('s') => {
                        stem.to_owned()
                    }
                    _ => w,
                }
            })
        })
        .collect();
    let pairs = words.windows(2).filter_map(|pair| match pair {
        [Some(a), Some(b)] => Some(format!("{a} {b}")),
        _ => None,
    });
    words.iter().flatten().cloned().chain(pairs).collect()
}

/// Is this a rule's number (`N-31`, `GW-48`, `P-5`)?
fn is_rule_number(cell: &str) -> bool {
    cell.split_once('-').is_some_and(|(tag, n)| {
        (1..=3).contains(&tag.len())
            && tag.chars().all(|c| c.is_ascii_uppercase())
            && !n.is_empty()
            && n.chars().all(|c| c.is_ascii_digit())
    })
}

/// The numbers of the rules whose words best match `refusal` (a refusal's reason), best
/// first, at most [`LOOKED_UP`]: each word a rule and the refusal share counts for how
/// rare it is among the page's rules, weighed by the rule's length, and a rule must share
/// at least two such words or one that only a few rules use. A match of words, not a
/// ruling: the window says so.
pub fn rules_for(page: &[Block], refusal: &str) -> Vec<String> {
    let rules: Vec<(String, std::collections::BTreeSet<String>)> = numbered_rules(page)
        .map(|(number, words, _)| (number, terms(&words)))
        .collect();
    let asked = terms(refusal);
    let count = rules.len() as f32;
    let mean = rules.iter().map(|(_, t)| t.len()).sum::<usize>() as f32 / count.max(1.0);
    let rarity = |w: &String| {
        let used = rules.iter().filter(|(_, t)| t.contains(w)).count() as f32;
        (count / used.max(1.0)).ln()
    };
    let weights: BTreeMap<&String, f32> = asked.iter().map(|w| (w, rarity(w))).collect();
    let mut scored: Vec<(f32, &str)> = rules
        .iter()
        .filter_map(|(number, words)| {
            let shared: Vec<f32> = asked
                .iter()
                .filter(|w| words.contains(*w))
                .map(|w| weights[w])
                .collect();
            let enough = shared.len() >= 2 || shared.iter().any(|&r| r >= RARE);
            // A long rule shares words with anything: its score is weighed by its length.
            let score = shared.iter().sum::<f32>() / (0.5 + 0.5 * words.len() as f32 / mean);
            enough.then_some((score, number.as_str()))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored
        .into_iter()
        .take(LOOKED_UP)
        .map(|(_, n)| n.to_owned())
        .collect()
}

/// The rules of the page `doc` that best match `refusal`, at most [`LOOKED_UP`]: for a
/// rule set's tests of its own page.
#[cfg(test)]
pub fn looked_up(doc: &str, refusal: &str) -> Vec<String> {
    let found = rules_for(&blocks(doc), refusal);
    assert!(found.len() <= LOOKED_UP, "{found:?}");
    found
}

/// How many rules a look-up shows.
pub const LOOKED_UP: usize = 3;

/// How rare a word must be for one shared word to be enough (used by about one rule in
/// twenty or fewer).
const RARE: f32 = 3.0;

/// Every numbered rule of `page`: its number, its words (a table row's seed text, or a
/// list item of our own rulings, `• D-2 Terrain Effects Chart ...`) and the block that
/// shows it alone.
fn numbered_rules(page: &[Block]) -> impl Iterator<Item = (String, String, Block)> + '_ {
    page.iter().flat_map(|b| -> Vec<(String, String, Block)> {
        match b {
            Block::Table(head, rows) => rows
                .iter()
                .filter(|r| r.first().is_some_and(|c| is_rule_number(c)))
                .map(|r| {
                    let words = r.get(1).cloned().unwrap_or_default();
                    (
                        r[0].clone(),
                        words,
                        Block::Table(head.clone(), vec![r.clone()]),
                    )
                })
                .collect(),
            Block::Text(t) => {
                let item = t.strip_prefix("• ").unwrap_or(t);
                let number = item.split_whitespace().next().unwrap_or("");
                if is_rule_number(number) {
                    vec![(
                        number.to_owned(),
                        item[number.len()..].to_owned(),
                        b.clone(),
                    )]
                } else {
                    vec![]
                }
            }
            Block::Heading(..) => vec![],
        }
    })
}

/// The rules of `page` numbered `numbers`, in that order (a table's row under its
/// table's header).
pub fn numbered(page: &[Block], numbers: &[String]) -> Vec<Block> {
    numbers
        .iter()
        .filter_map(|n| numbered_rules(page).find(|(m, ..)| m == n))
        .map(|(_, _, block)| block)
        .collect()
}

/// Every rules page, by rule-set id: the files of `docs/rules/` (`great-war.md` for
/// `great_war`), found there when the program is built.
const PAGES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/rules_pages.rs"));

/// The rules page of rule set `id`, if it has one.
pub fn page(id: &str) -> Option<&'static str> {
    PAGES.iter().find(|(i, _)| *i == id).map(|(_, doc)| *doc)
}

/// The rules window's state: open, on which rule set, and the search.
#[derive(Resource, Default)]
pub struct RulesBook {
    /// Shown.
    pub open: bool,
    /// The rule set shown, by id.
    pub rules: &'static str,
    /// What is searched for.
    pub query: String,
    /// A refusal being looked up: the rules that best match its words are shown.
    pub refusal: Option<String>,
    /// The page of `rules`, read once it is first shown.
    page: Option<(&'static str, Vec<Block>)>,
    /// The last look-up made for the phase bar: rule set, words, and what matched.
    matched: Option<(&'static str, String, Vec<String>)>,
}

impl RulesBook {
    /// Opens the book on rule set `id`.
    pub fn open_on(&mut self, id: &'static str) {
        self.open = true;
        self.rules = id;
    }

    /// Opens the book on rule set `id` at the rules that best match `refusal`.
    pub fn look_up(&mut self, id: &'static str, refusal: &str) {
        self.open_on(id);
        self.query.clear();
        self.refusal = Some(refusal.to_owned());
    }

    /// The rules of rule set `id` that best match `refusal` (none when its page has
    /// none that match well enough).
    pub fn matches(&mut self, id: &'static str, refusal: &str) -> Vec<String> {
        if let Some((for_id, words, found)) = &self.matched
            && *for_id == id
            && words == refusal
        {
            return found.clone();
        }
        let found = match self.page.as_ref() {
            Some((shown, page)) if *shown == id => rules_for(page, refusal),
            _ => page(id)
                .map(|doc| rules_for(&blocks(doc), refusal))
                .unwrap_or_default(),
        };
        self.matched = Some((id, refusal.to_owned(), found.clone()));
        found
    }
}

/// Draws the rules window (when open).
pub fn window(ctx: &egui::Context, book: &mut RulesBook) {
    if !book.open {
        return;
    }
    let (Some(doc), Some(rules)) = (page(book.rules), drumfire_core::rules::find(book.rules))
    else {
        book.open = false;
        return;
    };
    // The page is read once, and lent to this frame while the search box is edited.
    let page = match book.page.take() {
        Some((id, page)) if id == book.rules => page,
        _ => blocks(doc),
    };
    let mut open = true;
    egui::Window::new(format!("Rules: {}", rules.name))
        .open(&mut open)
        .default_size([720.0, 560.0])
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Search");
                ui.add(
                    egui::TextEdit::singleline(&mut book.query)
                        .hint_text("a word, a rule number (N-31), a term")
                        .desired_width(320.0),
                );
                if !book.query.is_empty() && ui.small_button("Clear").clicked() {
                    book.query.clear();
                }
            });
            if !book.query.is_empty() {
                book.refusal = None;
            }
            let looked_up = book.refusal.as_ref().map(|r| (r.clone(), rules_for(&page, r)));
            if let Some((refusal, _)) = &looked_up {
                ui.label(format!("Refused: {refusal}"));
                ui.horizontal(|ui| {
                    ui.weak("The rules whose words best match it (a match of words, not a ruling):");
                    if ui.small_button("Show all the rules").clicked() {
                        book.refusal = None;
                    }
                });
            } else {
                ui.weak("Each rule of the seed with where it lives and its test; our own rulings are marked as designed by us.");
            }
            ui.separator();
            // The whole page as it is, or a copy of what the search or look-up keeps.
            let kept;
            let shown: &[Block] = match &looked_up {
                Some((_, numbers)) => {
                    kept = numbered(&page, numbers);
                    &kept
                }
                None if book.query.trim().is_empty() => &page,
                None => {
                    kept = found(&page, &book.query);
                    &kept
                }
            };
            egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                if shown.is_empty() && looked_up.is_some() {
                    ui.label("No rule's words match it well: search the rules above.");
                } else if shown.is_empty() {
                    ui.label(format!("Nothing in these rules says \"{}\".", book.query.trim()));
                }
                for (i, b) in shown.iter().enumerate() {
                    draw_block(ui, b, i);
                }
            });
        });
    book.open = open;
    book.page = Some((book.rules, page));
}

fn draw_block(ui: &mut egui::Ui, block: &Block, i: usize) {
    match block {
        Block::Heading(level, text) => {
            ui.add_space(6.0);
            let size = match level {
                1 => 20.0,
                2 => 17.0,
                _ => 15.0,
            };
            ui.label(egui::RichText::new(text).size(size).strong());
        }
        Block::Text(text) => {
            ui.label(text);
            ui.add_space(2.0);
        }
        Block::Table(head, rows) => {
            egui::Grid::new(("rules_table", i))
                .striped(true)
                .num_columns(head.len())
                .max_col_width(260.0)
                .show(ui, |ui| {
                    for h in head {
                        ui.strong(h);
                    }
                    ui.end_row();
                    for row in rows {
                        for cell in row {
                            ui.label(cell);
                        }
                        ui.end_row();
                    }
                });
            ui.add_space(4.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "# Title\n\nA **bold** start with `code` and [a link](x.md).\n\n## Movement\n\n| rule | code | test |\n| --- | --- | --- |\n| N-31 one hex always | `movement.rs` | `a_brigade_may_always_move_one_hex` |\n| N-32 retreat | `resolve.rs` | x |\n\n- an item\n";

    /// A look-up shows the rules it found in its order, each row under its table's
    /// header, and our numbered rulings of a list too; a rule needs two shared words, or
    /// one rare one, to be found at all.
    #[test]
    fn a_look_up_shows_the_rules_found_in_their_order() {
        let page = blocks(
            "| # | the seed says | code |\n| --- | --- | --- |\n\
             | N-31 | A brigade may always move one hex. | movement.rs |\n\
             | N-32 | A routed brigade retreats two hexes. | resolve.rs |\n\n\
             - **D-2 Terrain.** A wood costs two hexes of movement.\n",
        );
        let rows = numbered(
            &page,
            &["N-32".to_owned(), "D-2".to_owned(), "N-31".to_owned()],
        );
        assert!(
            matches!(&rows[..], [Block::Table(h, a), Block::Text(d), Block::Table(_, b)]
                if h[0] == "#" && a[0][0] == "N-32" && d.starts_with("• D-2") && b[0][0] == "N-31"),
            "{rows:?}"
        );
        assert_eq!(rules_for(&page, "the routed brigade retreats"), ["N-32"]);
        assert!(rules_for(&page, "nothing at all here").is_empty());
    }

    #[test]
    fn a_rules_page_reads_as_headings_text_and_tables() {
        let page = blocks(PAGE);
        assert_eq!(
            page,
            [
                Block::Heading(1, "Title".into()),
                Block::Text("A bold start with code and a link.".into()),
                Block::Heading(2, "Movement".into()),
                Block::Table(
                    vec!["rule".into(), "code".into(), "test".into()],
                    vec![
                        vec![
                            "N-31 one hex always".into(),
                            "movement.rs".into(),
                            "a_brigade_may_always_move_one_hex".into()
                        ],
                        vec!["N-32 retreat".into(), "resolve.rs".into(), "x".into()],
                    ]
                ),
                Block::Text("• an item".into()),
            ]
        );
    }

    #[test]
    fn a_search_keeps_the_matching_rows_under_their_heading() {
        let page = blocks(PAGE);
        let hits = found(&page, "one HEX");
        assert_eq!(hits.len(), 2);
        assert_eq!(hits[0], Block::Heading(2, "Movement".into()));
        let Block::Table(_, rows) = &hits[1] else {
            panic!("{hits:?}");
        };
        assert_eq!(rows.len(), 1);
        assert!(found(&page, "waterloo").is_empty());
        assert_eq!(found(&page, "  ").len(), page.len());
    }

    /// Every rule set's page is in the window, and finds its own rulings.
    #[test]
    fn every_rule_set_has_its_rules_page() {
        for id in drumfire_core::rules::ALL.ids() {
            let page = blocks(page(id).unwrap_or_else(|| panic!("no docs/rules page for {id}")));
            assert!(matches!(page.first(), Some(Block::Heading(1, _))), "{id}");
            assert!(
                page.iter()
                    .filter(|b| matches!(b, Block::Table(..)))
                    .count()
                    >= 3,
                "{id}"
            );
            assert!(
                !found(&page, "ours").is_empty(),
                "{id}: our rulings are marked"
            );
        }
    }
}
