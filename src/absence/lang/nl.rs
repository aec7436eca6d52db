//! Dutch.

use super::Words;

pub static WORDS: Words = Words {
    month_first: false,
    subject_auto: &["automatisch antwoord", "automatisch bericht"],
    subject_away: &["afwezig", "afwezigheid", "afwezigheidsbericht", "vakantie", "niet aanwezig"],
    subject_not_away: &["onbestelbaar", "niet bezorgd", "bezorging mislukt", "gelezen:"],
    away: &[
        "afwezig", "met vakantie", "op vakantie", "niet op kantoor", "niet aanwezig", "met verlof",
        "zwangerschapsverlof", "ouderschapsverlof", "ziek", "niet bereikbaar", "weer op kantoor", "op cursus",
    ],
    notice: &[
        "na terugkomst", "na mijn terugkomst", "na mijn terugkeer", "beperkt toegang",
        "geen toegang", "niet doorgestuurd", "voor dringende zaken", "in dringende gevallen",
        "reageer daarna", "ik reageer", "lees mijn mail daarna", "neem voor vragen contact", "zo snel mogelijk",
    ],
    chat: &["maar op", "is 10 uur goed", "liever", "stuur je", "geen interesse", "laten we", "ik help je", "zullen we", "past prima", "past goed", "ik antwoord"],
    not_away: &["niet meer werkzaam", "niet langer werkzaam", "hebben uw vraag ontvangen", "uw vraag ontvangen", "je bestelling", "uw bestelling"],
    months: [
        &["januari", "jan"], &["februari", "feb"], &["maart", "mrt"], &["april", "apr"],
        &["mei"], &["juni", "jun"], &["juli", "jul"], &["augustus", "aug"],
        &["september", "sep", "sept"], &["oktober", "okt"], &["november", "nov"],
        &["december", "dec"],
    ],
    weekdays: [
        &["maandag"], &["dinsdag"], &["woensdag"], &["donderdag"], &["vrijdag"], &["zaterdag"],
        &["zondag"],
    ],
    tomorrow: &["morgen"],
    next_week: &[&["volgende", "week"], &["komende", "week"]],
    until: &["tot", "t/m", "met"],
    back: &["terug", "weer", "vanaf"],
};
