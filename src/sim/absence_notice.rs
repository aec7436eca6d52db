//! Out-of-office notices as contacts' mail servers send them, in the seven languages the
//! dashboard reads (English, German, French, Spanish, Portuguese, Italian, Dutch): a subject
//! prefix, a few sentences and, most of the time, the day the writer is back. The day is
//! chosen against the simulator's clock, so that the demo always has some contacts away
//! until a day to come and some whose day has passed.

use super::rng::Rng;
use chrono::{DateTime, Datelike, Days, NaiveDate, Utc};

/// One notice: its subject prefix ("Automatic reply"), its text, and the last day away that
/// the text names (`None`: it names none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub subject_prefix: &'static str,
    pub text: String,
    pub until: Option<NaiveDate>,
}

/// How a language writes the notice: `{date}` is the last day away, `{colleague}` whom to
/// write to meanwhile.
struct Language {
    subject_prefix: &'static str,
    dated: &'static [&'static str],
    undated: &'static str,
    /// January first.
    months: [&'static str; 12],
    /// How `{date}` is written: `d` day, `m` month name, `mm`/`dd` two digits.
    date: DateForm,
}

#[derive(Clone, Copy)]
enum DateForm {
    /// "3 December"
    DayMonth,
    /// "December 3"
    MonthDay,
    /// "03.12."
    Dotted,
    /// "03/12"
    Slashed,
    /// "3 de diciembre"
    DayDeMonth,
}

/// The month names both English notices write (day-month and month-day forms).
const ENGLISH_MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

const LANGUAGES: &[Language] = &[
    Language {
        subject_prefix: "Automatic reply",
        dated: &[
            "Thank you for your email. I am out of the office until {date} with limited access to email. For urgent matters, please contact {colleague}.",
            "I'm currently on vacation and will be back in the office on {date}. I will respond to your message upon my return. If it is urgent, please reach out to {colleague}.",
        ],
        undated: "Thank you for your message. I am currently out of the office with limited access to email and will reply as soon as possible upon my return. For urgent matters, please contact {colleague}.",
        months: ENGLISH_MONTHS,
        date: DateForm::DayMonth,
    },
    Language {
        subject_prefix: "Out of Office",
        dated: &[
            "Hi, I'm out of the office through {date} and checking email only occasionally. For anything urgent, please contact {colleague}.",
        ],
        undated: "I'm out of the office with limited access to email. For anything urgent, please contact {colleague}.",
        months: ENGLISH_MONTHS,
        date: DateForm::MonthDay,
    },
    Language {
        subject_prefix: "Abwesenheitsnotiz",
        dated: &[
            "Vielen Dank für Ihre Nachricht. Ich bin bis zum {date} nicht im Büro und habe nur eingeschränkten Zugriff auf meine E-Mails. In dringenden Fällen wenden Sie sich bitte an {colleague}.",
        ],
        undated: "Vielen Dank für Ihre Nachricht. Ich bin derzeit nicht im Büro. Ihre E-Mail wird nicht weitergeleitet; in dringenden Fällen wenden Sie sich bitte an {colleague}.",
        months: [
            "Januar",
            "Februar",
            "März",
            "April",
            "Mai",
            "Juni",
            "Juli",
            "August",
            "September",
            "Oktober",
            "November",
            "Dezember",
        ],
        date: DateForm::Dotted,
    },
    Language {
        subject_prefix: "Réponse automatique",
        dated: &[
            "Bonjour, je suis absente du bureau jusqu'au {date} inclus, avec un accès limité à mes e-mails. En cas d'urgence, vous pouvez contacter {colleague}.",
        ],
        undated: "Bonjour, je suis actuellement absente du bureau. En cas d'urgence, vous pouvez contacter {colleague}.",
        months: [
            "janvier",
            "février",
            "mars",
            "avril",
            "mai",
            "juin",
            "juillet",
            "août",
            "septembre",
            "octobre",
            "novembre",
            "décembre",
        ],
        date: DateForm::DayMonth,
    },
    Language {
        subject_prefix: "Respuesta automática",
        dated: &[
            "Gracias por su mensaje. Estoy fuera de la oficina hasta el {date}, con acceso limitado al correo. Para asuntos urgentes, contacte con {colleague}.",
        ],
        undated: "Gracias por su mensaje. Estoy fuera de la oficina con acceso limitado al correo. Para asuntos urgentes, contacte con {colleague}.",
        months: [
            "enero",
            "febrero",
            "marzo",
            "abril",
            "mayo",
            "junio",
            "julio",
            "agosto",
            "septiembre",
            "octubre",
            "noviembre",
            "diciembre",
        ],
        date: DateForm::DayDeMonth,
    },
    Language {
        subject_prefix: "Resposta automática",
        dated: &[
            "Obrigado pela sua mensagem. Estou de férias até {date}, com acesso limitado ao e-mail. Para assuntos urgentes, contacte {colleague}.",
        ],
        undated: "Obrigado pela sua mensagem. Estou fora do escritório, com acesso limitado ao e-mail. Para assuntos urgentes, contacte {colleague}.",
        months: [
            "janeiro",
            "fevereiro",
            "março",
            "abril",
            "maio",
            "junho",
            "julho",
            "agosto",
            "setembro",
            "outubro",
            "novembro",
            "dezembro",
        ],
        date: DateForm::Slashed,
    },
    Language {
        subject_prefix: "Risposta automatica",
        dated: &[
            "Grazie per il messaggio. Sono fuori ufficio fino al {date} con accesso limitato alla posta. Per questioni urgenti contattare {colleague}.",
        ],
        undated: "Grazie per il messaggio. Sono fuori ufficio con accesso limitato alla posta. Per questioni urgenti contattare {colleague}.",
        months: [
            "gennaio",
            "febbraio",
            "marzo",
            "aprile",
            "maggio",
            "giugno",
            "luglio",
            "agosto",
            "settembre",
            "ottobre",
            "novembre",
            "dicembre",
        ],
        date: DateForm::DayMonth,
    },
    Language {
        subject_prefix: "Automatisch antwoord",
        dated: &[
            "Bedankt voor je bericht. Ik ben afwezig tot en met {date} en heb beperkt toegang tot mijn e-mail. Voor dringende zaken kun je contact opnemen met {colleague}.",
        ],
        undated: "Bedankt voor je bericht. Ik ben afwezig en heb beperkt toegang tot mijn e-mail. Voor dringende zaken kun je contact opnemen met {colleague}.",
        months: [
            "januari",
            "februari",
            "maart",
            "april",
            "mei",
            "juni",
            "juli",
            "augustus",
            "september",
            "oktober",
            "november",
            "december",
        ],
        date: DateForm::DayMonth,
    },
];

/// A notice sent at `sent` by someone whose colleague is `colleague`, with `now` the
/// simulator's clock: one in six names no day; of the rest, those sent at least three days
/// before `now` are back already two times in five (a day between sending and now), the
/// others away until one to fourteen days after `now`.
pub fn notice(rng: &mut Rng, sent: DateTime<Utc>, now: DateTime<Utc>, colleague: &str) -> Notice {
    let language = rng.pick(LANGUAGES);
    let sent_day = sent.date_naive();
    let days_ago = (now.date_naive() - sent_day).num_days();
    let until = if rng.percent(17) {
        None
    } else if days_ago >= 3 && rng.percent(40) {
        sent_day.checked_add_days(Days::new(rng.between(1, days_ago - 1) as u64))
    } else {
        now.date_naive().checked_add_days(Days::new(rng.between(1, 14) as u64))
    };
    let template = match until {
        Some(_) => *rng.pick(language.dated),
        None => language.undated,
    };
    let date = until.map(|day| written(day, language)).unwrap_or_default();
    Notice {
        subject_prefix: language.subject_prefix,
        text: template.replace("{date}", &date).replace("{colleague}", colleague),
        until,
    }
}

/// A notice whose writer says they are back in the office on `back` (in English): what
/// `POST /_sim/replies` writes when a test asks for the day, say one back today.
pub fn back_on(back: NaiveDate, colleague: &str) -> Notice {
    let language = &LANGUAGES[0];
    let template = language.dated[1];
    Notice {
        subject_prefix: language.subject_prefix,
        text: template
            .replace("{date}", &written(back, language))
            .replace("{colleague}", colleague),
        until: Some(back),
    }
}

fn written(day: NaiveDate, language: &Language) -> String {
    let month = language.months[day.month0() as usize];
    match language.date {
        DateForm::DayMonth => format!("{} {month}", day.day()),
        DateForm::MonthDay => format!("{month} {}", day.day()),
        DateForm::Dotted => format!("{:02}.{:02}.", day.day(), day.month()),
        DateForm::Slashed => format!("{:02}/{:02}", day.day(), day.month()),
        DateForm::DayDeMonth => format!("{} de {month}", day.day()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the simulator writes, the dashboard reads: every language, every form, with and
    /// without a day, is an absence notice ending on the day written.
    #[test]
    fn the_detector_reads_every_notice_the_simulator_writes() {
        let now = DateTime::parse_from_rfc3339("2026-11-25T15:00:00Z").unwrap().to_utc();
        let mut languages = std::collections::HashSet::new();
        let (mut dated, mut undated, mut passed, mut to_come) = (0, 0, 0, 0);
        for id in 0..400 {
            let mut rng = Rng::for_item(7, 99, id);
            let sent = now - chrono::TimeDelta::hours(rng.between(1, 40 * 24));
            let notice = notice(&mut rng, sent, now, "sales@acme.example");
            languages.insert(notice.subject_prefix);
            let subject = format!("{}: Re: Quick question", notice.subject_prefix);
            let read = crate::absence::detect(&subject, &notice.text, sent.date_naive());
            let read = read.unwrap_or_else(|| panic!("not read as a notice: {notice:?}"));
            assert_eq!(read.until, notice.until, "{notice:?}");
            match notice.until {
                None => undated += 1,
                Some(day) if day < now.date_naive() => (dated, passed) = (dated + 1, passed + 1),
                Some(_) => (dated, to_come) = (dated + 1, to_come + 1),
            }
        }
        assert_eq!(languages.len(), LANGUAGES.len(), "every language written");
        assert!(undated > 20 && passed > 20 && to_come > 20, "{undated} {passed} {to_come}");
        assert_eq!(dated + undated, 400);
    }

    #[test]
    fn a_notice_asked_for_a_day_reads_as_back_that_day() {
        let sent = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
        let notice = back_on(sent, "sales@acme.example");
        let subject = format!("{}: Re: Quick question", notice.subject_prefix);
        let read = crate::absence::detect(&subject, &notice.text, sent).unwrap();
        assert_eq!((read.back, read.back_on), (Some(sent), sent), "{notice:?}");
    }
}
