//! `outreach completions SHELL`: a completion script on stdout.

use crate::cli::exit::{CliError, Exit};
use crate::cli::output::streams::write_stdout;
use clap::Args;
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

/// Writes the script for `command`, the whole command tree (handed in by the dispatcher,
/// which owns the tree: a command that imported it would import itself).
pub fn run(args: CompletionsArgs, mut command: clap::Command) -> Result<Exit, CliError> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "outreach", &mut script);
    write_stdout(&String::from_utf8_lossy(&script))?;
    Ok(Exit::Ok)
}
