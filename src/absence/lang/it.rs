//! Italian.

use super::Words;

pub static WORDS: Words = Words {
    month_first: false,
    subject_auto: &["risposta automatica", "risposta automatica:"],
    subject_away: &["fuori ufficio", "fuori sede", "assenza", "assente", "ferie"],
    subject_not_away: &["mancato recapito", "impossibile recapitare", "non recapitato", "letto:"],
    away: &[
        "fuori ufficio", "fuori sede", "in ferie", "assente", "in congedo", "in malattia",
        "in trasferta", "congedo di maternita", "sono in viaggio",
    ],
    notice: &[
        "al mio rientro", "al mio ritorno", "accesso limitato", "senza accesso",
        "non verra inoltrat", "non sara inoltrat", "per urgenze", "in caso di urgenza",
        "rispondero", "ti rispondero", "leggero la posta", "scrivere alla collega",
        "scrivere al collega", "per qualsiasi necessita",
    ],
    chat: &["ma il", "va bene", "possiamo sentirci", "meglio il", "mi mandi", "non siamo interessati", "sentiamoci", "ti rispondo", "va benissimo", "facciamo"],
    not_away: &["non lavora piu", "non fa piu parte", "abbiamo ricevuto", "il tuo ordine", "suo ordine"],
    months: [
        &["gennaio", "gen"], &["febbraio", "feb"], &["marzo", "mar"], &["aprile", "apr"],
        &["maggio", "mag"], &["giugno", "giu"], &["luglio", "lug"], &["agosto", "ago"],
        &["settembre", "set", "sett"], &["ottobre", "ott"], &["novembre", "nov"],
        &["dicembre", "dic"],
    ],
    weekdays: [
        &["lunedi"], &["martedi"], &["mercoledi"], &["giovedi"], &["venerdi"], &["sabato"],
        &["domenica"],
    ],
    tomorrow: &["domani"],
    next_week: &[&["prossima", "settimana"], &["settimana", "prossima"]],
    until: &["fino", "al", "all'", "a"],
    back: &["rientro", "rientrero", "ritorno", "tornero"],
};
