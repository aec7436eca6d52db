//! The dashboard's terminal backend: ratatui's crossterm backend, but the changed cells of a
//! frame are written in fewer bytes. A selection move changes a few letters here and there
//! (the preview's detail of the next item shares most of its text with the last one's), and
//! the crossterm backend jumps over every unchanged cell with an absolute cursor move (8–9
//! bytes at 200 columns), sets colours and attributes in separate sequences, and ends every
//! frame by resetting each of them. Here a short gap of plain cells in the same style is
//! written again (they are what the screen already shows), a longer one is jumped over
//! with a relative move, a style change is one sequence, and the frame ends with one reset
//! only if a style is left on. What the terminal shows is the same cell for cell.

use crate::text::width;
use crossterm::style::Colored;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, IntoCrossterm, WindowSize};
use ratatui::buffer::{Cell, CellDiffOption};
use ratatui::layout::{Position, Size};
use ratatui::style::{Color, Modifier};
use std::io::{self, Write};

/// A crossterm backend that writes a frame's changed cells in few bytes.
pub struct CellWriter<W: Write> {
    inner: CrosstermBackend<W>,
    /// What the screen shows, as this backend wrote it: the cells a gap is written again from.
    shown: Shown,
    /// The cursor was hidden by this backend and nothing showed it since: ratatui hides it
    /// after every frame, which need not be said again. A program the dashboard hands the
    /// terminal to may show it; the whole screen is cleared after, which forgets this.
    cursor_hidden: bool,
}

impl<W: Write> CellWriter<W> {
    pub fn new(writer: W) -> CellWriter<W> {
        CellWriter {
            inner: CrosstermBackend::new(writer),
            shown: Shown::default(),
            cursor_hidden: false,
        }
    }
}

/// The cells written since the screen was last cleared; a cell never written is blank, as
/// ratatui assumes of a new or cleared screen. After a part of the screen was cleared
/// nothing is known until the whole is.
#[derive(Default)]
struct Shown {
    width: u16,
    cells: Vec<Cell>,
    in_doubt: bool,
}

impl Shown {
    fn get(&self, x: u16, y: u16) -> Option<&Cell> {
        if self.in_doubt || x >= self.width {
            return None;
        }
        self.cells.get(usize::from(y) * usize::from(self.width) + usize::from(x))
    }

    fn set(&mut self, x: u16, y: u16, cell: &Cell) {
        if x >= self.width {
            self.widen(x + 1);
        }
        let at = usize::from(y) * usize::from(self.width) + usize::from(x);
        if at >= self.cells.len() {
            self.cells.resize(at + 1, Cell::default());
        }
        self.cells[at] = cell.clone();
    }

    /// Room for a frame reaching `width` columns and `rows` rows, made at once: widened
    /// column by column as the cells came, the first frame of a 200-column screen copied
    /// the whole screen 200 times (18 ms of a 23 ms launch).
    fn make_room(&mut self, width: u16, rows: u16) {
        if width > self.width {
            self.widen(width);
        }
        let cells = usize::from(rows) * usize::from(self.width);
        if self.cells.len() < cells {
            self.cells.resize(cells, Cell::default());
        }
    }

    fn widen(&mut self, width: u16) {
        let old = usize::from(self.width.max(1));
        let rows = self.cells.len().div_ceil(old);
        let mut cells = vec![Cell::default(); rows * usize::from(width)];
        for (at, cell) in std::mem::take(&mut self.cells).into_iter().enumerate() {
            cells[at / old * usize::from(width) + at % old] = cell;
        }
        self.width = width;
        self.cells = cells;
    }
}

/// The style the terminal writes with: what a cell asks for beyond its symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pen {
    fg: Color,
    bg: Color,
    underline: Color,
    modifier: Modifier,
}

impl Default for Pen {
    fn default() -> Self {
        Pen {
            fg: Color::Reset,
            bg: Color::Reset,
            underline: Color::Reset,
            modifier: Modifier::empty(),
        }
    }
}

impl Pen {
    fn of(cell: &Cell) -> Pen {
        Pen { fg: cell.fg, bg: cell.bg, underline: cell.underline_color, modifier: cell.modifier }
    }

    /// The one SGR sequence that changes `self` into `to`; empty when nothing is to change
    /// (or, with `NO_COLOR`, only colours were to).
    fn change(self, to: Pen, out: &mut Vec<u8>) {
        let mut codes: Vec<String> = Vec::new();
        let mut code = |code: &str| {
            if !code.is_empty() {
                codes.push(code.to_string());
            }
        };
        let removed = self.modifier - to.modifier;
        let added = to.modifier - self.modifier;
        if removed.contains(Modifier::REVERSED) {
            code("27");
        }
        // One code takes off both bold and dim: what stays is put on again.
        let intensity = removed.intersects(Modifier::BOLD | Modifier::DIM);
        if intensity {
            code("22");
        }
        for (modifier, off) in [
            (Modifier::ITALIC, "23"),
            (Modifier::UNDERLINED, "24"),
            (Modifier::CROSSED_OUT, "29"),
            (Modifier::HIDDEN, "28"),
        ] {
            if removed.contains(modifier) {
                code(off);
            }
        }
        if removed.intersects(Modifier::SLOW_BLINK | Modifier::RAPID_BLINK) {
            code("25");
        }
        let again = if intensity {
            to.modifier & (Modifier::BOLD | Modifier::DIM)
        } else {
            Modifier::empty()
        };
        for (modifier, on) in [
            (Modifier::BOLD, "1"),
            (Modifier::DIM, "2"),
            (Modifier::ITALIC, "3"),
            (Modifier::UNDERLINED, "4"),
            (Modifier::SLOW_BLINK, "5"),
            (Modifier::RAPID_BLINK, "6"),
            (Modifier::REVERSED, "7"),
            (Modifier::HIDDEN, "8"),
            (Modifier::CROSSED_OUT, "9"),
        ] {
            if (added | again).contains(modifier) {
                code(on);
            }
        }
        // The colours as crossterm words them (and leaves them out under `NO_COLOR`).
        if to.fg != self.fg {
            code(&Colored::ForegroundColor(to.fg.into_crossterm()).to_string());
        }
        if to.bg != self.bg {
            code(&Colored::BackgroundColor(to.bg.into_crossterm()).to_string());
        }
        if to.underline != self.underline {
            code(&Colored::UnderlineColor(to.underline.into_crossterm()).to_string());
        }
        if !codes.is_empty() {
            let _ = write!(out, "\x1b[{}m", codes.join(";"));
        }
    }
}

/// The bytes of a decimal number.
fn digits(n: u16) -> usize {
    n.checked_ilog10().map_or(1, |log| log as usize + 1)
}

/// A cell that can be written again in a gap: one plain character, one column wide.
fn plain(cell: &Cell) -> bool {
    cell.diff_option == CellDiffOption::None && matches!(cell.symbol().as_bytes(), [b' '..=b'~'])
}

/// A blank in the default style: what an erase leaves, on every terminal.
fn blank(cell: &Cell) -> bool {
    cell.symbol() == " " && Pen::of(cell) == Pen::default()
}

impl Shown {
    /// The blanks from the first of `cells` on, side by side on its row: how many columns
    /// an erase there covers, and how many of `cells` it writes. Unchanged cells between
    /// them that already are blanks are erased along (it leaves them as they are).
    fn blank_run(&self, cells: &[(u16, u16, &Cell)]) -> (u16, usize) {
        let Some(&(x0, y0, _)) = cells.first() else { return (0, 0) };
        let (mut end, mut taken) = (x0, 0);
        for &(x, y, cell) in cells {
            let between = (end..x).all(|gx| self.get(gx, y).is_some_and(blank));
            if y != y0 || x < end || !between || !blank(cell) {
                break;
            }
            (end, taken) = (x + 1, taken + 1);
        }
        (end - x0, taken)
    }
}

impl<W: Write> CellWriter<W> {
    /// Puts the cursor at (`x`, `y`) from where it is (`at`, if known) in the fewest bytes:
    /// the unchanged plain cells between written again, a move right, or a move to it.
    fn move_to(&self, out: &mut Vec<u8>, at: Option<(u16, u16)>, x: u16, y: u16, pen: Pen) {
        let jump = 4 + digits(y + 1) + digits(x + 1);
        match at {
            Some((ax, ay)) if ay == y && ax == x => {}
            Some((ax, ay)) if ay == y && ax < x => {
                let gap = x - ax;
                let right = 3 + digits(gap);
                let cells: Option<Vec<&Cell>> = (ax..x).map(|gx| self.shown.get(gx, y)).collect();
                let again = cells.filter(|cells| {
                    usize::from(gap) <= right.min(jump)
                        && cells.iter().all(|cell| plain(cell) && Pen::of(cell) == pen)
                });
                match again {
                    Some(cells) => out.extend(cells.iter().flat_map(|cell| cell.symbol().bytes())),
                    None if right < jump => {
                        let _ = write!(out, "\x1b[{gap}C");
                    }
                    None => {
                        let _ = write!(out, "\x1b[{};{}H", y + 1, x + 1);
                    }
                }
            }
            _ => {
                let _ = write!(out, "\x1b[{};{}H", y + 1, x + 1);
            }
        }
    }
}

impl<W: Write> Write for CellWriter<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.inner.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        Write::flush(&mut self.inner)
    }
}

impl<W: Write> Backend for CellWriter<W> {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let cells: Vec<(u16, u16, &Cell)> = content.collect();
        let (right, bottom) =
            cells.iter().fold((0, 0), |(right, bottom), &(x, y, _)| (right.max(x), bottom.max(y)));
        if !cells.is_empty() {
            self.shown.make_room(right.saturating_add(1), bottom.saturating_add(1));
        }
        let mut out = Vec::new();
        // Each draw starts as the last ended: default style, the cursor wherever the caller
        // left it (a frame's links are drawn after it, the cursor saved around them).
        let mut pen = Pen::default();
        let mut at = None;
        let mut next = 0;
        while let Some(&(x, y, cell)) = cells.get(next) {
            self.move_to(&mut out, at, x, y, pen);
            let (blanks, taken) = self.shown.blank_run(&cells[next..]);
            // A run of blanks is erased in place (the cursor stays): cheaper than writing
            // it even when the next cell then needs a move right.
            if usize::from(blanks) > 3 + digits(blanks) + 4 {
                pen.change(Pen::default(), &mut out);
                pen = Pen::default();
                let _ = write!(out, "\x1b[{blanks}X");
                for &(x, y, cell) in &cells[next..next + taken] {
                    self.shown.set(x, y, cell);
                }
                at = Some((x, y));
                next += taken;
                continue;
            }
            let to = Pen::of(cell);
            pen.change(to, &mut out);
            pen = to;
            out.extend_from_slice(cell.symbol().as_bytes());
            self.shown.set(x, y, cell);
            // After a wide character (or one whose width is in doubt) the next cell is
            // reached by a move, as ratatui's own backend does.
            at = (width(cell.symbol()) == 1).then_some((x + 1, y));
            next += 1;
        }
        if pen != Pen::default() {
            out.extend_from_slice(b"\x1b[0m");
        }
        self.inner.write_all(&out)
    }

    fn append_lines(&mut self, n: u16) -> io::Result<()> {
        self.inner.append_lines(n)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        if self.cursor_hidden {
            return Ok(());
        }
        self.cursor_hidden = true;
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.cursor_hidden = false;
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        self.inner.get_cursor_position()
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.inner.set_cursor_position(position)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.clear_region(ClearType::All)
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.cursor_hidden = false;
        self.shown = Shown { in_doubt: clear_type != ClearType::All, ..Shown::default() };
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        self.inner.size()
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        self.inner.window_size()
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    const BOLD: Style = Style::new().add_modifier(Modifier::BOLD);

    /// The bytes the backend wrote, for the test to take.
    #[derive(Clone, Default)]
    struct Written(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

    impl Write for Written {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Written {
        fn take(&self) -> Vec<u8> {
            std::mem::take(&mut self.0.borrow_mut())
        }
    }

    /// A 20×2 screen: each frame a line of spans, written from the last frame's cells.
    struct Screen {
        writer: CellWriter<Written>,
        written: Written,
        last: Buffer,
        terminal: vt100::Parser,
    }

    impl Screen {
        fn new() -> Screen {
            let area = Rect::new(0, 0, 20, 2);
            let size = |n| std::num::NonZeroU16::new(n).unwrap();
            let written = Written::default();
            Screen {
                writer: CellWriter::new(written.clone()),
                written,
                last: Buffer::empty(area),
                terminal: vt100::Parser::new(size(2), size(20), 0),
            }
        }

        /// The bytes written for a frame showing `spans` on the first row.
        fn frame(&mut self, spans: &[(&str, Style)]) -> String {
            let mut next = Buffer::empty(self.last.area);
            let mut x = 0;
            for (text, style) in spans {
                next.set_string(x, 0, text, *style);
                x += width(text) as u16;
            }
            self.writer.draw(self.last.diff(&next).into_iter()).unwrap();
            self.last = next;
            let bytes = self.written.take();
            self.terminal.process(&bytes);
            String::from_utf8(bytes).unwrap()
        }

        fn row(&self) -> String {
            self.terminal.screen().contents().lines().next().unwrap_or_default().to_string()
        }

        fn bold_at(&self, col: u16) -> bool {
            self.terminal.screen().cell(0, col).unwrap().bold()
        }
    }

    #[test]
    fn a_short_plain_gap_is_written_again_instead_of_jumped() {
        let mut screen = Screen::new();
        screen.frame(&[("abcdef", Style::new())]);
        let written = screen.frame(&[("xbzdef", Style::new())]);
        assert_eq!(written, "\x1b[1;1Hxbz");
        assert_eq!(screen.row(), "xbzdef");
    }

    #[test]
    fn a_gap_in_another_style_is_jumped_over_and_keeps_its_style() {
        let mut screen = Screen::new();
        screen.frame(&[("ab", Style::new()), ("cd", BOLD), ("ef", Style::new())]);
        let written = screen.frame(&[("xb", Style::new()), ("cd", BOLD), ("ey", Style::new())]);
        assert_eq!(written, "\x1b[1;1Hx\x1b[4Cy");
        assert_eq!(screen.row(), "xbcdey");
        assert!(screen.bold_at(2) && screen.bold_at(3) && !screen.bold_at(5));
    }

    #[test]
    fn a_run_of_blanks_is_erased_and_a_style_change_is_one_sequence() {
        let mut screen = Screen::new();
        screen.frame(&[("a", BOLD), ("bcdefghijklmnopq", Style::new())]);
        let written = screen.frame(&[("a", Style::new()), ("               q", Style::new())]);
        assert_eq!(written, "\x1b[1;1Ha\x1b[15X");
        assert_eq!(screen.row(), "a               q");
        assert!(!screen.bold_at(0));
        let written =
            screen.frame(&[("a", BOLD.fg(Color::Cyan)), ("               q", Style::new())]);
        assert_eq!(written, "\x1b[1;1H\x1b[1;38;5;6ma\x1b[0m");
    }

    #[test]
    fn the_cursor_is_hidden_once_until_the_screen_is_cleared() {
        let mut screen = Screen::new();
        screen.writer.hide_cursor().unwrap();
        assert_eq!(screen.written.take(), b"\x1b[?25l");
        screen.writer.hide_cursor().unwrap();
        assert_eq!(screen.written.take(), b"");
        screen.writer.clear_region(ClearType::All).unwrap();
        screen.written.take();
        screen.writer.hide_cursor().unwrap();
        assert_eq!(screen.written.take(), b"\x1b[?25l");
        screen.writer.show_cursor().unwrap();
        screen.writer.hide_cursor().unwrap();
        assert_eq!(screen.written.take(), b"\x1b[?25h\x1b[?25l");
    }

    #[test]
    fn blanks_with_an_unchanged_blank_between_are_erased_at_once() {
        let mut screen = Screen::new();
        screen.frame(&[("abcdefghi jklmnopqr", Style::new())]);
        let written = screen.frame(&[("                   ", Style::new())]);
        assert_eq!(written, "\x1b[1;1H\x1b[19X");
        assert_eq!(screen.row(), "");
    }

    #[test]
    fn after_a_part_of_the_screen_is_cleared_nothing_is_written_from_memory() {
        let mut screen = Screen::new();
        screen.frame(&[("abcdef", Style::new())]);
        screen.writer.clear_region(ClearType::UntilNewLine).unwrap();
        screen.written.take();
        let written = screen.frame(&[("xbzdef", Style::new())]);
        assert_eq!(written, "\x1b[1;1Hx\x1b[1Cz");
    }
}
