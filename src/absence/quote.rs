//! Where the quoted history under a reply begins, in seven languages, on a folded line. The
//! project's `text::quoted_lines` folds history for display in three languages and marks
//! every line; here only the first line matters, and a notice is read before it.

/// What a line says about the history below it.
#[derive(Debug, PartialEq, Eq)]
pub enum Cut {
    No,
    /// History starts on this line.
    Here,
    /// This line ends an attribution that began on the line before ("On Mon, …, Sam\nCarter
    /// wrote:").
    FromLineBefore,
}

/// How "X wrote:" ends, per language.
const WROTE: [&str; 7] =
    ["wrote:", "schrieb:", "a ecrit :", "a ecrit:", "escribio:", "escreveu:", "ha scritto:"];
const WROTE_NL: &str = "schreef:";

/// How an attribution starts ("On …", "Am …", "Le …", "El …", "Em …", "Il …", "Op …").
const ATTRIBUTION: [&str; 8] = ["on ", "am ", "le ", "el ", "em ", "il ", "op ", "il giorno "];

/// The first header of a forwarded or Outlook-quoted message.
const FROM: [&str; 7] = ["from:", "von:", "de :", "de:", "van:", "da:", "from :"];

/// Whether `line` (folded) starts the quoted history.
pub fn starts_history(line: &str) -> Cut {
    let line = line.trim();
    if line.starts_with('>') || line.starts_with("-----") || line.starts_with("________") {
        return Cut::Here;
    }
    // A header line naming an address: a notice names colleagues' addresses too, but never
    // after "From:".
    if FROM.iter().any(|f| line.starts_with(f)) && (line.contains('@') || line.contains('<')) {
        return Cut::Here;
    }
    let wrote = WROTE.iter().any(|w| line.ends_with(w)) || line.ends_with(WROTE_NL);
    if !wrote {
        return Cut::No;
    }
    if ATTRIBUTION.iter().any(|a| line.starts_with(a)) { Cut::Here } else { Cut::FromLineBefore }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_history_in_every_language() {
        assert_eq!(starts_history("> hi"), Cut::Here);
        assert_eq!(starts_history("-----original message-----"), Cut::Here);
        assert_eq!(starts_history("von: sam carter <sam@brightlane.io>"), Cut::Here);
        assert_eq!(
            starts_history("el lun, 23 nov 2026 a las 9:14, sam (<sam@x.io>) escribio:"),
            Cut::Here
        );
        assert_eq!(starts_history("carter <sam@x.io> wrote:"), Cut::FromLineBefore);
        assert_eq!(starts_history("for urgent matters contact jane@x.com"), Cut::No);
    }
}
