//! The write operations: what `update` asks the loop to send ([`WriteRequest`]), what came back
//! ([`Written`]), and how the loop sends it with the real client ([`perform`]).

use crate::api::{
    AddContactOutcome, ApiError, CampaignStatus, Client, ContactUpload, ConversionOutcome,
    MAX_DNC_BATCH, ServerMessage, SubmitConversion,
};

/// One write, with everything it sends.
#[derive(Debug, Clone, PartialEq)]
pub enum WriteRequest {
    /// Endpoint 13.
    StartCampaign { campaign_id: i64 },
    /// Endpoint 5.
    AddContact(ContactUpload),
    /// Endpoint 4; `bot_id` `None` lets the service choose.
    UploadContact { campaign_id: i64, contact: ContactUpload, bot_id: Option<i64>, notify: bool },
    /// Endpoint 3. `campaign_was`: the campaign's status as the confirmation showed it (a
    /// PENDING one is started whole), for the audit log.
    UploadAndStart {
        campaign_id: i64,
        contact: ContactUpload,
        bot_id: Option<i64>,
        start_immediately: bool,
        campaign_was: Option<CampaignStatus>,
    },
    /// Endpoint 6, in requests of at most [`MAX_DNC_BATCH`].
    DncEmails(Vec<String>),
    /// Endpoint 1, in requests of at most [`MAX_DNC_BATCH`], with progress.
    DncDomains(Vec<String>),
    /// Endpoint 2.
    Conversion(SubmitConversion),
}

impl WriteRequest {
    /// How many requests the write takes.
    pub(crate) fn requests(&self) -> usize {
        match self {
            WriteRequest::DncEmails(items) | WriteRequest::DncDomains(items) => {
                items.len().div_ceil(MAX_DNC_BATCH).max(1)
            }
            _ => 1,
        }
    }

    /// The contact a write is about, if any (its e-mail address).
    pub(crate) fn contact_email(&self) -> Option<&str> {
        match self {
            WriteRequest::AddContact(contact)
            | WriteRequest::UploadContact { contact, .. }
            | WriteRequest::UploadAndStart { contact, .. } => Some(&contact.email),
            WriteRequest::Conversion(conversion) => Some(&conversion.email),
            _ => None,
        }
    }
}

/// A successful answer to a [`WriteRequest`].
#[derive(Debug, Clone, PartialEq)]
pub enum Written {
    Started(ServerMessage),
    /// Endpoint 5: added, or already there (either way the server answers a duplicate).
    ContactAdded(AddContactOutcome),
    /// Endpoints 3 and 4: the new contact's id.
    Uploaded {
        id: i64,
    },
    /// Endpoints 6 and 1: one message per request.
    Dnc(Vec<ServerMessage>),
    Conversion(ConversionOutcome),
}

/// Sends a write. `progress(sent, total)` follows a chunked DNC list request by request.
pub async fn perform(
    client: &Client,
    write: WriteRequest,
    progress: impl FnMut(usize, usize),
) -> Result<Written, ApiError> {
    Ok(match write {
        WriteRequest::StartCampaign { campaign_id } => {
            Written::Started(client.start_campaign(campaign_id).await?)
        }
        WriteRequest::AddContact(contact) => {
            Written::ContactAdded(client.add_contact(&contact).await?)
        }
        WriteRequest::UploadContact { campaign_id, contact, bot_id, notify } => {
            let item = client.upload_contact(campaign_id, &contact, bot_id, notify).await?;
            Written::Uploaded { id: item.id }
        }
        WriteRequest::UploadAndStart {
            campaign_id,
            contact,
            bot_id,
            start_immediately,
            campaign_was,
        } => {
            let item = client
                .upload_and_start_from(
                    campaign_id,
                    &contact,
                    bot_id,
                    start_immediately,
                    campaign_was,
                )
                .await?;
            Written::Uploaded { id: item.id }
        }
        WriteRequest::DncEmails(emails) => {
            Written::Dnc(client.add_dnc_emails_chunked(&emails, progress).await?)
        }
        WriteRequest::DncDomains(domains) => {
            Written::Dnc(client.add_dnc_domains_chunked(&domains, progress).await?)
        }
        WriteRequest::Conversion(conversion) => {
            Written::Conversion(client.log_conversion(&conversion).await?)
        }
    })
}
