//! `outreach completions SHELL`: a completion script on stdout.

use super::exit::{CliError, Exit};
use super::output::write_stdout;
use clap::{Args, CommandFactory};
use clap_complete::Shell;

#[derive(Debug, Clone, Args)]
#[command(after_help = "\
Examples:
  outreach completions bash > ~/.local/share/bash-completion/completions/outreach
  outreach completions zsh > \"${fpath[1]}/_outreach\"
  outreach completions fish > ~/.config/fish/completions/outreach.fish")]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

pub fn run(args: CompletionsArgs) -> Result<Exit, CliError> {
    let mut command = super::Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "outreach", &mut script);
    write_stdout(&String::from_utf8_lossy(&script))?;
    Ok(Exit::Ok)
}
