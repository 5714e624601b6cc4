//! Who may send what. A dealer runs the hands at the dealer's own table; the floor handles
//! irregularity remedies, warnings and penalties, player moves and rulings (and may act at any
//! table when a terminal fails); the director sets up and starts the tournament and overrides
//! decisions, and may do all the floor may. Auditors only read (queries).

use crate::subjects::Channel;
use crate::wire::WireCommand;

/// The least role a command needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Needs {
    /// The dealer of the command's table (or the floor, or the director).
    Dealer,
    /// The floor or the director.
    Floor,
    /// The director only.
    Director,
}

impl Needs {
    pub fn describe(self) -> &'static str {
        match self {
            Needs::Dealer => "the dealer of its table, the floor or the director",
            Needs::Floor => "the floor or the director",
            Needs::Director => "the director",
        }
    }
}

/// What `command` needs: its declared role, or the director's when the field that raises it
/// is given (`commands.rs`).
pub fn needs(command: &WireCommand) -> Needs {
    command.needs()
}

/// Why `channel` may not send `command`; None when it may.
pub fn refusal(channel: Channel, command: &WireCommand) -> Option<String> {
    let need = needs(command);
    let ok = match channel {
        Channel::Director => true,
        Channel::Floor => need <= Needs::Floor,
        Channel::Dealer { table } => need == Needs::Dealer && command.table() == Some(table),
    };
    if ok {
        return None;
    }
    let sender = match channel {
        Channel::Dealer { table } => format!("the dealer of table {table}"),
        Channel::Floor => "the floor".into(),
        Channel::Director => "the director".into(),
    };
    let what = match command.table() {
        Some(t) => format!("{} at table {t}", command.name()),
        None => command.name().to_string(),
    };
    Some(format!(
        "{sender} may not send {what}: it needs {}",
        need.describe()
    ))
}

/// [`refusal`] as data, for a terminal that words it in its own language: `code` `role`,
/// `args` the sender (`dealer`, `floor`), his table, the command, the table it acts at
/// (`none` without) and the least role it needs. Read from the request as the chain records a
/// refusal (`command`, `table`, and the field that raises it to the director), so that the
/// reply recalled from the chain after a takeover is the first reply.
pub fn refusal_reason(channel: Channel, recorded: &serde_json::Value) -> serde_json::Value {
    let (sender, table) = match channel {
        Channel::Dealer { table } => ("dealer", Some(table)),
        Channel::Floor => ("floor", None),
        Channel::Director => ("director", None),
    };
    let name = recorded["command"].as_str().unwrap_or_default();
    let declared = crate::commands::Declaration::named(name);
    let raised = declared
        .and_then(|d| d.raised_by)
        .is_some_and(|f| recorded.get(f).is_some_and(|v| !v.is_null()));
    let needs = match declared.map(|d| d.role) {
        _ if raised => "director",
        Some(Needs::Dealer) => "dealer",
        Some(Needs::Floor) => "floor",
        Some(Needs::Director) | None => "director",
    };
    let at = declared
        .filter(|d| d.at_table)
        .and_then(|_| recorded["table"].as_u64())
        .map_or_else(|| "none".to_string(), |t| t.to_string());
    serde_json::json!({
        "code": "role",
        "args": {
            "sender": sender,
            "table": table,
            "command": name,
            "at": at,
            "needs": needs,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::WireOffence;

    #[test]
    fn a_dealer_acts_only_at_the_dealer_s_table() {
        let fold = |table| WireCommand::Fold { table, pos: 0 };
        let d3 = Channel::Dealer { table: 3 };
        assert_eq!(refusal(d3, &fold(3)), None);
        let r = refusal(d3, &fold(4)).expect("refused");
        assert!(r.contains("table 4"), "{r}");
        assert_eq!(refusal(Channel::Floor, &fold(4)), None);
    }

    #[test]
    fn sanctions_need_the_floor_and_overrides_the_director() {
        let warn = WireCommand::Sanction {
            player: 1,
            offence: WireOffence::Etiquette,
            chips: None,
            at: None,
        };
        assert!(refusal(Channel::Dealer { table: 1 }, &warn).is_some());
        assert_eq!(refusal(Channel::Floor, &warn), None);
        let ruling = |overrides| WireCommand::FloorRuling {
            player: None,
            ruling: "r".into(),
            rule: "TR-26".into(),
            overrides,
        };
        assert_eq!(refusal(Channel::Floor, &ruling(None)), None);
        let r = refusal(Channel::Floor, &ruling(Some(12))).expect("refused");
        assert!(r.contains("the director"), "{r}");
        assert_eq!(refusal(Channel::Director, &ruling(Some(12))), None);
        let start = WireCommand::Start {
            draw: vec![],
            button_seats: None,
            at: None,
            tables: None,
        };
        assert!(refusal(Channel::Floor, &start).is_some());
    }
}
