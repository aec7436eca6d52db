//! Japanese made readable by the same rules as the other languages: full-width digits made
//! plain, dates written the way `dates` reads them ("12月4日" → "4.12.", "2027年1月5日" →
//! "5.1.2027"), and the words that place a date or name a day spelt in Latin letters
//! ("まで" → "made", "帰社" → "kisha", "月曜日" → "getsuyobi"), since Japanese puts no space between words and
//! writes "until" after the date. Every other character is left as it is.

use std::borrow::Cow;

/// Japanese words and the Latin spelling the tables (`lang::ja`) list them under.
const WORDS: [(&str, &str); 21] = [
    ("まで", "made"),
    ("から", "kara"),
    ("より", "yori"),
    ("明日", "ashita"),
    ("帰社", "kisha"),
    ("出社", "shussha"),
    ("復帰", "fukki"),
    ("来週", "raishu"),
    ("月曜日", "getsuyobi"),
    ("火曜日", "kayobi"),
    ("水曜日", "suiyobi"),
    ("木曜日", "mokuyobi"),
    ("金曜日", "kinyobi"),
    ("土曜日", "doyobi"),
    ("日曜日", "nichiyobi"),
    ("月曜", "getsuyobi"),
    ("火曜", "kayobi"),
    ("水曜", "suiyobi"),
    ("木曜", "mokuyobi"),
    ("金曜", "kinyobi"),
    ("土曜", "doyobi"),
];

/// `text` with its Japanese rewritten; itself when it has none.
pub fn rewrite(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_japanese) {
        return Cow::Borrowed(text);
    }
    let chars: Vec<char> = text.chars().map(half_width).collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let after_digit = i > 0 && chars[i - 1].is_ascii_digit();
        if let Some((date, next)) = date_at(&chars, i).filter(|_| !after_digit) {
            out.push(' ');
            out.push_str(&date);
            out.push(' ');
            i = next;
            continue;
        }
        let word = WORDS.iter().find(|(japanese, _)| starts_with(&chars[i..], japanese));
        if let Some((japanese, latin)) = word {
            out.push(' ');
            out.push_str(latin);
            out.push(' ');
            i += japanese.chars().count();
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    Cow::Owned(out)
}

fn is_japanese(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}')
}

/// Full-width digits and the marks that matter around dates, as their ASCII forms.
fn half_width(c: char) -> char {
    match c {
        '０'..='９' => char::from(b'0' + (u32::from(c) - u32::from('０')) as u8),
        '／' => '/',
        '：' => ':',
        '？' => '?',
        '！' => '!',
        '（' => '(',
        '）' => ')',
        '～' | '〜' => '-',
        '。' => '.',
        '、' | '\u{3000}' => ' ',
        _ => c,
    }
}

fn starts_with(chars: &[char], word: &str) -> bool {
    let mut at = chars.iter();
    word.chars().all(|w| at.next() == Some(&w))
}

/// "12月4日" or "2027年1月5日" at `i`: the date as "4.12." or "5.1.2027", and where reading
/// goes on.
fn date_at(chars: &[char], i: usize) -> Option<(String, usize)> {
    let (first, i) = digits(chars, i)?;
    let (year, month, i) = match chars.get(i) {
        Some('年') => {
            let (month, i) = digits(chars, i + 1)?;
            (Some(first), month, i)
        }
        _ => (None, first, i),
    };
    if chars.get(i) != Some(&'月') {
        return None;
    }
    let (day, i) = digits(chars, i + 1)?;
    if chars.get(i) != Some(&'日') {
        return None;
    }
    let date = match year {
        Some(year) => format!("{day}.{month}.{year}"),
        None => format!("{day}.{month}."),
    };
    Some((date, i + 1))
}

/// The ASCII digits at `i` and where they end; `None` when there are none.
fn digits(chars: &[char], i: usize) -> Option<(String, usize)> {
    let end = chars[i.min(chars.len())..]
        .iter()
        .position(|c| !c.is_ascii_digit())
        .map_or(chars.len(), |n| i + n);
    (end > i && end - i <= 4).then(|| (chars[i..end].iter().collect(), end))
}
