//! The detector measured on two labelled sets of notices and hard negatives:
//! `tests/data/absence.jsonl`, the tuning set (the rules were fixed against it), and
//! `tests/data/absence-holdout.jsonl`, written after the rules in ten languages and never
//! tuned on. `cargo test --lib absence::tests -- --nocapture` prints the figures.

use super::{Absence, detect};
use chrono::NaiveDate;
use serde::Deserialize;

const SET: &str = include_str!("../../tests/data/absence.jsonl");
/// Never tuned on: a miss here is reported, and fixed (if at all) against `SET` only.
const HOLD_OUT: &str = include_str!("../../tests/data/absence-holdout.jsonl");

/// A second hold-out set, written by someone who never read the rules nor the other sets,
/// after the rules' last change, and read once: the honest figure for text nobody has seen.
const HOLD_OUT_2: &str = include_str!("../../tests/data/absence-holdout-2.jsonl");

#[derive(Deserialize)]
struct Case {
    id: String,
    subject: String,
    body: String,
    sent: NaiveDate,
    away: bool,
    #[serde(default)]
    until: Option<NaiveDate>,
    /// The day the writer is back, for a dated notice.
    #[serde(default)]
    back: Option<NaiveDate>,
    #[serde(default)]
    split: String,
}

#[derive(Default, Debug)]
struct Figures {
    true_pos: u32,
    false_pos: u32,
    false_neg: u32,
    dated: u32,
    dated_right: u32,
    backs: u32,
    backs_right: u32,
    mistakes: Vec<String>,
}

impl Figures {
    fn add(&mut self, case: &Case, got: Option<Absence>) {
        match (case.away, got) {
            (true, Some(absence)) => {
                self.true_pos += 1;
                if case.back.is_some() {
                    self.backs += 1;
                    if absence.back == case.back {
                        self.backs_right += 1;
                    } else {
                        self.mistakes.push(format!(
                            "{}: back {:?}, read {:?}",
                            case.id, case.back, absence.back
                        ));
                    }
                }
                if case.until.is_some() {
                    self.dated += 1;
                    if absence.until == case.until {
                        self.dated_right += 1;
                    } else {
                        self.mistakes.push(format!(
                            "{}: until {:?}, read {:?}",
                            case.id, case.until, absence.until
                        ));
                    }
                }
            }
            (false, Some(_)) => {
                self.false_pos += 1;
                self.mistakes.push(format!("{}: not away, detected", case.id));
            }
            (true, None) => {
                self.false_neg += 1;
                self.mistakes.push(format!("{}: away, missed", case.id));
            }
            (false, None) => {}
        }
    }

    fn precision(&self) -> f64 {
        ratio(self.true_pos, self.true_pos + self.false_pos)
    }

    fn recall(&self) -> f64 {
        ratio(self.true_pos, self.true_pos + self.false_neg)
    }

    fn until(&self) -> f64 {
        ratio(self.dated_right, self.dated)
    }

    fn back(&self) -> f64 {
        ratio(self.backs_right, self.backs)
    }

    fn print(&self, name: &str) {
        println!(
            "{name:>8}: precision {:.3} ({}/{}), recall {:.3} ({}/{}), until right {:.3} ({}/{}), back right {:.3} ({}/{})",
            self.precision(),
            self.true_pos,
            self.true_pos + self.false_pos,
            self.recall(),
            self.true_pos,
            self.true_pos + self.false_neg,
            self.until(),
            self.dated_right,
            self.dated,
            self.back(),
            self.backs_right,
            self.backs,
        );
        for mistake in &self.mistakes {
            println!("          {mistake}");
        }
    }
}

fn ratio(part: u32, whole: u32) -> f64 {
    if whole == 0 { 1.0 } else { f64::from(part) / f64::from(whole) }
}

/// Every case of a set, read.
fn cases(set: &str) -> impl Iterator<Item = (Case, Option<Absence>)> + '_ {
    set.lines().filter(|l| !l.trim().is_empty()).map(|line| {
        let case: Case = serde_json::from_str(line).unwrap();
        let got = detect(&case.subject, &case.body, case.sent);
        (case, got)
    })
}

#[test]
fn the_hold_out_set_is_read_well() {
    hold_out(HOLD_OUT, "hold-out");
}

#[test]
fn the_second_hold_out_set_written_blind_to_the_rules_is_read_well() {
    hold_out(HOLD_OUT_2, "hold-out 2 (blind)");
}

fn hold_out(set: &str, name: &str) {
    let mut figures = Figures::default();
    let mut languages = std::collections::BTreeSet::new();
    let mut lines = 0;
    for (case, got) in cases(set) {
        figures.add(&case, got);
        languages.insert(case.id.split('-').next().unwrap_or_default().to_string());
        lines += 1;
    }
    figures.print(name);
    assert!(lines >= 150, "{lines} cases");
    assert_eq!(languages.len(), 10, "{languages:?}");
    assert!(figures.precision() >= 0.98, "precision {:.3}", figures.precision());
    assert!(figures.recall() >= 0.90, "recall {:.3}", figures.recall());
    assert!(figures.back() >= 0.90, "back {:.3}", figures.back());
}

#[test]
fn the_labelled_set_is_read_well() {
    let (mut tune, mut held_out, mut all) =
        (Figures::default(), Figures::default(), Figures::default());
    let mut lines = 0;
    for (case, got) in cases(SET) {
        match case.split.as_str() {
            "tune" => tune.add(&case, got),
            "held_out" => held_out.add(&case, got),
            other => panic!("{}: split {other:?}", case.id),
        }
        all.add(&case, got);
        lines += 1;
    }
    tune.print("tune");
    held_out.print("held_out");
    // The splits listed each mistake already.
    all.mistakes.clear();
    all.print("all");
    assert!(lines >= 220, "{lines} cases");
    assert!(all.precision() >= 0.98, "precision {:.3}", all.precision());
    assert!(all.recall() >= 0.90, "recall {:.3}", all.recall());
    assert!(all.until() >= 0.90, "until {:.3}", all.until());
    assert!(all.back() >= 0.90, "back {:.3}", all.back());
}

#[test]
fn back_on_is_the_day_after_or_two_weeks_later() {
    let sent = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
    let dated =
        detect("Automatic reply: hi", "I am out of the office until 3 December.", sent).unwrap();
    assert_eq!(dated.until, NaiveDate::from_ymd_opt(2026, 12, 3));
    assert_eq!(dated.back_on, NaiveDate::from_ymd_opt(2026, 12, 4).unwrap());
    let undated =
        detect("Automatic reply: hi", "I am on parental leave. For urgent matters call Ben.", sent)
            .unwrap();
    assert_eq!(undated.until, None);
    assert_eq!(undated.back_on, NaiveDate::from_ymd_opt(2026, 12, 8).unwrap());
}

fn back(subject: &str, body: &str, sent: &str) -> Option<NaiveDate> {
    let sent = NaiveDate::parse_from_str(sent, "%Y-%m-%d").unwrap();
    detect(subject, body, sent).and_then(|absence| absence.back)
}

fn day(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()
}

#[test]
fn after_an_inclusive_last_day_the_writer_is_back_the_next_working_day() {
    let auto = "Automatic reply: hi";
    for body in [
        "I am out of the office until Friday 4 Dec.",
        "I am on leave, last day out 4 Dec.",
        "I am on leave: out 1–4 Dec.",
        "I am on leave: out 1-4 December.",
        "Ich bin vom 1.–4. Dezember im Urlaub.",
        "I am on annual leave through 4 December.",
    ] {
        assert_eq!(back(auto, body, "2026-11-30"), day("2026-12-07"), "{body}");
    }
    let returning = "I am on leave and back on Monday 7 December.";
    assert_eq!(back(auto, returning, "2026-11-30"), day("2026-12-07"));
    let wednesday = "I am out of the office until 8 December.";
    assert_eq!(back(auto, wednesday, "2026-11-30"), day("2026-12-09"));
}

#[test]
fn a_range_across_the_new_year_is_read_at_its_end() {
    let subject = "Abwesenheitsnotiz";
    for (body, sent) in [
        ("Ich bin vom 28.12. bis zum 8.1. im Urlaub.", "2026-12-20"),
        ("Ich bin vom 28.12. bis zum 8.1. im Urlaub.", "2026-12-29"),
        ("Ich bin vom 28.12.2026 bis zum 8.1.2027 nicht im Büro.", "2026-12-20"),
        ("Ich bin vom 28. Dezember bis zum 8. Januar im Urlaub.", "2026-12-20"),
        ("Ich bin vom 28.12.–8.1. im Urlaub.", "2026-12-20"),
        ("Ich bin zwischen dem 28.12. und dem 8.1. im Urlaub.", "2026-12-20"),
    ] {
        let sent_day = NaiveDate::parse_from_str(sent, "%Y-%m-%d").unwrap();
        let got = detect(subject, body, sent_day).unwrap();
        assert_eq!(got.until, day("2027-01-08"), "{body} sent {sent}");
        assert_eq!(got.back, day("2027-01-11"), "{body} sent {sent}");
    }
}

#[test]
fn a_week_number_is_the_monday_of_that_week_or_the_next() {
    let sent = "2026-11-25"; // week 48; week 49 starts on 30 November, week 50 on 7 December
    for (subject, body, expected) in [
        ("Abwesenheitsnotiz", "Ab KW 49 bin ich wieder im Büro.", "2026-11-30"),
        ("Out of office", "I am on leave and back in week 49.", "2026-11-30"),
        ("Abwesenheitsnotiz", "Ich bin in KW 49 im Urlaub.", "2026-12-07"),
        ("Out of office", "I am away in week 49.", "2026-12-07"),
        ("Frånvaro", "Jag är på semester vecka 49.", "2026-12-07"),
        ("Nieobecność", "Jestem na urlopie w tygodniu 49.", "2026-12-07"),
        ("Nieobecność", "Jestem na urlopie, tydzień 49.", "2026-12-07"),
        ("Afwezig", "Ik ben afwezig tot en met week 49.", "2026-12-07"),
    ] {
        assert_eq!(back(subject, body, sent), day(expected), "{body}");
    }
    // Week 2 named in December is next year's.
    assert_eq!(back("Out of office", "I am away in week 2.", "2026-12-18"), day("2027-01-18"));
}

proptest::proptest! {
    /// Any text, however mangled, is read without a panic: the detector runs on every reply.
    #[test]
    fn any_text_is_read_without_panic(subject in "\\PC{0,40}", body in "[\\PC\\n0-9./:-]{0,300}", days in 0i64..20000) {
        let sent = NaiveDate::from_ymd_opt(1990, 1, 1).unwrap() + chrono::Duration::days(days);
        let _ = detect(&subject, &body, sent);
    }

    /// The same with the words and numbers the date reader looks at, in any order.
    #[test]
    fn any_mix_of_date_words_is_read_without_panic(
        body in "((until|bis|t/m|jusqu'au|3rd|3 feira|dec|31|12|29.02.|2026|99999|/|\\.|-|:| |\n|out of office|tomorrow|monday|next week|on) ){0,40}",
        days in 0i64..40000,
    ) {
        let sent = NaiveDate::from_ymd_opt(1950, 1, 1).unwrap() + chrono::Duration::days(days);
        let _ = detect("Out of office", &body, sent);
    }
}
