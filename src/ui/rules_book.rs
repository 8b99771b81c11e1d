//! The rules in the window: a rule set's page of `docs/rules/` (each sentence of its
//! seed with where it lives in the code and its test, our own rulings marked, the tables
//! with their exact odds), compiled in, shown as headings, paragraphs and tables, and
//! searched as it is typed. Opened from Help (F1) in a game and from the start screen.

use bevy::prelude::*;
use bevy_egui::egui;

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

/// The rules window's state: open, on which rule set, and the search.
#[derive(Resource, Default)]
pub struct RulesBook {
    /// Shown.
    pub open: bool,
    /// The rule set shown, by id.
    pub rules: &'static str,
    /// What is searched for.
    pub query: String,
    /// The page of `rules`, read once it is first shown.
    page: Option<(&'static str, Vec<Block>)>,
}

impl RulesBook {
    /// Opens the book on rule set `id`.
    pub fn open_on(&mut self, id: &'static str) {
        self.open = true;
        self.rules = id;
    }
}

/// Draws the rules window (when open).
pub fn window(ctx: &egui::Context, book: &mut RulesBook) {
    if !book.open {
        return;
    }
    let Some(parts) = crate::rules::parts(book.rules) else {
        book.open = false;
        return;
    };
    // The page is read once, and lent to this frame while the search box is edited.
    let page = match book.page.take() {
        Some((id, page)) if id == book.rules => page,
        _ => blocks(parts.rules_doc),
    };
    let mut open = true;
    egui::Window::new(format!("Rules: {}", parts.rules.name))
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
            ui.weak("Each rule of the seed with where it lives and its test; our own rulings are marked as designed by us.");
            ui.separator();
            // The whole page as it is, or a copy of what the search keeps.
            let kept;
            let shown: &[Block] = if book.query.trim().is_empty() {
                &page
            } else {
                kept = found(&page, &book.query);
                &kept
            };
            egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                if shown.is_empty() {
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
            let parts = crate::rules::parts(id).unwrap();
            let page = blocks(parts.rules_doc);
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
