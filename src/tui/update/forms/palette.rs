//! Writes typed in the `:` palette. Each opens its form (or dialog) filled in as typed; a
//! line that says everything a write needs goes straight to the confirmation every write
//! gets (naming the organisation, campaign, address and when e-mail goes out), so nothing
//! is sent unseen; a yes sends from the form, so a failure leaves it open with every value
//! in it, and a no closes it (it was never on screen).

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
        PaletteWrite::AddContact { email, .. } => {
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
    // A complete line goes straight to the confirmation every write gets; an incomplete
    // one leaves its form open, its values not counted as typed (Esc closes it at once).
    if complete && matches!(&state.transient.overlay, Some(Overlay::Form(form)) if form.is_write())
    {
        effects.extend(submit_open_form(state));
    }
    effects
}
