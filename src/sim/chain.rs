//! E-mail chains, generated on request from the exchange and the seed rather than stored:
//! 20k exchanges would otherwise hold ~100k messages in memory for nothing. The same
//! exchange always gives the same chain. Chains follow the exchange's status (a bounce,
//! a reply, a booked meeting), quote earlier messages with `>` lines under an
//! "On … wrote:" line, carry signatures, links, cc, attachments and labels, and some are
//! HTML-only, as real mailboxes are.

use super::absence_notice::{back_on, notice};
use super::chain_body::{Body, Paragraphs};
use super::hostile;
use super::rng::{Rng, salt};
use super::words::words;
use crate::api::{EmailBody, EmailMessage, ExchangeStatus, Mailbox, Timestamp};
use chrono::{NaiveDate, TimeDelta};
use serde_json::{Value, json};

/// A participant as the chain needs it.
#[derive(Debug, Clone)]
pub struct ChainParty {
    pub first: String,
    pub last: String,
    pub email: String,
}

impl ChainParty {
    fn mailbox(&self) -> Mailbox {
        Mailbox { address: self.email.clone(), name: format!("{} {}", self.first, self.last) }
    }

    fn domain(&self) -> &str {
        self.email.rsplit_once('@').map(|(_, d)| d).unwrap_or("mail.example")
    }
}

/// One message from the contact that arrived live.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrived {
    pub at: Timestamp,
    /// What kind of reply it is: a snippet category, or [`AWAY`].
    pub kind: &'static str,
    /// For an absence notice, the day it says its writer is back (`None`: one drawn at random).
    pub back: Option<NaiveDate>,
}

/// Everything a chain is generated from.
#[derive(Debug, Clone)]
pub struct ChainContext {
    pub seed: u64,
    pub exchange_id: i64,
    pub status: ExchangeStatus,
    pub updated_at: Timestamp,
    /// Replies from the contact that arrived after the generated chain (the live demo).
    pub arrived: Vec<Arrived>,
    pub bot: ChainParty,
    pub bot_title: String,
    pub contact: ChainParty,
    pub company: String,
    pub org_name: String,
    pub org_domain: String,
    pub hostile: bool,
    /// The instant the simulator's data is generated around (its clock's anchor): an
    /// absence notice's return day is chosen against it, so some contacts are away until a
    /// day to come and some are back, and the same chain comes back on every request.
    pub anchor: Timestamp,
}

/// Who writes a message and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Initial,
    Followup,
    /// The contact answers; the category names the snippets (`decline`, `info` …).
    Reply(&'static str),
    /// The bot answers the contact.
    Answer(&'static str),
    Bounce,
    Confirm,
    /// The contact's mail server answers with an out-of-office notice.
    Away,
}

/// One in this many conversations that can draw one ends with the contact's out-of-office
/// notice (in percent).
const AWAY_PERCENT: u64 = 9;

/// The kind of a live arrival that is an out-of-office notice rather than a reply.
pub const AWAY: &str = "away";

/// Some conversations end with an automatic absence notice answering our last message;
/// after the contact's own reply, the bot answers first.
fn add_absence(status: &ExchangeStatus, steps: &mut Vec<Step>, rng: &mut Rng) {
    use ExchangeStatus::*;
    let can = matches!(
        status,
        InfoInquiry
            | SchedulingMeeting
            | ProvidedReferral
            | AwaitingReply
            | FollowupSent
            | FollowupLater
            | Nurturing
    );
    if !can || !rng.percent(AWAY_PERCENT) {
        return;
    }
    if let Some(Step::Reply(kind)) = steps.last().copied() {
        let answer = match kind {
            "positive" => "answer_positive",
            "referral" => "answer_referral",
            _ => "answer_info",
        };
        steps.push(Step::Answer(answer));
    }
    steps.push(Step::Away);
    // The notice is the newest message; earlier ones keep to at most 8.
    if steps.len() > 8 {
        steps.drain(1..steps.len() - 7);
    }
}

fn plan(status: &ExchangeStatus, rng: &mut Rng) -> Vec<Step> {
    use ExchangeStatus::*;
    use Step::*;
    let mut steps = vec![Initial];
    let mut followups = |low: i64, high: i64, steps: &mut Vec<Step>| {
        steps.extend(std::iter::repeat_n(Followup, rng.between(low, high) as usize));
    };
    match status {
        OutreachPending | OutreachQueued => return Vec::new(),
        OutreachActive => followups(0, 2, &mut steps),
        NoResponse => followups(2, 3, &mut steps),
        InvalidAddress | FailedDelivery => steps.push(Bounce),
        UnsubLink => followups(0, 1, &mut steps),
        UnsubRequest => {
            followups(0, 1, &mut steps);
            steps.push(Reply("unsub"));
        }
        Declined => {
            followups(0, 1, &mut steps);
            steps.extend([Reply("decline"), Answer("answer_decline")]);
        }
        FollowupLater => {
            followups(0, 1, &mut steps);
            steps.extend([Reply("later"), Answer("answer_later")]);
        }
        FollowupSent => steps.extend([Reply("later"), Answer("answer_later"), Followup]),
        ProvidedReferral => {
            followups(0, 1, &mut steps);
            steps.push(Reply("referral"));
        }
        OutreachReferral => steps.extend([Reply("referral"), Answer("answer_referral")]),
        SchedulingMeeting => {
            followups(0, 2, &mut steps);
            steps.extend([Reply("info"), Answer("answer_info"), Reply("positive")]);
        }
        InfoInquiry => {
            followups(0, 1, &mut steps);
            steps.push(Reply("info"));
        }
        AwaitingReply => steps.extend([Reply("info"), Answer("answer_info")]),
        Nurturing => {
            followups(0, 1, &mut steps);
            steps.extend([Reply("nurture"), Answer("answer_nurture"), Followup]);
        }
        MeetingBooked => {
            followups(0, 2, &mut steps);
            // Half the bookings start with a question: the longest chains (8 messages).
            if rng.percent(50) {
                steps.extend([Reply("info"), Answer("answer_info")]);
            }
            steps.extend([Reply("positive"), Answer("answer_positive"), Confirm]);
        }
        OtherConversion => steps.extend([Reply("conversion"), Answer("answer_conversion")]),
        Unknown(_) => {}
    }
    steps.truncate(8);
    steps
}

/// How long before the next message this one was written.
fn gap_before_next(next: Step, rng: &mut Rng) -> TimeDelta {
    let minutes = match next {
        Step::Initial => 0,
        Step::Followup => rng.between(2 * 1440, 4 * 1440),
        Step::Reply(_) => rng.between(45, 2 * 1440),
        Step::Answer(_) => rng.between(10, 6 * 60),
        Step::Bounce => rng.between(1, 3),
        Step::Confirm => rng.between(30, 1440),
        Step::Away => rng.between(1, 5),
    };
    TimeDelta::minutes(minutes) + TimeDelta::seconds(rng.between(0, 59))
}

/// The chain of one exchange (empty while its outreach has not started).
pub fn email_chain(ctx: &ChainContext) -> Vec<EmailMessage> {
    let mut rng = Rng::for_item(ctx.seed, salt::CHAIN, ctx.exchange_id);
    let mut steps = plan(&ctx.status, &mut rng);
    if steps.is_empty() {
        return Vec::new();
    }
    // Its own stream: the chains without a notice stay as they were.
    add_absence(&ctx.status, &mut steps, &mut Rng::for_item(ctx.seed, salt::AWAY, ctx.exchange_id));
    let mut dates = vec![ctx.updated_at.0];
    for step in steps.iter().skip(1).rev() {
        let earlier = dates[dates.len() - 1] - gap_before_next(*step, &mut rng);
        dates.push(earlier);
    }
    dates.reverse();
    // The day each live notice asked to name, by its step.
    let mut backs: Vec<Option<NaiveDate>> = vec![None; steps.len()];
    for arrived in &ctx.arrived {
        steps.push(if arrived.kind == AWAY { Step::Away } else { Step::Reply(arrived.kind) });
        dates.push(arrived.at.0);
        backs.push(arrived.back);
    }
    let hostile = ctx.hostile && ctx.exchange_id % 23 == 0;
    let subject = if hostile {
        rng.pick(hostile::SUBJECTS).to_string()
    } else {
        fill(rng.pick::<String>(&words().subjects), ctx)
    };
    let thread_id = rng.hex(16);
    let mut messages: Vec<EmailMessage> = Vec::with_capacity(steps.len());
    let mut previous: Option<Body> = None;
    let mut ids: Vec<String> = Vec::new();
    for (n, (step, date)) in steps.iter().zip(dates).enumerate() {
        let from_bot = matches!(step, Step::Initial | Step::Followup | Step::Answer(_));
        if *step == Step::Away {
            let back = backs.get(n).copied().flatten();
            messages.push(away_message(ctx, &mut rng, &subject, (date, back), &thread_id, &ids));
            ids.push(messages[messages.len() - 1].message_id.clone());
            continue;
        }
        let (from, to) = match step {
            Step::Bounce => (
                Mailbox {
                    address: "mailer-daemon@googlemail.com".into(),
                    name: "Mail Delivery Subsystem".into(),
                },
                ctx.bot.mailbox(),
            ),
            _ if from_bot => (ctx.bot.mailbox(), ctx.contact.mailbox()),
            _ => (ctx.contact.mailbox(), ctx.bot.mailbox()),
        };
        let sender_domain = from.address.rsplit_once('@').map(|(_, d)| d.to_string());
        let message_id = format!("<{}@{}>", rng.hex(20), sender_domain.unwrap_or_default());
        let unsubscribe_url =
            from_bot.then(|| format!("https://unsub.{}/u/{}", ctx.org_domain, rng.hex(20)));
        let body = body(*step, ctx, &mut rng, previous.as_ref(), date, hostile && n == 0);
        let (html, text) = match step {
            Step::Reply(_) | Step::Confirm if rng.percent(20) => (Some(body.html.clone()), None),
            Step::Reply(_) if rng.percent(10) => (None, Some(body.text.clone())),
            _ => (Some(body.html.clone()), Some(body.text.clone())),
        };
        let subject = match (step, n) {
            (Step::Bounce, _) => format!("Delivery Status Notification (Failure): {subject}"),
            (_, 0) => subject.clone(),
            _ => format!("Re: {subject}"),
        };
        messages.push(EmailMessage {
            unread: Default::default(),
            subject,
            body: EmailBody { html, text },
            from_: Some(from),
            to: vec![to],
            cc: cc(*step, ctx, &mut rng),
            bcc: if from_bot && rng.percent(20) {
                vec![json!({"address": format!("bcc@crm.{}", ctx.org_domain), "name": ""})]
            } else {
                Vec::new()
            },
            attachments: attachments(*step, ctx, &mut rng, hostile && n == 0),
            labels: labels(from_bot, &mut rng),
            message_id: message_id.clone(),
            thread_id: thread_id.clone(),
            in_reply_to_message_id: ids.last().cloned(),
            references: (!ids.is_empty()).then(|| ids.join(" ")),
            date: Some(Timestamp(date)),
            unsubscribe_url,
            starred: rng.percent(8),
        });
        ids.push(message_id);
        previous = Some(body);
    }
    messages
}

/// The contact's out-of-office notice: no quote, no signature but the name, as mail
/// servers send them; its subject opens with the notice's prefix.
fn away_message(
    ctx: &ChainContext,
    rng: &mut Rng,
    subject: &str,
    (date, back): (chrono::DateTime<chrono::Utc>, Option<NaiveDate>),
    thread_id: &str,
    ids: &[String],
) -> EmailMessage {
    let colleague = format!("sales@{}", ctx.contact.domain());
    // A notice that arrived live, after the anchor, is judged from its own day.
    let notice = match back {
        Some(day) => back_on(day, &colleague),
        None => notice(rng, date, ctx.anchor.0.max(date), &colleague),
    };
    let content = Paragraphs {
        paragraphs: vec![notice.text],
        signature: vec![format!("{} {}", ctx.contact.first, ctx.contact.last)],
    };
    let body = Body::render(&content, None, None, date);
    let message_id = format!("<{}@{}>", rng.hex(20), ctx.contact.domain());
    EmailMessage {
        unread: Default::default(),
        subject: format!("{}: Re: {subject}", notice.subject_prefix),
        body: EmailBody { html: Some(body.html), text: Some(body.text) },
        from_: Some(ctx.contact.mailbox()),
        to: vec![ctx.bot.mailbox()],
        labels: vec![Value::from("INBOX")],
        message_id,
        thread_id: thread_id.to_string(),
        in_reply_to_message_id: ids.last().cloned(),
        references: (!ids.is_empty()).then(|| ids.join(" ")),
        date: Some(Timestamp(date)),
        ..EmailMessage::default()
    }
}

/// Fills `{first}`, `{company}`, `{sender}` and `{bot_first}` in a template.
fn fill(template: &str, ctx: &ChainContext) -> String {
    let bot_handle = ctx.bot.email.split(['.', '@']).next().unwrap_or_default();
    template
        .replace("{first}", &ctx.contact.first)
        .replace("{company}", &ctx.company)
        .replace("{sender}", &ctx.org_name)
        .replace("{bot_first}", bot_handle)
}

fn snippet(category: &str, ctx: &ChainContext, rng: &mut Rng) -> String {
    let choices = words().snippets(category);
    if choices.is_empty() {
        return String::new();
    }
    fill(rng.pick::<String>(choices), ctx)
}

fn body(
    step: Step,
    ctx: &ChainContext,
    rng: &mut Rng,
    previous: Option<&Body>,
    date: chrono::DateTime<chrono::Utc>,
    hostile: bool,
) -> Body {
    let greeting = format!("Hi {},", ctx.contact.first);
    let bot_signature = vec![
        format!("{} {}", ctx.bot.first, ctx.bot.last),
        format!("{} · {}", ctx.bot_title, ctx.org_name),
        format!("https://www.{}", ctx.org_domain),
    ];
    let contact_signature = vec![ctx.contact.first.clone(), ctx.company.clone()];
    let mut p = Paragraphs::default();
    match step {
        Step::Initial => {
            p.push(greeting);
            p.push(snippet("opener", ctx, rng));
            p.push(snippet("pitch", ctx, rng));
            p.push(snippet("cta", ctx, rng));
            p.signature = bot_signature;
        }
        Step::Followup => {
            p.push(greeting);
            p.push(snippet("followup", ctx, rng));
            p.signature = bot_signature;
        }
        Step::Answer(category) => {
            p.push(greeting);
            p.push(snippet(category, ctx, rng));
            p.signature = bot_signature;
        }
        Step::Reply(category) => {
            p.push(snippet(category, ctx, rng));
            if rng.percent(70) {
                p.signature = contact_signature;
            }
        }
        Step::Confirm => {
            p.push("Works for me — see you then!".into());
            p.signature = contact_signature;
        }
        // Written by `away_message`.
        Step::Away => {}
        Step::Bounce => {
            let code = match ctx.status {
                ExchangeStatus::FailedDelivery => "552 5.2.2 The recipient's mailbox is full.",
                _ => "550 5.1.1 The email account that you tried to reach does not exist.",
            };
            p.push("Address not found".into());
            p.push(format!(
                "Your message wasn't delivered to {} because the address couldn't be found, or is unable to receive mail.",
                ctx.contact.email
            ));
            p.push(format!("The response from the remote server was:\n{code}"));
        }
    }
    if hostile {
        p.push(rng.pick(hostile::BODY_LINES).to_string());
    }
    let unsubscribe = matches!(step, Step::Initial | Step::Followup | Step::Answer(_))
        .then(|| format!("https://unsub.{}/u/{}", ctx.org_domain, ctx.exchange_id));
    let quoted = previous.filter(|_| step != Step::Bounce).map(|prev| {
        let author = match step {
            Step::Reply(_) | Step::Confirm => &ctx.bot,
            _ => &ctx.contact,
        };
        let when = prev.date.format("%a, %-d %b %Y at %H:%M").to_string();
        (format!("On {when}, {} {} <{}> wrote:", author.first, author.last, author.email), prev)
    });
    Body::render(&p, unsubscribe.as_deref(), quoted, date)
}

fn cc(step: Step, ctx: &ChainContext, rng: &mut Rng) -> Vec<Value> {
    let colleague = |name: &str, local: &str| json!({"address": format!("{local}@{}", ctx.contact.domain()), "name": name});
    match step {
        Step::Reply("referral") => vec![colleague("Revenue Operations", "revops")],
        Step::Reply("positive") if rng.percent(50) => vec![colleague("Sales Team", "sales")],
        _ => Vec::new(),
    }
}

fn attachments(step: Step, ctx: &ChainContext, rng: &mut Rng, hostile: bool) -> Vec<Value> {
    let file = |name: &str, kind: &str, size: i64| json!({"filename": name, "content_type": kind, "size": size});
    if hostile {
        return vec![file(
            rng.pick::<&str>(hostile::FILENAMES),
            "application/octet-stream",
            48_213,
        )];
    }
    match step {
        Step::Initial if rng.percent(15) => vec![file(
            &format!("{}-overview.pdf", ctx.org_name),
            "application/pdf",
            rng.between(80_000, 900_000),
        )],
        Step::Reply(_) if rng.percent(10) => vec![file(
            "requirements.docx",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            rng.between(12_000, 90_000),
        )],
        _ => Vec::new(),
    }
}

fn labels(from_bot: bool, rng: &mut Rng) -> Vec<Value> {
    let mut labels = vec![Value::from(if from_bot { "SENT" } else { "INBOX" })];
    if !from_bot && rng.percent(30) {
        labels.push(Value::from("IMPORTANT"));
    }
    labels
}
