//! `outreach conversions log`: report a sign-up, purchase or other conversion of a contact.

use crate::api::{ConversionOutcome, SubmitConversion, rules};
use crate::cli::args::GlobalArgs;
use crate::cli::args::{DataArgs, invalid_fields};
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::streams::{note, write_stdout};
use crate::text::sanitize;
use clap::{Args, Subcommand};

#[derive(Debug, Clone, Subcommand)]
pub enum ConversionsCommand {
    /// Log a conversion about a contact.
    #[command(after_help = "\
Examples:
  outreach conversions log --email ann@example.com --type signup
  outreach conversions log --email ann@example.com --type purchase --data plan=pro --data seats=12
  outreach conversions log --email ann@example.com --data-json '{\"amount\": 99.5, \"currency\": \"EUR\"}'

Prints `logged`, or `not-a-contact` when the address is no contact of this organisation
(the service then logs nothing; the exit code is still 0).")]
    Log(LogArgs),
}

#[derive(Debug, Clone, Args)]
pub struct LogArgs {
    /// The contact's e-mail address.
    #[arg(long)]
    pub email: String,
    /// A short label such as signup or purchase (at most 63 characters).
    #[arg(long = "type", value_name = "TYPE")]
    pub conversion_type: Option<String>,
    #[command(flatten)]
    pub data: DataArgs,
}

pub async fn run(global: &GlobalArgs, command: ConversionsCommand) -> Result<Exit, CliError> {
    let ConversionsCommand::Log(args) = command;
    let conversion = SubmitConversion {
        email: args.email.trim().to_string(),
        conversion_type: args.conversion_type,
        conversion_data: args.data.object(),
    };
    let problems = rules::check_conversion(&conversion);
    if !problems.is_empty() {
        return Err(invalid_fields("The conversion is not valid", &problems));
    }
    let context = Context::connect_for_write(global, "log a conversion").await?;
    let email = sanitize(&conversion.email);
    match context.client.log_conversion(&conversion).await? {
        ConversionOutcome::Logged => {
            note(&format!(
                "Conversion of {email} accepted; the service logs it in the background."
            ));
            write_stdout("logged\n")?;
        }
        ConversionOutcome::NotAContact => {
            note(&format!("{email} is not a contact of this organisation: nothing was logged."));
            write_stdout("not-a-contact\n")?;
        }
    }
    Ok(Exit::Ok)
}
