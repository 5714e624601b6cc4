//! `floorbook members …`: the club's member register on its own chain — add, rename, merge,
//! bar, lift, list, show. Birth dates and contacts are shown only with `show --private`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use chrono::{NaiveDate, Utc};
use clap::{Args, Subcommand};
use floorbook_ledger::report::members as report;
use floorbook_log::{Actor, Role};
use floorbook_members::MemberCommand;
use floorbook_store_embedded::OpenMode;
use serde_json::json;

use crate::backend::StoreArgs;

#[derive(Debug, Args)]
pub struct MembersArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    /// The projections database the register's rows are written to (default DATA/projections.sqlite).
    #[arg(long, global = true)]
    pub db: Option<PathBuf>,
    /// Who makes the change (recorded as the events' actor).
    #[arg(long, global = true, default_value = "office")]
    pub actor: String,
    /// Print JSON for scripts.
    #[arg(long, global = true)]
    pub json: bool,
    #[command(subcommand)]
    pub command: MembersCommand,
}

#[derive(Debug, Subcommand)]
pub enum MembersCommand {
    /// A new member: the club's card number (--id), or the next number the register gives.
    Add {
        /// The display name.
        #[arg(long)]
        name: String,
        /// The birth date, YYYY-MM-DD (for TR-0a; kept in the register only).
        #[arg(long)]
        born: NaiveDate,
        /// The club's card number (letters, digits, - and _; at most 32).
        #[arg(long)]
        id: Option<String>,
        /// How to reach the member (kept in the register only).
        #[arg(long)]
        contact: Option<String>,
    },
    /// Change the name on record, with the reason.
    Rename {
        /// The member.
        id: String,
        /// The new display name.
        #[arg(long)]
        name: String,
        /// Why: kept with the change.
        #[arg(long)]
        reason: String,
    },
    /// Fold one record into another (one person registered twice), with the reason.
    Merge {
        /// The record that goes.
        #[arg(long)]
        from: String,
        /// The record that stays.
        #[arg(long)]
        into: String,
        /// Why: kept with the merge and cited where results move.
        #[arg(long)]
        reason: String,
    },
    /// Bar a member (GCB-1 removals, TR-28 disqualifications can carry one).
    Bar {
        /// The member.
        id: String,
        /// Why: kept with the ban.
        #[arg(long)]
        reason: String,
        /// The rule behind it: GCB-1 or TR-28.
        #[arg(long)]
        rule: Option<String>,
        /// The ban's last day, YYYY-MM-DD (none: until lifted).
        #[arg(long)]
        until: Option<NaiveDate>,
    },
    /// Lift a ban, with the reason.
    Lift {
        /// The member.
        id: String,
        /// Why: kept with the lifting.
        #[arg(long)]
        reason: String,
    },
    /// Every member: ID, name, merges and bans.
    List,
    /// One member and the history of the record.
    Show {
        /// The member.
        id: String,
        /// Also the birth date and the contact (for the office only).
        #[arg(long)]
        private: bool,
    },
}

pub async fn run(args: &MembersArgs) -> anyhow::Result<ExitCode> {
    let writes = !matches!(
        args.command,
        MembersCommand::List | MembersCommand::Show { .. }
    );
    let mode = if writes {
        OpenMode::ReadWrite
    } else {
        OpenMode::ReadOnly
    };
    let store = args.store.open(mode).await?;
    let command = match &args.command {
        MembersCommand::Add {
            name,
            born,
            id,
            contact,
        } => Some(MemberCommand::Join {
            member: id.clone(),
            name: name.clone(),
            born: *born,
            contact: contact.clone(),
        }),
        MembersCommand::Rename { id, name, reason } => Some(MemberCommand::Rename {
            member: id.clone(),
            name: name.clone(),
            reason: reason.clone(),
        }),
        MembersCommand::Merge { from, into, reason } => Some(MemberCommand::Merge {
            from: from.clone(),
            into: into.clone(),
            reason: reason.clone(),
        }),
        MembersCommand::Bar {
            id,
            reason,
            rule,
            until,
        } => Some(MemberCommand::Bar {
            member: id.clone(),
            reason: reason.clone(),
            rule: rule.clone(),
            until: *until,
        }),
        MembersCommand::Lift { id, reason } => Some(MemberCommand::Lift {
            member: id.clone(),
            reason: reason.clone(),
        }),
        MembersCommand::List | MembersCommand::Show { .. } => None,
    };
    if let Some(command) = command {
        let actor = Actor::new(args.actor.clone(), Role::Floor)
            .with_context(|| format!("--actor {:?}", args.actor))?;
        let events = floorbook_ledger::members::record(&store, &command, actor, Utc::now()).await?;
        let register = floorbook_ledger::members::register(&store).await?;
        let mut projector = args.store.projections(&args.db)?;
        floorbook_ledger::members::project(&mut projector, &register)?;
        super::emit(&report::recorded(&events, args.json))?;
        return Ok(ExitCode::SUCCESS);
    }
    let register = floorbook_ledger::members::register(&store).await?;
    let out = match &args.command {
        MembersCommand::Show { id, private } => {
            let m = register
                .members()
                .find(|m| &m.id == id)
                .with_context(|| format!("there is no member {id}"))?;
            let mut v = serde_json::to_value(m)?;
            if *private {
                v["born"] = json!(m.born);
                v["contact"] = json!(m.contact);
            }
            if args.json {
                serde_json::to_string_pretty(&v)? + "\n"
            } else {
                report::member(m, *private)
            }
        }
        _ if args.json => {
            serde_json::to_string_pretty(&register.members().collect::<Vec<_>>())? + "\n"
        }
        _ => report::list(&register),
    };
    super::emit(&out)?;
    Ok(ExitCode::SUCCESS)
}
