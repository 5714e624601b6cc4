//! Which decisions name cards kept secret while their hand is played, and the hand that
//! keeps them: the writer stores such a command's record sealed until that hand is over
//! (`floorbook_log::secret`).

use floorbook_cash::{CashEvent, CashRoom};
use floorbook_tournament::engine::{Tournament, TournamentEvent};

/// A hand at a table: what releases the cards sealed while it is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HandAt {
    pub table: u32,
    pub hand: u64,
}

impl HandAt {
    /// The `until` of a sealed payload: `table 3 hand 17`.
    pub fn until(&self) -> String {
        format!("table {} hand {}", self.table, self.hand)
    }

    /// Reads an `until` back.
    pub fn parse(until: &str) -> Option<HandAt> {
        let mut w = until.split(' ');
        match (w.next(), w.next(), w.next(), w.next(), w.next()) {
            (Some("table"), Some(t), Some("hand"), Some(h), None) => Some(HandAt {
                table: t.parse().ok()?,
                hand: h.parse().ok()?,
            }),
            _ => None,
        }
    }

    /// Whether the hand is still played in `t`.
    pub fn in_play(&self, t: &Tournament) -> bool {
        t.tables
            .iter()
            .find(|ts| ts.table.no.0 == self.table)
            .and_then(|ts| ts.hand.as_ref())
            .is_some_and(|(no, _, _)| *no == self.hand)
    }

    /// Whether the hand is still played in the cash room.
    pub fn in_play_cash(&self, room: &CashRoom) -> bool {
        room.hand(self.table).is_some_and(|r| r.no == self.hand)
    }
}

/// The hand whose hidden cards these decisions name, if any.
pub fn hidden_in(events: &[TournamentEvent]) -> Option<HandAt> {
    events.iter().find_map(|e| match e {
        TournamentEvent::InHand { table, hand, event } if event.names_hidden_cards() => {
            Some(HandAt {
                table: table.0,
                hand: *hand,
            })
        }
        _ => None,
    })
}

/// [`hidden_in`] for a cash room's decisions.
pub fn hidden_in_cash(events: &[CashEvent]) -> Option<HandAt> {
    events.iter().find_map(|e| match e {
        CashEvent::InHand { table, hand, event } if event.names_hidden_cards() => Some(HandAt {
            table: *table,
            hand: *hand,
        }),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_until_reads_back() {
        let h = HandAt { table: 3, hand: 17 };
        assert_eq!(HandAt::parse(&h.until()), Some(h));
        assert_eq!(HandAt::parse("table 3 hand"), None);
        assert_eq!(HandAt::parse("table x hand 1"), None);
    }
}
