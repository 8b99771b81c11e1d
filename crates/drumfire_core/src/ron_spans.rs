//! A tolerant scanner that finds where each field and element of a RON text
//! lies, so that errors found after parsing (an unknown id, an off-map hex)
//! can point at a line, a column and a field path such as `counters[3].hex`.

use crate::error::TextPos;

/// One step of a field path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    /// A named field of a struct.
    Field(String),
    /// An element of a list or tuple.
    Index(usize),
}

/// Builds a path from a dotted string with indices: `"counters[3].hex"`.
pub fn path(spec: &str) -> Vec<Seg> {
    let mut out = Vec::new();
    for part in spec.split('.').filter(|p| !p.is_empty()) {
        let mut rest = part;
        if let Some(open) = rest.find('[') {
            if open > 0 {
                out.push(Seg::Field(rest[..open].to_owned()));
            }
            rest = &rest[open..];
            while let Some(stripped) = rest.strip_prefix('[') {
                let close = stripped.find(']').unwrap_or(stripped.len());
                if let Ok(i) = stripped[..close].parse() {
                    out.push(Seg::Index(i));
                }
                rest = stripped.get(close + 1..).unwrap_or("");
            }
        } else {
            out.push(Seg::Field(rest.to_owned()));
        }
    }
    out
}

/// A value's span in the text and what it contains.
#[derive(Debug)]
struct Node {
    start: usize,
    end: usize,
    fields: Vec<(String, Node)>,
    items: Vec<Node>,
}

struct Scanner<'a> {
    s: &'a [u8],
    i: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn skip_ws(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.i += 1,
                Some(b'/') if self.s.get(self.i + 1) == Some(&b'/') => {
                    while self.peek().is_some_and(|c| c != b'\n') {
                        self.i += 1;
                    }
                }
                Some(b'/') if self.s.get(self.i + 1) == Some(&b'*') => {
                    self.i += 2;
                    while self.i < self.s.len()
                        && !(self.peek() == Some(b'*') && self.s.get(self.i + 1) == Some(&b'/'))
                    {
                        self.i += 1;
                    }
                    self.i += 2;
                }
                Some(b'#') if self.s.get(self.i + 1) == Some(&b'!') => {
                    while self.peek().is_some_and(|c| c != b']') {
                        self.i += 1;
                    }
                    self.i += 1;
                }
                _ => return,
            }
        }
    }

    fn ident(&mut self) -> Option<&str> {
        let start = self.i;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
        {
            self.i += 1;
        }
        (self.i > start).then(|| std::str::from_utf8(&self.s[start..self.i]).unwrap_or(""))
    }

    fn string(&mut self) {
        let quote = self.s[self.i];
        self.i += 1;
        while let Some(c) = self.peek() {
            self.i += 1;
            if c == b'\\' {
                self.i += 1;
            } else if c == quote {
                return;
            }
        }
    }

    fn raw_string(&mut self) {
        // r#"..."#
        self.i += 1;
        let mut hashes = 0;
        while self.peek() == Some(b'#') {
            hashes += 1;
            self.i += 1;
        }
        self.i += 1;
        while self.i < self.s.len() {
            if self.s[self.i] == b'"'
                && self.s[self.i + 1..]
                    .iter()
                    .take(hashes)
                    .filter(|&&c| c == b'#')
                    .count()
                    == hashes
            {
                self.i += 1 + hashes;
                return;
            }
            self.i += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Node {
        self.skip_ws();
        let start = self.i;
        let mut node = Node {
            start,
            end: start,
            fields: Vec::new(),
            items: Vec::new(),
        };
        if depth > 64 {
            self.i = self.s.len();
            node.end = self.i;
            return node;
        }
        match self.peek() {
            Some(b'"' | b'\'') => self.string(),
            Some(b'r') if matches!(self.s.get(self.i + 1), Some(b'#' | b'"')) => self.raw_string(),
            Some(b'[') => self.seq(&mut node, b']', depth),
            Some(b'{') => self.seq(&mut node, b'}', depth),
            Some(b'(') => self.paren(&mut node, depth),
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                self.ident();
                self.skip_ws();
                if self.peek() == Some(b'(') {
                    self.paren(&mut node, depth);
                }
            }
            Some(_) => {
                // At least one byte, so that a stray byte (a form feed, say) never
                // stops the scan where it stands.
                self.i += 1;
                while self.peek().is_some_and(|c| {
                    !matches!(c, b',' | b')' | b']' | b'}') && !c.is_ascii_whitespace()
                }) {
                    self.i += 1;
                }
            }
            None => {}
        }
        node.end = self.i;
        node
    }

    fn seq(&mut self, node: &mut Node, close: u8, depth: usize) {
        self.i += 1;
        loop {
            self.skip_ws();
            match self.peek() {
                None => return,
                Some(c) if c == close => {
                    self.i += 1;
                    return;
                }
                Some(b',') => self.i += 1,
                Some(b')' | b']' | b'}') => return,
                Some(_) => {
                    let item = self.value(depth + 1);
                    self.skip_ws();
                    if close == b'}' && self.peek() == Some(b':') {
                        self.i += 1;
                        let v = self.value(depth + 1);
                        node.items.push(v);
                    } else {
                        node.items.push(item);
                    }
                }
            }
        }
    }

    fn paren(&mut self, node: &mut Node, depth: usize) {
        self.i += 1;
        loop {
            self.skip_ws();
            match self.peek() {
                None => return,
                Some(b')') => {
                    self.i += 1;
                    return;
                }
                Some(b',') => self.i += 1,
                Some(b']' | b'}') => return,
                Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                    let save = self.i;
                    let name = self.ident().unwrap_or("").to_owned();
                    self.skip_ws();
                    if self.peek() == Some(b':') && self.s.get(self.i + 1) != Some(&b':') {
                        self.i += 1;
                        let v = self.value(depth + 1);
                        node.fields.push((name, v));
                    } else {
                        self.i = save;
                        let v = self.value(depth + 1);
                        node.items.push(v);
                    }
                }
                Some(_) => {
                    let v = self.value(depth + 1);
                    node.items.push(v);
                }
            }
        }
    }
}

fn scan(text: &str) -> Node {
    let mut s = Scanner {
        s: text.as_bytes(),
        i: 0,
    };
    s.value(0)
}

/// Where the value at `path` starts, if the text has it.
pub fn locate(text: &str, path: &[Seg]) -> Option<TextPos> {
    let root = scan(text);
    let mut node = &root;
    for seg in path {
        node = match seg {
            Seg::Field(name) => &node.fields.iter().find(|(n, _)| n == name)?.1,
            Seg::Index(i) => node.items.get(*i)?,
        };
    }
    Some(TextPos::of_offset(text, node.start))
}

/// Like [`locate`], but falls back to the deepest part of the path that exists,
/// so that a missing field points at the struct that lacks it.
pub fn locate_nearest(text: &str, path: &[Seg]) -> TextPos {
    (0..=path.len())
        .rev()
        .find_map(|n| locate(text, &path[..n]))
        .unwrap_or(TextPos { line: 1, col: 1 })
}

/// The field path of the innermost value that contains the 1-based `line`/`col`.
pub fn path_at(text: &str, pos: TextPos) -> String {
    let offset = offset_of(text, pos);
    let root = scan(text);
    let mut out = String::new();
    let mut node = &root;
    'descend: loop {
        for (name, child) in &node.fields {
            if child.start <= offset && offset < child.end.max(child.start + 1) {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(name);
                node = child;
                continue 'descend;
            }
        }
        for (i, child) in node.items.iter().enumerate() {
            if child.start <= offset && offset < child.end.max(child.start + 1) {
                out.push_str(&format!("[{i}]"));
                node = child;
                continue 'descend;
            }
        }
        return out;
    }
}

fn offset_of(text: &str, pos: TextPos) -> usize {
    let mut line = 1;
    let mut line_start = 0;
    for (i, c) in text.char_indices() {
        if line == pos.line {
            break;
        }
        if c == '\n' {
            line += 1;
            line_start = i + 1;
        }
    }
    let line_text = &text[line_start..];
    let col_bytes: usize = line_text
        .chars()
        .take(pos.col.saturating_sub(1))
        .map(char::len_utf8)
        .sum();
    line_start + col_bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = r##"// a scenario
Scenario(
    title: "A (test)",
    map: (width: 4, rows: ["..", "w."]),
    counters: [
        (id: "a", hex: "0101"),
        (id: "b", hex: "0909", note: r#"say "hi""#),
    ],
    colour: Some((1, 2)),
)"##;

    #[test]
    fn locates_nested_fields_and_elements() {
        assert_eq!(
            locate(DOC, &path("counters[1].hex")),
            Some(TextPos { line: 7, col: 24 })
        );
        assert_eq!(
            locate(DOC, &path("map.rows[1]")),
            Some(TextPos { line: 4, col: 34 })
        );
        assert_eq!(
            locate(DOC, &path("title")),
            Some(TextPos { line: 3, col: 12 })
        );
        assert_eq!(locate(DOC, &path("counters[5]")), None);
        assert_eq!(
            locate_nearest(DOC, &path("counters[1].side")),
            TextPos { line: 7, col: 9 }
        );
    }

    #[test]
    fn finds_the_path_at_a_position() {
        assert_eq!(
            path_at(DOC, TextPos { line: 7, col: 27 }),
            "counters[1].hex"
        );
        assert_eq!(path_at(DOC, TextPos { line: 4, col: 18 }), "map.width");
    }

    #[test]
    fn survives_garbage() {
        for text in [
            "",
            "(",
            "[[[",
            "Scenario(a: [1, 2",
            "\"unterminated",
            "r#\"x",
            ")))]]",
            "[a, \x0c, b]",
            "(x: [\x0c\x0b])",
        ] {
            let _ = locate(text, &path("a[0].b"));
            let _ = path_at(text, TextPos { line: 1, col: 3 });
        }
    }
}
