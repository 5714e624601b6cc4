//! `floorbook deploy`: files for a deployment, written from what this build ships.

use std::process::ExitCode;

use clap::{Args, Subcommand};
use floorbook_service::auth::{AUTH_CONF, with_table_dealers};

#[derive(Debug, Args)]
pub struct DeployArgs {
    #[command(subcommand)]
    what: DeployCommand,
}

#[derive(Debug, Subcommand)]
enum DeployCommand {
    /// Print the NATS users file (`deploy/nats/auth.conf`): one user per role, or with
    /// `--dealer-tables N` one dealer user per table, each allowed only its own table's
    /// subject (passwords from FLOORBOOK_DEALER_T1_PASS ... FLOORBOOK_DEALER_TN_PASS).
    Auth {
        /// One dealer user per table for this many tables.
        #[arg(long)]
        dealer_tables: Option<u32>,
    },
}

pub fn run(args: &DeployArgs) -> anyhow::Result<ExitCode> {
    match &args.what {
        DeployCommand::Auth { dealer_tables } => {
            let text = match dealer_tables {
                None => AUTH_CONF.to_string(),
                Some(n) => with_table_dealers(AUTH_CONF, *n)?,
            };
            print!("{text}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
