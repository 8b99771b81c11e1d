//! Prints the Great War fire tables with their exact probabilities as Markdown.
fn main() {
    print!("{}", drumfire_core::rules::great_war::tables::markdown());
}
