//! The contact form: a contact for the organisation, or into a campaign with a bot and what
//! happens next.

use crate::api::FieldError;
use crate::tui::form::field::{Choice, Field};

/// What follows an upload into a campaign (endpoint 4 with `notify`, or endpoint 3 with
/// `start_immediately`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outreach {
    Notify,
    Silent,
    StartLater,
    StartNow,
}

impl Outreach {
    pub(crate) const ALL: [Outreach; 4] =
        [Outreach::Notify, Outreach::Silent, Outreach::StartLater, Outreach::StartNow];

    pub(crate) fn label(self) -> &'static str {
        match self {
            Outreach::Notify => "upload, notify the campaign's users",
            Outreach::Silent => "upload without notifying",
            Outreach::StartLater => "upload and start at a suitable time",
            Outreach::StartNow => "upload and start right away",
        }
    }
}

/// The fields of a contact, as the API names them, and for an upload into a campaign its
/// bot and what follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactFields {
    pub email: Field,
    pub first_name: Field,
    pub last_name: Field,
    pub city: Field,
    pub country: Field,
    pub tags: Field,
    pub custom_data: Field,
    pub upload: Option<UploadFields>,
    /// Over a group, whose contact it is: the group's organisations, the one chosen sends
    /// it with its own key.
    pub org: Option<Choice<crate::tui::group::OrgId>>,
}

/// What an upload into a campaign adds to the contact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UploadFields {
    pub campaign: i64,
    /// `None` lets the service choose.
    pub bot: Choice<Option<i64>>,
    pub outreach: Choice<Outreach>,
}

impl UploadFields {
    /// `bots` are the loaded ones (id and shown name).
    pub(crate) fn new(
        campaign: i64,
        bots: impl IntoIterator<Item = (i64, String)>,
        bot: Option<i64>,
        outreach: Outreach,
    ) -> Self {
        let option = |o: Outreach| (o, o.label().to_string());
        UploadFields {
            campaign,
            bot: Choice::new(
                "Bot",
                (None, "let the system choose".to_string()),
                bots.into_iter().map(|(id, label)| (Some(id), label)),
                &bot,
            ),
            outreach: Choice::new(
                "Then",
                option(Outreach::ALL[0]),
                Outreach::ALL[1..].iter().map(|&o| option(o)),
                &outreach,
            ),
        }
    }
}

impl ContactFields {
    pub(crate) fn new(email: &str, upload: Option<UploadFields>) -> Self {
        let optional = "optional, 1 to 63 characters";
        ContactFields {
            email: Field::text("E-mail", email, "required, e.g. ann@example.com"),
            first_name: Field::text("First name", "", optional),
            last_name: Field::text("Last name", "", optional),
            city: Field::text("City", "", optional),
            country: Field::text("Country", "", optional),
            tags: Field::tags("Tags", "", "comma-separated, e.g. vip, q3 (at most 16)"),
            custom_data: Field::lines("Custom data", "", "key = value per line, or a JSON object"),
            upload,
            org: None,
        }
    }

    /// Offers `orgs` (each with its label), `chosen` picked: the contact goes to the one
    /// chosen.
    pub(crate) fn choose_org(
        &mut self,
        orgs: impl IntoIterator<Item = (crate::tui::group::OrgId, String)>,
        chosen: &crate::tui::group::OrgId,
    ) {
        let mut orgs = orgs.into_iter();
        if let Some(first) = orgs.next() {
            self.org = Some(Choice::new("Organisation", first, orgs, chosen));
        }
    }

    pub(crate) fn fields(&self) -> Vec<&Field> {
        let mut fields = vec![
            &self.email,
            &self.first_name,
            &self.last_name,
            &self.city,
            &self.country,
            &self.tags,
            &self.custom_data,
        ];
        if let Some(upload) = &self.upload {
            fields.extend([&upload.bot.field, &upload.outreach.field]);
        }
        fields.extend(self.org.as_ref().map(|org| &org.field));
        fields
    }

    pub(crate) fn fields_mut(&mut self) -> Vec<&mut Field> {
        let mut fields = vec![
            &mut self.email,
            &mut self.first_name,
            &mut self.last_name,
            &mut self.city,
            &mut self.country,
            &mut self.tags,
            &mut self.custom_data,
        ];
        if let Some(upload) = &mut self.upload {
            fields.extend([&mut upload.bot.field, &mut upload.outreach.field]);
        }
        fields.extend(self.org.as_mut().map(|org| &mut org.field));
        fields
    }
}

impl ContactFields {
    /// A body field by its API name (`tags.3` is a tag); of the query, the bot or the choice
    /// of what follows.
    pub(crate) fn field_for(&mut self, problem: &FieldError) -> Option<&mut Field> {
        Some(match (problem.source.as_str(), problem.top_field()) {
            ("query", "bot_id") => &mut self.upload.as_mut()?.bot.field,
            ("query", "notify" | "start_immediately") => &mut self.upload.as_mut()?.outreach.field,
            ("query" | "path", _) => return None,
            (_, "email") => &mut self.email,
            (_, "first_name") => &mut self.first_name,
            (_, "last_name") => &mut self.last_name,
            (_, "city") => &mut self.city,
            (_, "country") => &mut self.country,
            (_, "tags") => &mut self.tags,
            (_, "custom_data") => &mut self.custom_data,
            _ => return None,
        })
    }
}
