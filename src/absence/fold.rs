//! Text in the one form every table is written in, made once per text: lower case, accents
//! removed ("Büro" → "buro", "décembre" → "decembre"), typographic apostrophes and dashes
//! made plain, a hyphen between two letters read as a space ("out-of-office",
//! "segunda-feira"), and for a body only its top part: the notice itself, not the quoted
//! e-mail it answers (which is ours, and full of dates).

use super::{japanese, quote};

/// The most of a body that is read: a notice is a few lines, and a long reply is a person's.
const TOP_BYTES: usize = 4000;

/// `subject` folded.
pub fn subject(subject: &str) -> String {
    let mut out = String::with_capacity(subject.len());
    push_folded(subject, &mut out);
    out
}

/// The top of `body` folded: lines up to the first that starts quoted history.
pub fn top(body: &str) -> String {
    let mut out = String::with_capacity(body.len().min(TOP_BYTES) + 16);
    // Where the line before this one starts: a wrapped "On …, X wrote:" begins there.
    let mut previous_line = 0;
    for line in body.lines() {
        let start = out.len();
        push_folded(line, &mut out);
        match quote::starts_history(&out[start..]) {
            quote::Cut::Here => {
                out.truncate(start);
                break;
            }
            quote::Cut::FromLineBefore => {
                out.truncate(previous_line);
                break;
            }
            quote::Cut::No => {}
        }
        out.push('\n');
        if out.len() >= TOP_BYTES {
            break;
        }
        previous_line = start;
    }
    out
}

/// Appends `text` folded to `out`.
fn push_folded(text: &str, out: &mut String) {
    let text = japanese::rewrite(text);
    let mut chars = text.chars().peekable();
    let mut last = ' ';
    while let Some(c) = chars.next() {
        let folded = match c {
            '-' | '‐' | '‑' | '–' | '—' => {
                let between_letters =
                    last.is_alphabetic() && chars.peek().is_some_and(|n| n.is_alphabetic());
                if between_letters { ' ' } else { '-' }
            }
            _ => c,
        };
        last = c;
        push_char(folded, out);
    }
}

fn push_char(c: char, out: &mut String) {
    if c.is_ascii() {
        out.push(c.to_ascii_lowercase());
        return;
    }
    let plain = match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ą' | 'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' | 'Ą' => {
            "a"
        }
        'ç' | 'ć' | 'Ç' | 'Ć' => "c",
        'è' | 'é' | 'ê' | 'ë' | 'ę' | 'È' | 'É' | 'Ê' | 'Ë' | 'Ę' => "e",
        'ł' | 'Ł' => "l",
        'ś' | 'Ś' => "s",
        'ź' | 'ż' | 'Ź' | 'Ż' => "z",
        'ì' | 'í' | 'î' | 'ï' | 'Ì' | 'Í' | 'Î' | 'Ï' => "i",
        'ñ' | 'ń' | 'Ñ' | 'Ń' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' => "o",
        'ù' | 'ú' | 'û' | 'ü' | 'Ù' | 'Ú' | 'Û' | 'Ü' => "u",
        'ý' | 'ÿ' | 'Ý' => "y",
        'ß' => "ss",
        'œ' | 'Œ' => "oe",
        'æ' | 'Æ' => "ae",
        '’' | '‘' | '´' | '`' => "'",
        '“' | '”' | '„' | '«' | '»' => "\"",
        '\u{a0}' | '\u{202f}' | '\u{2009}' => " ",
        // "1º de dezembro", "1ª": the ordinal mark says nothing the number does not.
        'º' | 'ª' | '°' => "",
        '¿' => "?",
        _ => {
            out.extend(c.to_lowercase());
            return;
        }
    };
    out.push_str(plain);
}

/// Letters and digits of folded text; anything else (space, punctuation, a letter that
/// kept a multi-byte form) separates words.
pub fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_case_accents_and_hyphens() {
        assert_eq!(
            subject("Réponse automatique : Büro – Out-of-Office, ¿Mañana? 1º"),
            "reponse automatique : buro - out of office, ?manana? 1"
        );
    }

    #[test]
    fn reads_the_top_not_the_quote() {
        let body = "I am away until the 3rd.\n\nOn Mon, 23 Nov 2026 at 09:14, Sam\nCarter <sam@x.io> wrote:\n> meet on 10 December?";
        assert_eq!(top(body), "i am away until the 3rd.\n\n");
    }
}
