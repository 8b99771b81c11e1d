//! Errors in files a player hands us: always located, never a panic.

use std::fmt;

/// An error in a scenario, save or data file, pointing at where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocatedError {
    /// The file's name as the user gave it.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// Path of the field in the document, like `counters[3].hex` (empty if none).
    pub field: String,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for LocatedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file, self.line, self.col)?;
        if !self.field.is_empty() {
            write!(f, "{}: ", self.field)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for LocatedError {}

/// Converts a RON error into a located one (RON already knows line and column).
pub fn from_ron(file: &str, err: &ron::error::SpannedError) -> LocatedError {
    LocatedError {
        file: file.to_owned(),
        line: err.span.start.line,
        col: err.span.start.col,
        field: String::new(),
        message: err.code.to_string(),
    }
}

/// A position in a text file, found by searching for a field's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TextPos {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
}

impl TextPos {
    /// The line and column of a byte offset in `text`.
    pub fn of_offset(text: &str, offset: usize) -> Self {
        let before = &text[..offset.min(text.len())];
        let line = before.matches('\n').count() + 1;
        let col = before
            .rfind('\n')
            .map_or(before.len(), |nl| before.len() - nl - 1)
            + 1;
        Self { line, col }
    }
}

/// Reads RON the way every Drumfire file is read: optional fields may be written
/// bare (`steps: 1`) or wrapped (`steps: Some(1)`).
pub fn read_ron<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, LocatedError> {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
        .map_err(|e| from_ron(file, &e))
}
