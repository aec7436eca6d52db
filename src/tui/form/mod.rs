//! Keyboard forms drawn over a pane: the server-side filters of Exchanges and Meetings, the
//! login, and the write operations (contact, DNC, conversion). Each form is a struct of
//! typed fields ([`Fields`]); a choice holds typed values ([`Choice`]), so whoever reads a
//! form on submit reads values, never names, positions or labels, and puts each problem on
//! the field it belongs to. Every text field edits with the one line editor.

mod contact;
mod conversion;
mod dnc;
mod field;
mod login;
mod query;

pub use contact::{ContactFields, Outreach, UploadFields};
pub use conversion::ConversionFields;
pub use dnc::DncFields;
pub use field::{Choice, Field, FieldKind};
pub(crate) use login::LoginFields;
pub(crate) use query::{DayRange, ExchangeQueryFields};

use crate::api::FieldError;
use crate::tui::intent::Intent;
use crate::tui::keymap::intents::FormFocus;

/// The typed fields of each form, which also say what submitting it does. (Boxed: a form
/// is a few hundred bytes, and the overlay that holds one is moved on every key.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fields {
    ExchangeQuery(Box<ExchangeQueryFields>),
    MeetingQuery(Box<DayRange>),
    Login(Box<LoginFields>),
    /// A contact for the organisation (endpoint 5), or into a campaign (endpoints 3 and 4).
    Contact(Box<ContactFields>),
    /// E-mail addresses and domains for the do-not-contact lists (endpoints 6 and 1).
    Dnc(Box<DncFields>),
    /// A conversion of a contact (endpoint 2).
    Conversion(Box<ConversionFields>),
}

impl Fields {
    /// The fields in the order they are shown (and Tab walks them).
    pub(crate) fn list(&self) -> Vec<&Field> {
        match self {
            Fields::ExchangeQuery(fields) => fields.fields(),
            Fields::MeetingQuery(fields) => fields.fields(),
            Fields::Login(fields) => fields.fields(),
            Fields::Contact(fields) => fields.fields(),
            Fields::Dnc(fields) => fields.fields(),
            Fields::Conversion(fields) => fields.fields(),
        }
    }

    pub(crate) fn list_mut(&mut self) -> Vec<&mut Field> {
        match self {
            Fields::ExchangeQuery(fields) => fields.fields_mut(),
            Fields::MeetingQuery(fields) => fields.fields_mut(),
            Fields::Login(fields) => fields.fields_mut(),
            Fields::Contact(fields) => fields.fields_mut(),
            Fields::Dnc(fields) => fields.fields_mut(),
            Fields::Conversion(fields) => fields.fields_mut(),
        }
    }

    /// Forms that send something to the API: Enter moves to the next field (submitting on
    /// the last), and Esc asks before throwing typed input away.
    pub(crate) fn is_write(&self) -> bool {
        matches!(self, Fields::Contact(_) | Fields::Dnc(_) | Fields::Conversion(_))
    }
}

/// The typed fields of a write form: found in the open form, and the field a problem the
/// API (or a rule checked before sending) names.
pub(crate) trait WriteFields: Sized {
    /// These fields, if the form holds them.
    fn of(fields: &mut Fields) -> Option<&mut Self>;

    /// The field a problem belongs to; `None` puts it above the form.
    fn named_by(&mut self, problem: &FieldError) -> Option<&mut Field>;
}

impl WriteFields for ContactFields {
    fn of(fields: &mut Fields) -> Option<&mut Self> {
        match fields {
            Fields::Contact(fields) => Some(fields.as_mut()),
            _ => None,
        }
    }

    fn named_by(&mut self, problem: &FieldError) -> Option<&mut Field> {
        self.field_for(problem)
    }
}

impl WriteFields for DncFields {
    fn of(fields: &mut Fields) -> Option<&mut Self> {
        match fields {
            Fields::Dnc(fields) => Some(fields.as_mut()),
            _ => None,
        }
    }

    fn named_by(&mut self, problem: &FieldError) -> Option<&mut Field> {
        self.field_for(problem)
    }
}

impl WriteFields for ConversionFields {
    fn of(fields: &mut Fields) -> Option<&mut Self> {
        match fields {
            Fields::Conversion(fields) => Some(fields.as_mut()),
            _ => None,
        }
    }

    fn named_by(&mut self, problem: &FieldError) -> Option<&mut Field> {
        self.field_for(problem)
    }
}

/// What a key did to a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FormOutcome {
    Edited,
    Submit,
    Cancel,
    Ignored,
}

/// A titled set of typed fields with a focus and a form-wide error line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    pub title: String,
    pub fields: Fields,
    /// The focused field, by its place in [`Fields::list`].
    pub focus: usize,
    /// What went wrong that belongs to no field (a 403, the network), shown above the fields.
    pub error: Option<String>,
    /// What is happening with the submitted form ("Checking the key …").
    pub note: Option<String>,
    /// Esc was pressed with typed input: the next key says whether to throw it away.
    pub discarding: bool,
    /// The replies (exchange ids) this write acts on: marked handled once it succeeds.
    pub replies: Vec<i64>,
    /// The organisation of a group the write goes to, with its own key (a form opened on a
    /// merged row); `None`: the organisation connected.
    pub org: Option<crate::tui::group::OrgId>,
}

impl Form {
    pub(crate) fn new(title: &str, fields: Fields) -> Self {
        Form {
            title: title.into(),
            fields,
            focus: 0,
            error: None,
            note: None,
            discarding: false,
            replies: Vec::new(),
            org: None,
        }
    }

    pub(crate) fn is_write(&self) -> bool {
        self.fields.is_write()
    }

    pub(crate) fn is_login(&self) -> bool {
        matches!(self.fields, Fields::Login(_))
    }

    /// The fields in the order they are shown.
    pub fn field_list(&self) -> Vec<&Field> {
        self.fields.list()
    }

    /// Whether anything was typed since the form opened.
    pub(crate) fn is_modified(&self) -> bool {
        self.fields.list().into_iter().any(Field::is_modified)
    }

    pub(crate) fn has_errors(&self) -> bool {
        self.error.is_some() || self.fields.list().iter().any(|field| field.error.is_some())
    }

    pub(crate) fn clear_errors(&mut self) {
        self.error = None;
        self.fields.list_mut().into_iter().for_each(|field| field.error = None);
    }

    /// Moves the focus to the first field marked wrong, if any.
    pub(crate) fn focus_first_error(&mut self) {
        if let Some(index) = self.fields.list().iter().position(|field| field.error.is_some()) {
            self.focus = index;
        }
    }

    /// What an answer does to the form: a key edits the focused text, inserted text goes
    /// in at its cursor, a cycle changes the focused choice; a pick focuses that field,
    /// typed text fills it, next and previous move the focus.
    pub(crate) fn answer(&mut self, intent: Intent) -> FormOutcome {
        match intent {
            Intent::Edit(key) => {
                self.edit_focused(|field| !field.is_choice() && field.input.handle_key(&key))
            }
            Intent::Insert(text) => self.edit_focused(|field| {
                match field.kind {
                    FieldKind::Lines => field.input.insert_lines(&text),
                    FieldKind::Choice { .. } => return false,
                    _ => field.input.insert(&text),
                }
                true
            }),
            Intent::Cycle { forward } => self.edit_focused(|field| {
                field.is_choice() && {
                    field.cycle(forward);
                    true
                }
            }),
            Intent::Cancel | Intent::No => FormOutcome::Cancel,
            Intent::Submit | Intent::Yes | Intent::YesDespiteChecks => FormOutcome::Submit,
            Intent::Next | Intent::Previous => {
                let count = self.field_list().len().max(1);
                let step = if intent == Intent::Next { 1 } else { count - 1 };
                self.focus = (self.focus + step) % count;
                self.edit_focused(|_| true)
            }
            Intent::Pick(index) => {
                self.focus = index.min(self.field_list().len().saturating_sub(1));
                FormOutcome::Ignored
            }
            Intent::Type(text) => match self.fill(&text) {
                Ok(()) => FormOutcome::Edited,
                Err(why) => {
                    self.error = Some(why);
                    FormOutcome::Ignored
                }
            },
            // The editor is the caller's to start; nothing else here moves or completes.
            Intent::Move(_) | Intent::Complete | Intent::OpenEditor => FormOutcome::Ignored,
        }
    }

    /// What the form's keys depend on: its focused field and whether Enter moves on.
    pub(crate) fn focus_keys(&self) -> FormFocus {
        let fields = self.field_list();
        let field = fields.get(self.focus);
        FormFocus {
            choice: field.is_some_and(|field| field.is_choice()),
            lines: field.is_some_and(|field| field.kind == FieldKind::Lines),
            advance: self.is_write() && self.focus + 1 < fields.len(),
        }
    }

    /// `change` done to the focused field: when it changed something, the field's mark of
    /// a problem goes (it is answered anew) and the form is edited.
    fn edit_focused(&mut self, change: impl FnOnce(&mut Field) -> bool) -> FormOutcome {
        let mut fields = self.fields.list_mut();
        let Some(field) = fields.get_mut(self.focus) else { return FormOutcome::Ignored };
        if !change(field) {
            return FormOutcome::Ignored;
        }
        field.error = None;
        FormOutcome::Edited
    }

    /// Puts `text` in the focused field, as a line front end answers it: a text field takes
    /// it whole, a choice the option whose label it names (else why not, with the labels).
    pub(crate) fn fill(&mut self, text: &str) -> Result<(), String> {
        let mut fields = self.fields.list_mut();
        let Some(field) = fields.get_mut(self.focus) else { return Ok(()) };
        match &mut field.kind {
            FieldKind::Choice { labels, chosen } => {
                let wanted = text.trim().to_lowercase();
                let Some(found) = labels.iter().position(|label| label.to_lowercase() == wanted)
                else {
                    return Err(format!("{} is one of: {}.", field.label, labels.join(", ")));
                };
                *chosen = found;
            }
            FieldKind::Lines => {
                field.input = crate::tui::input::TextInput::default();
                field.input.insert_lines(text);
            }
            _ => field.input = crate::tui::input::TextInput::new(text),
        }
        field.error = None;
        Ok(())
    }

    /// Pasted text goes into the focused field: lines stay lines in a field of lines,
    /// become commas between tags, and spaces elsewhere.
    pub(crate) fn paste(&mut self, text: &str) {
        let mut fields = self.fields.list_mut();
        let Some(field) = fields.get_mut(self.focus) else { return };
        let one_line = |separator: &str| {
            let lines: Vec<&str> =
                text.lines().map(str::trim).filter(|line| !line.is_empty()).collect();
            lines.join(separator)
        };
        match field.kind {
            FieldKind::Lines => field.input.insert_lines(text),
            FieldKind::Tags => field.input.insert(&one_line(", ")),
            FieldKind::Text | FieldKind::Secret => field.input.insert(&one_line(" ")),
            FieldKind::Choice { .. } => return,
        }
        field.error = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ExchangeGroup;
    use crate::tui::keymap::Keymap;
    use crate::tui::keymap::intents::{Dialog, intent};
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    /// A key as the dashboard gives it to the form.
    trait Press {
        fn handle_key(&mut self, key: KeyEvent) -> FormOutcome;
    }

    impl Press for Form {
        fn handle_key(&mut self, key: KeyEvent) -> FormOutcome {
            let dialog = Dialog::Form(self.focus_keys());
            let given = intent(dialog, &key, &Keymap::default());
            given.map_or(FormOutcome::Ignored, |given| self.answer(given))
        }
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn form() -> Form {
        let query = ExchangeQueryFields::new(
            &ExchangeGroup::Replied,
            None,
            [(7, "Spring".to_string())],
            DayRange::new(None, None),
        );
        Form::new("Filters", Fields::ExchangeQuery(Box::new(query)))
    }

    fn query(form: &Form) -> &ExchangeQueryFields {
        match &form.fields {
            Fields::ExchangeQuery(query) => query,
            other => panic!("{other:?}"),
        }
    }

    fn contact(form: &Form) -> &ContactFields {
        match &form.fields {
            Fields::Contact(contact) => contact,
            other => panic!("{other:?}"),
        }
    }

    fn write_form() -> Form {
        Form::new("Contact", Fields::Contact(Box::new(ContactFields::new("ann@example.com", None))))
    }

    #[test]
    fn keys_move_cycle_and_type_and_choices_are_values() {
        let mut form = form();
        assert_eq!(form.handle_key(key(KeyCode::Right)), FormOutcome::Edited);
        assert_eq!(query(&form).group.value(), &ExchangeGroup::MeetingBooked);
        assert_eq!(query(&form).group.field.value(), "meeting-booked");
        form.handle_key(key(KeyCode::Char('x')));
        assert_eq!(
            query(&form).group.value(),
            &ExchangeGroup::MeetingBooked,
            "typing into a choice"
        );
        form.handle_key(key(KeyCode::Tab));
        assert_eq!(query(&form).campaign.value(), &None);
        form.handle_key(key(KeyCode::Left));
        assert_eq!(query(&form).campaign.value(), &Some(7), "wraps round to the last");
        assert_eq!(query(&form).campaign.field.value(), "#7 Spring");
        form.handle_key(key(KeyCode::Tab));
        for c in "2024-05-01".chars() {
            form.handle_key(key(KeyCode::Char(c)));
        }
        assert_eq!(query(&form).days.start.value(), "2024-05-01");
        assert_eq!(form.handle_key(key(KeyCode::Enter)), FormOutcome::Submit);
        assert_eq!(form.handle_key(key(KeyCode::Esc)), FormOutcome::Cancel);
    }

    #[test]
    fn a_choice_opens_on_the_value_given() {
        let query = ExchangeQueryFields::new(
            &ExchangeGroup::MeetingBooked,
            Some(7),
            [(5, "Winter".to_string()), (7, "Spring".to_string())],
            DayRange::new(None, None),
        );
        assert_eq!(query.group.field.value(), "meeting-booked");
        assert_eq!(query.campaign.field.value(), "#7 Spring");
        let upload = UploadFields::new(3, [], None, Outreach::StartNow);
        assert_eq!(upload.outreach.value(), &Outreach::StartNow);
        assert_eq!(upload.bot.value(), &None);
    }

    #[test]
    fn the_first_wrong_field_takes_the_focus_and_editing_clears_its_error() {
        let mut form = write_form();
        let Fields::Contact(fields) = &mut form.fields else { unreachable!() };
        fields.city.add_error("too long");
        fields.tags.add_error("tag 1: too long");
        fields.tags.add_error("tag 3: empty");
        form.focus_first_error();
        assert_eq!(form.focus, 3);
        assert_eq!(contact(&form).tags.error.as_deref(), Some("tag 1: too long; tag 3: empty"));
        form.handle_key(key(KeyCode::Backspace));
        assert!(contact(&form).city.error.is_none());
        assert!(form.has_errors(), "the tags are still wrong");
    }

    #[test]
    fn in_a_write_form_enter_moves_on_and_submits_on_the_last_field() {
        let mut form = write_form();
        assert!(!form.is_modified(), "a pre-filled value is not typed input");
        assert_eq!(form.handle_key(key(KeyCode::Enter)), FormOutcome::Edited);
        assert_eq!(form.focus, 1);
        form.focus = 6;
        assert_eq!(form.handle_key(key(KeyCode::Enter)), FormOutcome::Submit);
        form.focus = 0;
        let ctrl_s = KeyEvent::new(KeyCode::Char('s'), KeyModifiers::CONTROL);
        assert_eq!(form.handle_key(ctrl_s), FormOutcome::Submit, "Ctrl-S from any field");
    }

    #[test]
    fn pastes_fit_the_field_and_new_lines_come_from_alt_enter() {
        let mut form = write_form();
        form.focus = 5;
        form.paste("vip\nq3\n");
        assert_eq!(contact(&form).tags.value(), "vip, q3");
        assert_eq!(contact(&form).tags.tag_list(), ["vip", "q3"]);
        form.focus = 6;
        form.paste("a = b\nc = d\n");
        form.handle_key(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE));
        form.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::ALT));
        form.handle_key(KeyEvent::new(KeyCode::Char('j'), KeyModifiers::CONTROL));
        assert_eq!(contact(&form).custom_data.value(), "a = b\nc = d\nx\n\n");
        assert!(form.is_modified());
    }

    #[test]
    fn api_names_land_on_typed_fields() {
        let problem = |source: &str, field: &str| FieldError {
            source: source.into(),
            field: field.into(),
            message: "wrong".into(),
            kind: "value_error".into(),
        };
        let upload = UploadFields::new(3, [(9, "#9 Ada".to_string())], None, Outreach::Notify);
        let mut fields = ContactFields::new("", Some(upload));
        let label = |fields: &mut ContactFields, source, name| {
            fields.named_by(&problem(source, name)).map(|f| f.label.clone())
        };
        assert_eq!(label(&mut fields, "body", "tags.3").as_deref(), Some("Tags"));
        assert_eq!(label(&mut fields, "query", "bot_id").as_deref(), Some("Bot"));
        assert_eq!(label(&mut fields, "query", "notify").as_deref(), Some("Then"));
        assert_eq!(label(&mut fields, "query", "email"), None, "a query email is not the body's");
        assert_eq!(label(&mut fields, "body", ""), None);
        let mut plain = ContactFields::new("", None);
        assert_eq!(label(&mut plain, "query", "bot_id"), None, "no bot without an upload");
    }
}
