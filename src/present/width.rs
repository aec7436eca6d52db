//! Widths in terminal cells (wide CJK counts two, combining marks none) and cutting to a
//! width with `…`, for table cells in the CLI and on screen.

use super::tone::Tone;
use crate::text;

/// Display columns of sanitised text; plain ASCII (most cells) needs no table lookup.
pub(crate) fn display_width(text: &str) -> usize {
    if text.is_ascii() { text.len() } else { text::width(text) }
}

/// The text cut to `width` cells, ending with `…` when something was cut.
pub(crate) fn cut(text: &str, width: usize) -> std::borrow::Cow<'_, str> {
    if text.len() <= width || display_width(text) <= width {
        std::borrow::Cow::Borrowed(text)
    } else {
        std::borrow::Cow::Owned(text::truncate(text, width))
    }
}

/// Toned pieces of one cell cut to `width` cells together: the piece that crosses the
/// edge ends with `…` and the pieces after it are left out.
pub(crate) fn cut_parts(parts: &[(String, Tone)], width: usize) -> Vec<(String, Tone)> {
    let total: usize = parts.iter().map(|(text, _)| display_width(text)).sum();
    if total <= width {
        return parts.to_vec();
    }
    let mut out = Vec::new();
    let mut room = width;
    for (text, tone) in parts {
        let w = display_width(text);
        if w < room {
            out.push((text.clone(), *tone));
            room -= w;
        } else {
            // This piece reaches the edge; the `…` says more followed.
            out.push((text::truncate(&format!("{text} "), room), *tone));
            break;
        }
    }
    out
}

/// A cell's pieces fitted to `width` cells: the short label when the full text does not fit
/// and the label does, then cut with `…` if still too wide.
pub(crate) fn fit_cell(
    parts: &[(String, Tone)],
    short: Option<&str>,
    width: usize,
) -> Vec<(String, Tone)> {
    let full: usize = parts.iter().map(|(text, _)| display_width(text)).sum();
    match (short, parts) {
        (Some(short), [(_, tone)]) if full > width => {
            vec![(cut(short, width).into_owned(), *tone)]
        }
        _ => cut_parts(parts, width),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_characters_count_two_cells_and_are_cut_whole() {
        assert_eq!(display_width("李小龙"), 6);
        assert_eq!(cut("李小龙李小龙", 5), "李小…");
        assert_eq!(cut("製造First", 4), "製…");
    }

    #[test]
    fn combining_marks_take_no_cell_and_stay_with_their_letter() {
        let name = "Rene\u{301}e Dupont";
        assert_eq!(display_width(name), 12);
        assert_eq!(cut(name, 12), name);
        assert_eq!(cut(name, 6), "Rene\u{301}e…");
    }

    #[test]
    fn cut_cells_end_with_an_ellipsis_and_fitting_ones_are_kept() {
        assert_eq!(cut("Q3 Fintech Outreach", 14), "Q3 Fintech Ou…");
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("abcd", 1), "…");
        assert_eq!(cut("abcd", 0), "");
    }

    #[test]
    fn a_short_label_replaces_a_text_that_does_not_fit() {
        let status = vec![("PROVISIONING_FAILED".to_string(), Tone::Alarm)];
        assert_eq!(fit_cell(&status, Some("PROV FAIL"), 20), status);
        assert_eq!(fit_cell(&status, Some("PROV FAIL"), 10)[0].0, "PROV FAIL");
        assert_eq!(fit_cell(&status, Some("PROV FAIL"), 6)[0].0, "PROV …");
        assert_eq!(fit_cell(&status, None, 10)[0].0, "PROVISION…");
    }

    #[test]
    fn toned_pieces_are_cut_at_the_edge() {
        let parts = vec![("MX✓".to_string(), Tone::Good), (" SPF✗".to_string(), Tone::Alarm)];
        assert_eq!(cut_parts(&parts, 8), parts);
        assert_eq!(
            cut_parts(&parts, 6),
            vec![("MX✓".to_string(), Tone::Good), (" S…".to_string(), Tone::Alarm)]
        );
        assert_eq!(cut_parts(&parts, 3), vec![("MX…".to_string(), Tone::Good)]);
    }
}
