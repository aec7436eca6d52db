//! Which columns fit a width and how wide each is — one rule for the CLI's tables and the
//! dashboard's lists. Columns are left out least important first until their minimums fit;
//! the spare width then goes to the most important columns, each up to its maximum.

/// How wide a column may be and how dispensable it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The narrowest it is still useful; cells are cut (with `…`) down to it.
    pub min: usize,
    /// The widest it is useful; extra space goes to columns that can use it.
    pub max: usize,
    /// 0: never left out; otherwise the highest goes first when space is short.
    pub drop: u8,
}

/// How wide a column's cells are, when the rows are known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Content {
    /// The widest cell (or header) as a whole.
    pub widest: usize,
    /// The widest cell (or header) at its shortest readable form: its short label if any.
    pub readable: usize,
}

impl Content {
    /// Cells without short labels.
    pub(crate) fn plain(widest: usize) -> Self {
        Content { widest, readable: widest }
    }
}

impl Limits {
    /// The `drop` of a picture (a sparkline): with the rows known, it is shown only when
    /// every other column fits whole beside it — a trend is worth less than a name cut
    /// short.
    pub const PICTURE: u8 = u8::MAX;
}

/// How many cells short of its content a column may be to be completed before the others
/// grow.
const NEARLY_WHOLE: usize = 4;

/// The widths of `limits` in `width` cells with `gap` cells between columns; 0 for a
/// left-out column. `content` (the widths of each column's cells, when the rows are known,
/// as in the CLI) narrows a column to its content, and lets a column whose content is wider
/// than its maximum grow on into space nobody else needs.
pub(crate) fn fit(
    limits: &[Limits],
    width: usize,
    gap: usize,
    known: Option<&[Content]>,
) -> Vec<usize> {
    let content = |i: usize| known.and_then(|n| n.get(i)).map(|c| c.widest);
    let readable = |i: usize| known.and_then(|n| n.get(i)).map(|c| c.readable);
    let min_of = |i: usize| content(i).map_or(limits[i].min, |n| n.min(limits[i].min));
    let max_of = |i: usize| content(i).map_or(limits[i].max, |n| n.min(limits[i].max));
    // With the content known, cutting every cell to its minimum to keep a minor column is a
    // bad trade: columns go until the rest fit at two thirds of what their content wants.
    let comfortable = |i: usize| match readable(i) {
        Some(readable) => min_of(i).max((readable.min(max_of(i)) * 2).div_ceil(3)),
        None => min_of(i),
    };
    let mut kept = vec![true; limits.len()];
    let total = |kept: &[bool], measure: &dyn Fn(usize) -> usize| -> usize {
        let shown: Vec<usize> = (0..limits.len()).filter(|&i| kept[i]).collect();
        shown.iter().map(|&i| measure(i)).sum::<usize>() + gap * shown.len().saturating_sub(1)
    };
    let needed = |kept: &[bool]| total(kept, &min_of);
    while total(&kept, &comfortable) > width {
        let victim = (0..limits.len())
            .filter(|&i| kept[i] && limits[i].drop > 0)
            .max_by_key(|&i| (limits[i].drop, i));
        match victim {
            Some(index) => kept[index] = false,
            None => break,
        }
    }
    if known.is_some() {
        for picture in (0..limits.len()).filter(|&i| limits[i].drop == Limits::PICTURE) {
            if kept[picture] && total(&kept, &max_of) > width {
                kept[picture] = false;
            }
        }
    }
    let mut widths: Vec<usize> =
        (0..limits.len()).map(|i| if kept[i] { min_of(i) } else { 0 }).collect();
    let mut spare = width.saturating_sub(needed(&kept));
    let few = NEARLY_WHOLE.max(spare / 4);
    // The most important columns grow first: the name of a thing matters more than a
    // wider date.
    let mut by_importance: Vec<usize> = (0..limits.len()).filter(|&i| kept[i]).collect();
    crate::sorting::sort_by_key(&mut by_importance, |&i| (limits[i].drop, i));
    // A column with short labels shows them until its long values fit whole: a few cells
    // more than the labels need are empty room, better left to a column cut with `…`.
    let labelled = |i: usize| readable(i) != content(i);
    let mut grow = |widths: &mut Vec<usize>, target: &dyn Fn(usize) -> usize| {
        for &index in &by_importance {
            let more = target(index).saturating_sub(widths[index]);
            let more = if labelled(index) && more > spare { 0 } else { more.min(spare) };
            widths[index] += more;
            spare -= more;
        }
    };
    // With the content known, a column a few cells short of showing every cell whole gets
    // them first: `46/46 day 82` whole is worth more than a long text a little longer. A
    // few is 4 cells, or for a column without short labels (a cut one shows `…`) a quarter
    // of the room there is to share: on a wide screen a bot's name (16 cells against a
    // minimum of 10) is whole before a long problem or a status grows.
    if known.is_some() {
        grow(&mut widths, &|i| {
            let whole = max_of(i);
            let few = if labelled(i) { NEARLY_WHOLE } else { few };
            if whole.saturating_sub(min_of(i)) <= few { whole } else { min_of(i) }
        });
    }
    grow(&mut widths, &max_of);
    if known.is_some() {
        grow(&mut widths, &|i| content(i).unwrap_or(0));
    }
    widths
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(widths: &[usize]) -> Vec<Content> {
        widths.iter().copied().map(Content::plain).collect()
    }

    const LIMITS: [Limits; 3] = [
        Limits { min: 10, max: 30, drop: 0 },
        Limits { min: 8, max: 10, drop: 1 },
        Limits { min: 10, max: 40, drop: 2 },
    ];

    #[test]
    fn spare_width_goes_to_important_columns_up_to_their_max() {
        assert_eq!(fit(&LIMITS, 30, 1, None), [10, 8, 10]);
        assert_eq!(fit(&LIMITS, 40, 1, None), [20, 8, 10], "the most important grows first");
        assert_eq!(fit(&LIMITS, 60, 1, None), [30, 10, 18]);
        assert_eq!(fit(&LIMITS, 200, 1, None), [30, 10, 40]);
    }

    #[test]
    fn least_important_columns_go_first() {
        assert_eq!(fit(&LIMITS, 20, 1, None), [11, 8, 0]);
        assert_eq!(fit(&LIMITS, 5, 1, None), [10, 0, 0], "a column of drop 0 always stays");
    }

    #[test]
    fn known_content_narrows_columns_and_long_content_grows_past_its_max() {
        let natural = plain(&[4, 6, 50]);
        assert_eq!(fit(&LIMITS, 200, 2, Some(&natural)), [4, 6, 50]);
        assert_eq!(fit(&LIMITS, 45, 2, Some(&natural)), [4, 6, 31]);
        assert_eq!(fit(&LIMITS, 20, 2, Some(&natural)), [4, 6, 0]);
    }

    #[test]
    fn a_column_a_few_cells_short_of_whole_is_completed_before_a_long_text_grows() {
        let limits = [Limits { min: 20, max: 60, drop: 0 }, Limits { min: 11, max: 14, drop: 5 }];
        // The text wants 50, the warm-up 13 ("73/73 day 103"): 60 cells leave 28 spare,
        // not enough for both whole; the warm-up takes its 2 first.
        let content = plain(&[50, 13]);
        assert_eq!(fit(&limits, 60, 1, Some(&content)), [46, 13], "the warm-up whole");
        // Far from whole, a minor column waits for the important ones.
        let far = plain(&[50, 30]);
        let limits = [limits[0], Limits { min: 11, max: 30, drop: 5 }];
        assert_eq!(fit(&limits, 60, 1, Some(&far)), [48, 11]);
    }

    #[test]
    fn a_name_short_of_whole_by_a_quarter_of_the_room_is_completed_first() {
        let email = Limits { min: 20, max: 38, drop: 0 };
        let problems = Limits { min: 12, max: 60, drop: 4 };
        let name = Limits { min: 10, max: 24, drop: 7 };
        let limits = [email, problems, name];
        // 28 cells to share: the name's 6 are fewer than a quarter of them.
        assert_eq!(fit(&limits, 74, 2, Some(&plain(&[38, 38, 16]))), [38, 16, 16]);
        // A column with short labels is readable by them: it waits its turn.
        let labelled =
            [Content::plain(38), Content::plain(38), Content { widest: 16, readable: 10 }];
        assert_eq!(fit(&limits, 74, 2, Some(&labelled)), [38, 22, 10]);
    }

    #[test]
    fn a_column_with_short_labels_grows_only_to_show_its_values_whole() {
        let status = Limits { min: 10, max: 26, drop: 1 };
        let problems = Limits { min: 12, max: 60, drop: 4 };
        let content = [Content { widest: 26, readable: 10 }, Content::plain(38)];
        // 14 cells to share: not enough for the status's 26, so its labels stay and the
        // problems get them.
        assert_eq!(fit(&[status, problems], 38, 2, Some(&content)), [10, 26]);
        // Room for both whole.
        assert_eq!(fit(&[status, problems], 66, 2, Some(&content)), [26, 38]);
    }

    #[test]
    fn a_picture_is_left_out_rather_than_cut_a_name_short() {
        let name = Limits { min: 10, max: 30, drop: 0 };
        let trend = Limits { min: 14, max: 14, drop: Limits::PICTURE };
        let status = Limits { min: 8, max: 30, drop: 1 };
        let limits = [name, trend, status];
        let content = plain(&[16, 14, 26]);
        assert_eq!(fit(&limits, 62, 2, Some(&content)), [16, 14, 26], "room for all");
        assert_eq!(fit(&limits, 50, 2, Some(&content)), [16, 0, 26], "the names whole");
        assert_eq!(fit(&limits, 50, 2, None), [24, 14, 8], "unknown rows: kept");
    }

    #[test]
    fn with_known_content_minor_columns_go_before_every_cell_is_cut_short() {
        let limits = [
            Limits { min: 10, max: 40, drop: 0 },
            Limits { min: 6, max: 40, drop: 1 },
            Limits { min: 10, max: 40, drop: 2 },
        ];
        // Minimums would fit all three (10+6+10 and gaps), each cut hard; two thirds of
        // the content of the first two fit only without the third.
        assert_eq!(fit(&limits, 40, 2, Some(&plain(&[30, 12, 30]))), [30, 8, 0]);
        // A column whose long cells have short labels needs only room for those.
        let labelled = [Content::plain(30), Content { widest: 30, readable: 9 }, Content::plain(8)];
        assert_eq!(fit(&limits, 40, 2, Some(&labelled)), [22, 6, 8]);
        assert_eq!(fit(&limits, 40, 2, None), [20, 6, 10], "unknown content: minimums decide");
    }
}
