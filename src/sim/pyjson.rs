//! Where and why Python's `json.loads` rejects a body, so a malformed body gets the same
//! `json_invalid` 422 (message and character position) as FastAPI gives. The scan follows
//! CPython's C scanner (`Modules/_json.c`) step for step; it only locates errors, the
//! values themselves are parsed by serde_json.

/// A decode failure: the character position and CPython's message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PyJsonError {
    pub pos: usize,
    pub msg: &'static str,
}

enum Stop {
    /// No value starts here (CPython's StopIteration): "Expecting value" at the top.
    NoValue(usize),
    Fail(PyJsonError),
}

fn fail(pos: usize, msg: &'static str) -> Stop {
    Stop::Fail(PyJsonError { pos, msg })
}

/// The error CPython reports for `text`, or `None` when it would decode it.
pub fn python_json_error(text: &str) -> Option<PyJsonError> {
    let chars: Vec<char> = text.chars().collect();
    let scanner = Scanner { s: &chars };
    let start = scanner.skip_ws(0);
    match scanner.value(start) {
        Err(Stop::NoValue(pos)) => Some(PyJsonError { pos, msg: "Expecting value" }),
        Err(Stop::Fail(error)) => Some(error),
        Ok(end) => {
            let end = scanner.skip_ws(end);
            (end != chars.len()).then_some(PyJsonError { pos: end, msg: "Extra data" })
        }
    }
}

struct Scanner<'a> {
    s: &'a [char],
}

impl Scanner<'_> {
    fn at(&self, index: usize) -> Option<char> {
        self.s.get(index).copied()
    }

    fn skip_ws(&self, mut index: usize) -> usize {
        while matches!(self.at(index), Some(' ' | '\t' | '\n' | '\r')) {
            index += 1;
        }
        index
    }

    fn starts_with(&self, index: usize, word: &str) -> bool {
        word.chars().enumerate().all(|(k, c)| self.at(index + k) == Some(c))
    }

    /// One JSON value starting at `index`; returns the index after it.
    fn value(&self, index: usize) -> Result<usize, Stop> {
        match self.at(index) {
            None => Err(Stop::NoValue(index)),
            Some('"') => self.string(index + 1),
            Some('{') => self.object(index + 1),
            Some('[') => self.array(index + 1),
            Some('n') if self.starts_with(index, "null") => Ok(index + 4),
            Some('t') if self.starts_with(index, "true") => Ok(index + 4),
            Some('f') if self.starts_with(index, "false") => Ok(index + 5),
            Some('N') if self.starts_with(index, "NaN") => Ok(index + 3),
            Some('I') if self.starts_with(index, "Infinity") => Ok(index + 8),
            Some('-') if self.starts_with(index, "-Infinity") => Ok(index + 9),
            Some(_) => self.number(index),
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`
    fn number(&self, start: usize) -> Result<usize, Stop> {
        let digit = |i: usize| self.at(i).is_some_and(|c| c.is_ascii_digit());
        let mut i = start;
        if self.at(i) == Some('-') {
            i += 1;
        }
        match self.at(i) {
            Some('0') => i += 1,
            Some('1'..='9') => {
                while digit(i) {
                    i += 1;
                }
            }
            _ => return Err(Stop::NoValue(start)),
        }
        if self.at(i) == Some('.') && digit(i + 1) {
            i += 1;
            while digit(i) {
                i += 1;
            }
        }
        if matches!(self.at(i), Some('e' | 'E')) {
            let mut j = i + 1;
            if matches!(self.at(j), Some('+' | '-')) {
                j += 1;
            }
            if digit(j) {
                while digit(j) {
                    j += 1;
                }
                i = j;
            }
        }
        Ok(i)
    }

    /// A string whose opening quote is at `index - 1`.
    fn string(&self, index: usize) -> Result<usize, Stop> {
        let begin = index - 1;
        let mut next = index;
        loop {
            let Some(c) = self.at(next) else {
                return Err(fail(begin, "Unterminated string starting at"));
            };
            match c {
                '"' => return Ok(next + 1),
                '\\' => {
                    next += 1;
                    let Some(escape) = self.at(next) else {
                        return Err(fail(begin, "Unterminated string starting at"));
                    };
                    if escape == 'u' {
                        let end = next + 5;
                        if end >= self.s.len() {
                            return Err(fail(next, "Invalid \\uXXXX escape"));
                        }
                        if !(next + 1..end)
                            .all(|k| self.at(k).is_some_and(|h| h.is_ascii_hexdigit()))
                        {
                            return Err(fail(next, "Invalid \\uXXXX escape"));
                        }
                        next = end;
                    } else if matches!(escape, '"' | '\\' | '/' | 'b' | 'f' | 'n' | 'r' | 't') {
                        next += 1;
                    } else {
                        return Err(fail(next - 1, "Invalid \\escape"));
                    }
                }
                c if (c as u32) <= 0x1f => return Err(fail(next, "Invalid control character at")),
                _ => next += 1,
            }
        }
    }

    /// An object whose `{` is at `index - 1`.
    fn object(&self, index: usize) -> Result<usize, Stop> {
        let mut i = self.skip_ws(index);
        if self.at(i) == Some('}') {
            return Ok(i + 1);
        }
        loop {
            if self.at(i) != Some('"') {
                return Err(fail(i, "Expecting property name enclosed in double quotes"));
            }
            i = self.skip_ws(self.string(i + 1)?);
            if self.at(i) != Some(':') {
                return Err(fail(i, "Expecting ':' delimiter"));
            }
            i = self.skip_ws(self.value(self.skip_ws(i + 1))?);
            match self.at(i) {
                Some('}') => return Ok(i + 1),
                Some(',') => {}
                _ => return Err(fail(i, "Expecting ',' delimiter")),
            }
            let comma = i;
            i = self.skip_ws(i + 1);
            if self.at(i) == Some('}') {
                return Err(fail(comma, "Illegal trailing comma before end of object"));
            }
        }
    }

    /// An array whose `[` is at `index - 1`.
    fn array(&self, index: usize) -> Result<usize, Stop> {
        let mut i = self.skip_ws(index);
        if self.at(i) == Some(']') {
            return Ok(i + 1);
        }
        loop {
            i = self.skip_ws(self.value(i)?);
            match self.at(i) {
                Some(']') => return Ok(i + 1),
                Some(',') => {}
                _ => return Err(fail(i, "Expecting ',' delimiter")),
            }
            let comma = i;
            i = self.skip_ws(i + 1);
            if self.at(i) == Some(']') {
                return Err(fail(comma, "Illegal trailing comma before end of array"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> (usize, &'static str) {
        let e = python_json_error(text).unwrap_or(PyJsonError { pos: usize::MAX, msg: "ok" });
        (e.pos, e.msg)
    }

    #[test]
    fn positions_and_messages_match_cpython() {
        // Each expectation is what CPython 3.13's json.loads raises for the input.
        assert_eq!(error(r#"{"email": "#), (10, "Expecting value"));
        assert_eq!(error(""), (0, "Expecting value"));
        assert_eq!(error("   "), (3, "Expecting value"));
        assert_eq!(error("{email: 1}"), (1, "Expecting property name enclosed in double quotes"));
        assert_eq!(error(r#"{"a" 1}"#), (5, "Expecting ':' delimiter"));
        assert_eq!(error(r#"{"a": 1 "b": 2}"#), (8, "Expecting ',' delimiter"));
        assert_eq!(error(r#"{"a": 1,}"#), (7, "Illegal trailing comma before end of object"));
        assert_eq!(error("[1, 2,]"), (5, "Illegal trailing comma before end of array"));
        assert_eq!(error("[1 2]"), (3, "Expecting ',' delimiter"));
        assert_eq!(error(r#"{"a": "b"#), (6, "Unterminated string starting at"));
        assert_eq!(error(r#"{"a": "\x"}"#), (7, "Invalid \\escape"));
        assert_eq!(error(r#"["\u12"]"#), (3, "Invalid \\uXXXX escape"));
        assert_eq!(error("[\"a\u{1}\"]"), (3, "Invalid control character at"));
        assert_eq!(error("{} x"), (3, "Extra data"));
        assert_eq!(error("[01]"), (2, "Expecting ',' delimiter"));
        assert_eq!(error("[-]"), (1, "Expecting value"));
        assert_eq!(error("tru"), (0, "Expecting value"));
        // Positions count characters, not bytes.
        assert_eq!(error(r#"{"é": }"#), (6, "Expecting value"));
    }

    #[test]
    fn what_python_accepts_is_not_an_error() {
        for ok in [
            "{}",
            "[]",
            " {\"a\": [1, -2.5e3, true, null, \"\\u00e9\\n\"]} ",
            "NaN",
            "-Infinity",
            "1E5",
        ] {
            assert_eq!(python_json_error(ok), None, "{ok}");
        }
    }
}
