//! An hour × weekday heatmap: how many things fell in each hour of each weekday, as shades
//! with the weekdays and hours written beside them and a legend saying what each shade
//! counts.

use super::{Graph, level};

/// Hours of a day and days of a week: the heatmap's columns and rows.
pub(super) const HOURS: usize = 24;
pub(super) const WEEKDAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/// Counts per weekday (Monday first) and hour.
pub(super) type Heat = crate::results::HourWeek;

/// The shade for no count, then four shades from few to most.
fn shades(graph: Graph) -> (char, [char; 4]) {
    match graph {
        Graph::Block => ('·', ['░', '▒', '▓', '█']),
        Graph::Braille => ('·', ['⠂', '⠒', '⠶', '⣿']),
        Graph::Ascii => ('.', ['-', '+', '*', '#']),
    }
}

/// The heatmap as lines: an hour axis, a row per weekday (`Mon ░▒…`), and a legend saying
/// what is `counted`. Each hour takes `cell` cells (1 or more).
pub(crate) fn heatmap(heat: &Heat, cell: usize, graph: Graph, counted: &str) -> Vec<String> {
    let cell = cell.max(1);
    let largest = heat.iter().flatten().copied().max().unwrap_or(0);
    let (none, steps) = shades(graph);
    let mut axis: Vec<char> = vec![' '; 4 + HOURS * cell];
    for hour in [0, 6, 12, 18] {
        for (at, digit) in format!("{hour:02}").chars().enumerate() {
            if let Some(slot) = axis.get_mut(4 + hour * cell + at) {
                *slot = digit;
            }
        }
    }
    let mut lines = vec![format!("{}  hour", axis.into_iter().collect::<String>().trim_end())];
    for (day, hours) in WEEKDAYS.iter().zip(heat) {
        let row: String = hours
            .iter()
            .flat_map(|&n| {
                let shade = if n == 0 { none } else { steps[level(n, largest, 4) - 1] };
                std::iter::repeat_n(shade, cell)
            })
            .collect();
        lines.push(format!("{day} {row}"));
    }
    // Each shade with the counts it stands for; a shade no count can reach is left out.
    let mut legend = format!("    {none} none");
    let to = if graph == Graph::Ascii { "-" } else { "–" };
    for (step, shade) in steps.iter().enumerate() {
        let (low, high) = (step * largest / 4 + 1, (step + 1) * largest / 4);
        match high.cmp(&low) {
            std::cmp::Ordering::Less => {}
            std::cmp::Ordering::Equal => legend.push_str(&format!("  {shade} {low}")),
            std::cmp::Ordering::Greater => legend.push_str(&format!("  {shade} {low}{to}{high}")),
        }
    }
    lines.push(format!("{legend} ({counted})"));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    const WHAT: &str = "replies in that hour";

    fn heat() -> Heat {
        let mut heat = [[0; HOURS]; 7];
        heat[0][9] = 4; // Monday 09:00
        heat[4][17] = 1; // Friday 17:00
        heat
    }

    #[test]
    fn each_style_shades_the_busy_hours_and_labels_days_hours_and_shades() {
        for (graph, most, few, none) in [
            (Graph::Block, '█', '░', '·'),
            (Graph::Braille, '⣿', '⠂', '·'),
            (Graph::Ascii, '#', '-', '.'),
        ] {
            let lines = heatmap(&heat(), 1, graph, WHAT);
            assert_eq!(lines.len(), 9, "axis, seven days, legend");
            assert!(lines[0].starts_with("    00    06    12    18"), "{:?}", lines[0]);
            assert!(lines[0].ends_with("hour"));
            let monday: Vec<char> = lines[1].chars().collect();
            assert_eq!(&lines[1][..4], "Mon ");
            assert_eq!(monday[4 + 9], most, "{graph:?}");
            assert_eq!(monday[4 + 8], none);
            assert_eq!(lines[5].chars().nth(4 + 17), Some(few), "Friday 17:00");
            assert!(lines[7].starts_with("Sun "));
            let legend = format!("{none} none  {few} 1  ");
            assert!(lines[8].starts_with(&format!("    {legend}")), "{:?}", lines[8]);
            assert!(
                lines[8].ends_with(&format!("{most} 4 (replies in that hour)")),
                "{:?}",
                lines[8]
            );
        }
        assert!(heatmap(&heat(), 1, Graph::Ascii, WHAT).iter().all(|l| l.is_ascii()));
    }

    #[test]
    fn the_legend_names_the_counts_of_each_shade_it_uses() {
        let mut one = [[0; HOURS]; 7];
        one[2][3] = 1;
        assert_eq!(
            heatmap(&one, 1, Graph::Block, WHAT)[8],
            "    · none  █ 1 (replies in that hour)"
        );
        one[2][4] = 10;
        assert_eq!(
            heatmap(&one, 1, Graph::Ascii, WHAT)[8],
            "    . none  - 1-2  + 3-5  * 6-7  # 8-10 (replies in that hour)"
        );
    }

    #[test]
    fn wider_cells_repeat_each_hour() {
        let lines = heatmap(&heat(), 2, Graph::Block, WHAT);
        assert_eq!(lines[1].chars().count(), 4 + 48);
        assert!(lines[0].starts_with("    00          06"), "{:?}", lines[0]);
        assert_eq!(lines[1].chars().skip(4 + 18).take(2).collect::<String>(), "██");
    }
}
