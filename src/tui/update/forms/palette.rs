//! Writes typed in the `:` palette. Each opens its form (or dialog) filled in as typed; a
//! line that says everything a write needs goes straight to the question before sending
//! (naming the organisation, campaign, address and when e-mail goes out), so nothing is
//! sent unseen and a failure still leaves the form open with every value in it.

use crate::tui::action::Effect;
use crate::tui::palette::PaletteWrite;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::Tone;
use crate::tui::update::forms::common::{refusal, toast};
use crate::tui::update::forms::{contact, conversion, dnc, start, submit_open_form};

pub(crate) fn from_palette(state: &mut AppState, write: PaletteWrite) -> Vec<Effect> {
    if let Some(why) = refusal(state) {
        toast(state, Tone::Failure, why);
        return Vec::new();
    }
    let (mut effects, complete) = match write {
        PaletteWrite::Start(campaign) => (start::ask(state, campaign), false),
        PaletteWrite::AddContact { email } => {
            (contact::open(state, email.as_deref()), email.is_some())
        }
        PaletteWrite::Upload { campaign, email, outreach } => (
            contact::open_upload(state, Some(campaign), email.as_deref(), None, outreach),
            email.is_some(),
        ),
        PaletteWrite::Dnc { entries } => {
            (dnc::open(state, false, Some(&entries)), !entries.trim().is_empty())
        }
        PaletteWrite::Conversion { email, kind, data } => {
            let prefill = conversion::Prefill { kind, data };
            (conversion::open(state, email.as_deref(), Some(prefill)), email.is_some())
        }
    };
    if let Some(Overlay::Form(form)) = state.transient.overlay.as_mut() {
        form.count_as_typed();
        // A complete line's values were never seen in the form: it asks before sending.
        form.ask_first = complete && form.fields.is_write();
    }
    if complete {
        effects.extend(submit_open_form(state));
    }
    effects
}
