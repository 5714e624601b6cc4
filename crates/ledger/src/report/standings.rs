//! A tournament's standings (`floorbook standings`): every player's place, chips, status and
//! prize, as a table, CSV or JSON.

use std::collections::BTreeMap;

use floorbook_log::{ChainId, EventStore};
use floorbook_projections::Projector;
use serde_json::{Value, json};

use super::{ReportError, line, player_name};

/// One player's standing.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub place: Option<i64>,
    pub player: i64,
    /// The member register's name where he is a member (merges followed), else his own.
    pub name: String,
    pub chips: i64,
    /// `playing`, `winner` or `out`.
    pub status: String,
    /// The hand that eliminated him.
    pub busted_in_hand: Option<i64>,
    /// His prize in cents: the payout in force (NOB-16), a deal's figure or what was paid.
    pub prize_cents: Option<u64>,
}

/// The standings of `chain`, the players still in first: `projector` must be caught up.
pub async fn rows<S: EventStore>(
    store: &S,
    projector: &Projector,
    chain: &ChainId,
) -> Result<Vec<Row>, ReportError> {
    let prizes: BTreeMap<u32, u64> =
        crate::ots::prizes(&crate::ots::at_end(projector, store, chain).await?);
    let conn = projector.connection();
    let mut stmt = conn.prepare(
        "SELECT place, player, COALESCE(m.name, p.name), stack, status, busted_in_hand
         FROM players p
         LEFT JOIN members m0 ON m0.member = p.member
         LEFT JOIN members m ON m.member = COALESCE(m0.merged_into, m0.member)
         WHERE chain = ?1 AND status IN ('playing', 'winner', 'out')
         ORDER BY place IS NULL DESC, stack DESC, place ASC",
    )?;
    let rows = stmt
        .query_map([chain.as_str()], |r| {
            let player: i64 = r.get(1)?;
            Ok(Row {
                place: r.get(0)?,
                player,
                name: r.get(2)?,
                chips: r.get(3)?,
                status: r.get(4)?,
                busted_in_hand: r.get(5)?,
                prize_cents: u32::try_from(player)
                    .ok()
                    .and_then(|p| prizes.get(&p).copied()),
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

fn euros(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// The standings as a floor person reads them.
pub fn text(chain: &ChainId, rows: &[Row]) -> String {
    let mut out = String::new();
    line!(out, "standings of {chain}");
    for r in rows {
        let detail = match (r.status.as_str(), r.busted_in_hand) {
            ("out", Some(h)) if h > 0 => format!("out in hand {h}"),
            ("out", _) => "out".to_string(),
            _ => format!("{} chips", r.chips),
        };
        let won = r
            .prize_cents
            .map(|p| format!(", wins {}", euros(p)))
            .unwrap_or_default();
        let place = r.place.map_or("  -".to_string(), |p| format!("{p:>3}"));
        let who = player_name(
            r.player,
            &std::collections::HashMap::from([(r.player, r.name.clone())]),
        );
        line!(out, "  {place}. {who}: {detail}{won}");
    }
    out
}

/// The standings as CSV for a spreadsheet.
pub fn csv(rows: &[Row]) -> String {
    let mut out = String::new();
    line!(
        out,
        "place,player,name,chips,status,eliminated_in_hand,prize"
    );
    let text = |v: Option<String>| v.unwrap_or_default();
    for r in rows {
        line!(
            out,
            "{},{},{},{},{},{},{}",
            text(r.place.map(|p| p.to_string())),
            r.player,
            csv_field(&r.name),
            r.chips,
            r.status,
            text(r.busted_in_hand.map(|h| h.to_string())),
            text(r.prize_cents.map(euros))
        );
    }
    out
}

/// The standings as JSON for scripts.
pub fn json(chain: &ChainId, rows: &[Row]) -> Value {
    let list: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({"place": r.place, "player": r.player, "name": r.name, "chips": r.chips,
            "status": r.status, "eliminated_in_hand": r.busted_in_hand,
            "prize": r.prize_cents.map(euros)})
        })
        .collect();
    json!({"chain": chain.as_str(), "standings": list})
}

/// A CSV field, quoted where it holds a comma, a quote or a line break.
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
