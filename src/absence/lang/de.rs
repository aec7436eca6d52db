//! German.

use super::Words;

pub static WORDS: Words = Words {
    month_first: false,
    subject_auto: &["automatische antwort", "autom antwort", "automatische antwort:"],
    subject_away: &["abwesenheitsnotiz", "abwesend", "abwesenheit", "urlaub", "nicht im buro"],
    subject_not_away: &["unzustellbar", "nicht zustellbar", "lesebestatigung", "zustellung fehlgeschlagen", "gelesen:"],
    away: &[
        "nicht im buro", "nicht im haus", "ausser haus", "im urlaub", "in urlaub", "urlaub", "weihnachtsurlaub", "jahresurlaub", "abwesend",
        "nicht erreichbar", "elternzeit", "mutterschutz", "dienstreise", "auf geschaftsreise",
        "auf einer messe", "krankheitsbedingt", "krank", "nicht am arbeitsplatz",
        "wieder im buro", "wieder fur sie da", "wieder erreichbar", "wieder da",
    ],
    notice: &[
        "nach meiner ruckkehr", "nicht weitergeleitet", "in dringenden fallen", "in dringenden",
        "keinen zugriff", "eingeschrankten zugriff", "eingeschrankt", "unregelmassig",
        "ich melde mich nach", "werden nicht gelesen", "nicht gelesen", "wird danach bearbeitet",
        "erreicht mich danach", "bis dahin", "meine vertretung", "in meiner abwesenheit",
        "wahrend meiner abwesenheit", "so schnell wie moglich",
    ],
    chat: &[
        "aber am", "hatte ich zeit", "passt ihnen", "passt mir", "konnen wir", "konnen sie",
        "wie ware", "gerne", "gern", "ja", "schicken sie", "nur kurz", "rufen sie mich",
        "kein interesse", "leider",
    ],
    not_away: &[
        "nicht mehr fur", "nicht mehr bei", "nicht mehr im unternehmen", "verlassen",
        "anfrage erhalten", "ihre anfrage", "bestellung",
    ],
    months: [
        &["januar", "jan", "janner"], &["februar", "feb"], &["marz", "mrz", "mar"],
        &["april", "apr"], &["mai"], &["juni", "jun"], &["juli", "jul"], &["august", "aug"],
        &["september", "sep", "sept"], &["oktober", "okt"], &["november", "nov"],
        &["dezember", "dez"],
    ],
    weekdays: [
        &["montag"], &["dienstag"], &["mittwoch"], &["donnerstag"], &["freitag"],
        &["samstag", "sonnabend"], &["sonntag"],
    ],
    tomorrow: &["morgen"],
    next_week: &[&["nachste", "woche"], &["nachster", "woche"], &["kommende", "woche"], &["kommender", "woche"]],
    until: &["bis"],
    back: &["ab", "wieder", "zuruck"],
};
