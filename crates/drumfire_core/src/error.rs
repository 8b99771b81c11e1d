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

/// Is `c` written as an escape where text from a file or another machine reaches a
/// terminal: a control character (the escape sequences that clear a screen, move the
/// cursor or retitle a window start with one), or a character that turns text around
/// or hides itself (zero-width and bidirectional marks).
fn escaped(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Text from a file or another machine as a terminal is given it: every character of
/// [`escaped`] but the line break written as its escape (`\u{1b}`), so that what a
/// scenario, save, turn file or the other program wrote is shown and never obeyed.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c != '\n' && escaped(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Text from a file or another machine on one line of a terminal: as [`printable`],
/// the line break escaped too, and at most `max` characters (then `…`).
pub fn one_line(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        if escaped(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A writer that passes on what is written to it as [`printable`] text: what a
/// command prints goes through one, so no text it prints can reach the terminal raw.
pub struct Printable<W>(pub W);

impl<W: std::io::Write> std::io::Write for Printable<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .write_all(printable(&String::from_utf8_lossy(buf)).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// The largest scenario or save we read: 16 MiB, far above the largest real one (a save
/// of thousands of orders is well under a megabyte).
pub const MAX_FILE_BYTES: usize = 16 << 20;

/// Reads a scenario or save file as text, refusing one over [`MAX_FILE_BYTES`] before
/// reading it and one that is not UTF-8, each as a located error on the file's name.
pub fn read_file(path: &std::path::Path) -> Result<String, LocatedError> {
    let name = path.display().to_string();
    let fail = |message: String| LocatedError {
        file: name.clone(),
        line: 1,
        col: 1,
        field: String::new(),
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| fail(format!("cannot read the file: {e}")))?;
    if meta.len() > MAX_FILE_BYTES as u64 {
        return Err(fail(format!(
            "the file is larger than {} MiB ({} bytes): no scenario or save is that big",
            MAX_FILE_BYTES >> 20,
            meta.len()
        )));
    }
    std::fs::read_to_string(path).map_err(|e| fail(format!("cannot read the file: {e}")))
}

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

/// The text after a UTF-8 byte-order mark, which some Windows editors write at the start
/// of a file: a player's editor does not show it, so lines and columns are counted
/// without it.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Reads RON the way every Drumfire file is read: optional fields may be written
/// bare (`steps: 1`) or wrapped (`steps: Some(1)`).
pub fn read_ron<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, LocatedError> {
    read_ron_seed(file, text, std::marker::PhantomData::<T>)
}

/// [`read_ron`] with a seed: what is read needs more than its type to be read (a
/// scenario file, the rule sets its section may be of).
pub fn read_ron_seed<T, S: for<'de> serde::de::DeserializeSeed<'de, Value = T>>(
    file: &str,
    text: &str,
    seed: S,
) -> Result<T, LocatedError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(LocatedError {
            file: file.to_owned(),
            line: 1,
            col: 1,
            field: String::new(),
            message: format!(
                "the file is larger than {} MiB ({} bytes): no scenario or save is that big",
                MAX_FILE_BYTES >> 20,
                text.len()
            ),
        });
    }
    // RON refuses nesting deeper than its recursion limit (128) with a located error.
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str_seed(text, seed)
        .map_err(|e| from_ron(file, &e))
}

/// A name read as an identifier, as RON writes an enum variant or a field: for
/// readers that learn what follows from the name.
pub struct Identifier(pub String);

impl<'de> serde::Deserialize<'de> for Identifier {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Name;
        impl serde::de::Visitor<'_> for Name {
            type Value = Identifier;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a name")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Identifier, E> {
                Ok(Identifier(v.to_owned()))
            }
        }
        d.deserialize_identifier(Name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// The attack: a scenario title, an id or a message written to clear the reader's
    /// screen, retitle its window and hide text behind a bidirectional mark.
    #[test]
    fn text_from_a_file_reaches_the_terminal_with_its_control_characters_escaped() {
        let hostile = "Zulu\u{1b}[2J\u{1b}[HCLEARED\u{1b}]0;pwned\u{7}\r\nnext line\u{202e}";
        let out = printable(hostile);
        assert_eq!(
            out,
            "Zulu\\u{1b}[2J\\u{1b}[HCLEARED\\u{1b}]0;pwned\\u{7}\\r\nnext line\\u{202e}"
        );
        assert!(!out.chars().any(|c| c != '\n' && escaped(c)), "{out:?}");
        assert_eq!(one_line(hostile, 600).lines().count(), 1);
        assert_eq!(one_line(&"x".repeat(10_000), 600).chars().count(), 601);
        let mut written = Printable(Vec::new());
        writeln!(written, "{hostile}").unwrap();
        assert_eq!(String::from_utf8(written.0).unwrap(), format!("{out}\n"));
        assert_eq!(printable("Ukhozi Drift — 1879"), "Ukhozi Drift — 1879");
    }
}
