//! What the user answers to whatever asks: a dialog, a prompt, a picker, a form, the help,
//! the palette's line, the filter being typed, the list in view. A key is one way to give
//! one (`keymap::intents` translates them); a line typed in the line mode is another.

use crossterm::event::KeyEvent;

/// An answer to what is open, whichever front end gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    /// Yes to the question (where a pre-flight check failed, this yes is refused).
    Yes,
    /// Yes even though a pre-flight check failed: said deliberately.
    YesDespiteChecks,
    /// No to the question.
    No,
    /// Take what is chosen or typed: the prompt's choice, the form's fields.
    Submit,
    /// Close what is open without doing anything.
    Cancel,
    /// The next choice or field.
    Next,
    /// The previous choice or field.
    Previous,
    /// The choice, or the row of the list in view, at this place (counted from 0).
    Pick(usize),
    /// This text for the line being answered: the prompt's, or the form's focused field.
    Type(String),
    /// A key that edits the line being answered, as the dashboard's line editor reads it.
    Edit(KeyEvent),
    /// Put this text in at the cursor of the line being answered (a new line in a field of
    /// several lines).
    Insert(String),
    /// The next (or previous) option of the choice in focus.
    Cycle { forward: bool },
    /// Move through what is open: the help's text, the list under the filter being typed.
    Move(Move),
    /// Complete the line being typed with the suggestion chosen (the palette's).
    Complete,
    /// Edit the focused field of a form in the user's editor (`$VISUAL`, `$EDITOR`).
    OpenEditor,
}

/// A way to move through what is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Down,
    Up,
    PageDown,
    PageUp,
    HalfPageDown,
    HalfPageUp,
    Top,
    Bottom,
}
