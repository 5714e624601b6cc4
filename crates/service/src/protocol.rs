//! The protocol document: an AsyncAPI 3.0 description of the service's NATS subjects, derived
//! from the command declarations ([`crate::commands::COMMANDS`]) and the wire types' JSON
//! Schemas (`schemas/request.schema.json`, `reply.schema.json`, `envelope.schema.json`,
//! `checkpoint.schema.json`, which it references beside itself). `schemas/asyncapi.json` is
//! this document; a test keeps it current and validates it against AsyncAPI's own schema.

use serde_json::{Map, Value, json};

use crate::commands::{COMMANDS, Declaration, Game};
use crate::roles::Needs;
use crate::wire_words::command_schema;

/// What every terminal needs to know beyond the subjects and payloads.
const CONVENTIONS: &str = r#"Floorbook records every dealer and floor action at a poker tournament or cash room as an
event in a hash chain. Terminals (a dealer's tablet, the floor's desk, a third-party app) send
commands to the floor service over NATS request/reply and read its answers; the service
decides each command by the rules and appends what it decided.

## Subjects and roles
A command goes to the subject of the sender's role: `floorbook.cmd.{chain}.dealer.{table}` for
the dealer of one table, `floorbook.cmd.{chain}.floor` and `floorbook.cmd.{chain}.director`.
The NATS server's permissions (one user per role, `deploy/nats/auth.conf`) decide who may
publish where; the service holds each command to its role again: a dealer sends only the
commands marked for a dealer, and only for his own table (`table`). A command a role may not
send is refused (`forbidden`) and the refusal is recorded in the chain. Each message below
names the least role (`x-floorbook-role`), the games it serves (`x-floorbook-game`:
tournament, cash, both) and the rules it cites (`x-floorbook-rules`, IDs of `RULES.md`).
Replies come to the request's NATS reply subject (`_INBOX.<user>.…`: each user reads only its
own inbox).

Queries (`floorbook.q.{chain}.…`) read without writing: `head`, `state`, `clock`, `seating`,
`table.{table}`. Their replies carry `chain`, `writer`, `seq` and `hash` (the head they were
read at) and the view asked for.

## A request
`actor`: who acts (a name or badge, 1 to 64 printable characters), recorded with every event.
`command` and the command's fields (below). Optional:
- `id` (1 to 128 characters): idempotency. The same id with the same body gets the first
  reply again, accepted or refused, also after a restart or from a service instance that took
  the chain over (answers are kept beside the chain); the same id with another body, or from
  another role, is refused `id_reused` (naming the first request's command) and decides
  nothing.
- `after`: decide only if the chain's head is this sequence (0: empty chain); else a
  `conflict` naming the head.
- `seen`: the table's `mark` as the terminal showed it (from the `table.{table}` query); when
  the table has moved on since (a second tap, a stale screen), a `conflict`: "the table moved
  on", and nothing is written.

## A reply
`ok`; for an accepted command `first_seq` and `seq` (the chain's head after it), `hash` and
`events` (the event types it caused, in order); for a refusal `error` with `kind`, `message`
(naming the rule and the allowed range) and, where the rules decided, `rules` (ID and text) and
`legal` (what the player to act may do), and `reason`, the refusal as data (`code`, `args`) for
a terminal that words it in its own language. Error kinds: `malformed` (not a request of this
shape, or a value out of range), `too_large`, `unknown_subject`, `forbidden` (the role may not;
recorded), `rejected` (the rules do not allow it now; nothing written), `conflict` (`after`
or `seen` do not match; nothing written), `id_reused` (the `id` was given to another request;
nothing decided), `no_chain`, `unavailable` (the store did not take the append; retry with the
same `id`).

## Conventions
- Tables are numbered from 1; seats from 1 as on the felt.
- A hand's players are addressed by position `pos`: 0 is the first seat left of the button
  (the small blind), the button is the last position; heads-up, position 0 is the big blind
  and the button is position 1 (TR-25). The `table.{table}` query maps positions to seats and
  players.
- Cards are two characters: rank `2`-`9`, `T` (or `10`), `J`, `Q`, `K`, `A`, then suit `c`,
  `d`, `h`, `s` (`"As"`, `"Td"`). A hole card not seen is `null`.
- Chips are whole numbers. `bet_or_raise_to`'s `to` is the player's total for the street.
  Money (buy-ins) is a decimal string (`"15.00"`).
- The seat draw (`start`'s `draw`) lists, for each registered player in registration order,
  the seat card he drew (0-based: card k is the k-th seat of the draw). The button draw
  (`place_button`'s `draw`) is one card per seat; the high card takes the button (TR-2).
- Time: a command is decided at the moment the service takes it in. `at` (seconds into the
  tournament) is for imported commands only; time never runs backwards.
- A hand's entries are numbered from 1 in the order entered (`correct_entry`'s `entry`).
- Phases: each command names when it is decided (`x-floorbook-when`): `unopened` (before
  `open`), `registering` (a tournament opened, not started), `playing` (play runs; for a
  command at a table, that table between hands), `in_hand` (a hand in play at the command's
  table), `finished` (the tournament is over). Outside them it is refused.
"#;

/// The AsyncAPI 3.0 document.
pub fn asyncapi() -> Value {
    let mut messages = Map::new();
    for d in COMMANDS {
        messages.insert(d.name.to_string(), message(d));
    }
    messages.insert(
        "reply".into(),
        schema_message(
            "reply",
            "The service's answer to a command",
            "reply.schema.json",
        ),
    );
    messages.insert("query".into(), query_message());
    messages.insert("queryReply".into(), query_reply_message());
    messages.insert(
        "event".into(),
        schema_message(
            "event",
            "One sealed event of the chain",
            "envelope.schema.json",
        ),
    );
    messages.insert(
        "checkpoint".into(),
        schema_message(
            "checkpoint",
            "A signed checkpoint of the chain",
            "checkpoint.schema.json",
        ),
    );

    let chain = json!({"description": "The chain: a tournament's or a cash room's day (letters, digits, `-` and `_`, 1 to 64).", "examples": ["spring-open"]});
    let table = json!({"description": "The table, from 1.", "examples": ["3"]});
    let mut channels = Map::new();
    for (key, address, role, description) in [
        (
            "dealerCommands",
            "floorbook.cmd.{chain}.dealer.{table}",
            Needs::Dealer,
            "The commands of the dealer of one table.",
        ),
        (
            "floorCommands",
            "floorbook.cmd.{chain}.floor",
            Needs::Floor,
            "The floor's commands (and every dealer's, at any table).",
        ),
        (
            "directorCommands",
            "floorbook.cmd.{chain}.director",
            Needs::Director,
            "The tournament director's (or cash room manager's) commands: all of them.",
        ),
    ] {
        let mut refs = Map::new();
        for d in COMMANDS.iter().filter(|d| allows(role, d.role)) {
            refs.insert(
                d.name.to_string(),
                json!({"$ref": format!("#/components/messages/{}", d.name)}),
            );
        }
        let mut parameters = Map::new();
        parameters.insert("chain".into(), chain.clone());
        if role == Needs::Dealer {
            parameters.insert("table".into(), table.clone());
        }
        channels.insert(
            key.into(),
            json!({
                "address": address,
                "description": description,
                "parameters": parameters,
                "messages": refs,
            }),
        );
    }
    channels.insert(
        "replies".into(),
        json!({
            "address": null,
            "description": "The request's NATS reply subject (an inbox of the sender's user).",
            "messages": {"reply": {"$ref": "#/components/messages/reply"}, "queryReply": {"$ref": "#/components/messages/queryReply"}},
        }),
    );
    for (key, address, description) in [
        (
            "queryHead",
            "floorbook.q.{chain}.head",
            "The chain's head: sequence and hash.",
        ),
        (
            "queryState",
            "floorbook.q.{chain}.state",
            "Every table, the hand in progress, who acts and what is legal (a cash room: its tables, lists and who is called).",
        ),
        (
            "queryClock",
            "floorbook.q.{chain}.clock",
            "The clock (TR-5): `clock.level` (from 1), `seconds_left`, `blinds` and `next_level` as the profiles write a level (`[small, big]`, then the ante; in stud `[small bet, big bet, ante, bring-in]`), `next_break`, `players_left` of `entrants`, `average_stack`, `chips_in_play`, `prize_pool_cents` (the buy-ins less the house's fees, `fees_cents`, plus the overlay its guarantee adds, `overlay_cents`) and `prizes_cents` (first place first).",
        ),
        (
            "querySeating",
            "floorbook.q.{chain}.seating",
            "Tables, seats, stacks, who is away or penalised, held tables, the break pending and the moves due (TR-17).",
        ),
        (
            "queryTable",
            "floorbook.q.{chain}.table.{table}",
            "One table as its dealer's terminal needs it, with its `mark` (sent back as `seen`): `table.seats` (seat, player, name, stack) and `table.hand`, none between hands: `to_act` (`pos`, `player`) and `legal` while someone is to act, else `board_due` (board cards to deal) or `shows_next` (the position to show or muck); `board`, `stacks`, `bets` and `pots` by position.",
        ),
    ] {
        let mut parameters = Map::new();
        parameters.insert("chain".into(), chain.clone());
        if address.ends_with("{table}") {
            parameters.insert("table".into(), table.clone());
        }
        channels.insert(
            key.into(),
            json!({
                "address": address,
                "description": description,
                "parameters": parameters,
                "messages": {"query": {"$ref": "#/components/messages/query"}},
            }),
        );
    }
    channels.insert(
        "chainEvents".into(),
        json!({
            "address": "floorbook.chain.{chain}",
            "description": "The chain itself, in the JetStream stream FLOORBOOK: written by the service alone, read by auditors and replicas. Each message is one sealed event.",
            "parameters": {"chain": chain},
            "messages": {"event": {"$ref": "#/components/messages/event"}},
        }),
    );
    channels.insert(
        "checkpoints".into(),
        json!({
            "address": "floorbook.checkpoint.{chain}",
            "description": "The chain's signed checkpoints (Ed25519 over the head).",
            "parameters": {"chain": {"description": "The chain."}},
            "messages": {"checkpoint": {"$ref": "#/components/messages/checkpoint"}},
        }),
    );

    let mut operations = Map::new();
    for (key, channel, role) in [
        ("sendDealerCommand", "dealerCommands", Needs::Dealer),
        ("sendFloorCommand", "floorCommands", Needs::Floor),
        ("sendDirectorCommand", "directorCommands", Needs::Director),
    ] {
        let refs: Vec<Value> = COMMANDS
            .iter()
            .filter(|d| allows(role, d.role))
            .map(|d| json!({"$ref": format!("#/channels/{channel}/messages/{}", d.name)}))
            .collect();
        operations.insert(
            key.into(),
            json!({
                "action": "send",
                "channel": {"$ref": format!("#/channels/{channel}")},
                "summary": "Send a command; the service replies once it is decided and durably appended, or refused.",
                "messages": refs,
                "reply": reply_to("reply"),
            }),
        );
    }
    for q in [
        "queryHead",
        "queryState",
        "queryClock",
        "querySeating",
        "queryTable",
    ] {
        operations.insert(
            format!("ask{}", &q["query".len()..]),
            json!({
                "action": "send",
                "channel": {"$ref": format!("#/channels/{q}")},
                "summary": "A query: read, write nothing. Any role may ask.",
                "messages": [{"$ref": format!("#/channels/{q}/messages/query")}],
                "reply": reply_to("queryReply"),
            }),
        );
    }
    operations.insert(
        "readChain".into(),
        json!({
            "action": "receive",
            "channel": {"$ref": "#/channels/chainEvents"},
            "summary": "Read the chain's events (JetStream), for auditing and replicas.",
            "messages": [{"$ref": "#/channels/chainEvents/messages/event"}],
        }),
    );
    operations.insert(
        "readCheckpoints".into(),
        json!({
            "action": "receive",
            "channel": {"$ref": "#/channels/checkpoints"},
            "summary": "Read the chain's signed checkpoints.",
            "messages": [{"$ref": "#/channels/checkpoints/messages/checkpoint"}],
        }),
    );

    json!({
        "asyncapi": "3.0.0",
        "id": "urn:floorbook:floor-service",
        "info": {
            "title": "Floorbook floor service",
            "version": env!("CARGO_PKG_VERSION"),
            "description": CONVENTIONS,
            "license": {"name": "See the repository"},
        },
        "defaultContentType": "application/json",
        "servers": {
            "nats": {
                "host": "localhost:4222",
                "protocol": "nats",
                "description": "A NATS server with JetStream, configured as `deploy/nats/` ships it (one user per role).",
            }
        },
        "channels": channels,
        "operations": operations,
        "components": {"messages": messages},
    })
}

/// Whether a sender of role `sender` may send a command that needs `needs`.
fn allows(sender: Needs, needs: Needs) -> bool {
    let rank = |n: Needs| match n {
        Needs::Dealer => 0,
        Needs::Floor => 1,
        Needs::Director => 2,
    };
    rank(sender) >= rank(needs)
}

fn payload(file: &str, only: Option<&str>) -> Value {
    let mut schema = json!({"$ref": file});
    if let Some(name) = only {
        schema = json!({
            "allOf": [
                {"$ref": file},
                {"type": "object", "required": ["command"], "properties": {"command": {"const": name}}},
            ]
        });
    }
    json!({
        "schemaFormat": "application/schema+json;version=draft-2020-12",
        "schema": schema,
    })
}

fn message(d: &Declaration) -> Value {
    let doc = command_schema(d.name)
        .and_then(|s| s["description"].as_str())
        .unwrap_or(d.help.en);
    let role = match d.role {
        Needs::Dealer => "dealer",
        Needs::Floor => "floor",
        Needs::Director => "director",
    };
    let game = match d.game {
        Game::Tournament => "tournament",
        Game::Cash => "cash",
        Game::Both => "both",
    };
    let fields: Vec<String> = d
        .fields
        .iter()
        .filter_map(|f| f.label.map(|l| format!("`{}`: {}", f.name, l.en)))
        .collect();
    let mut description = format!("{doc}\n\nSent by {}.", d.role.words().en);
    if let Some(raised) = d.raised_by {
        description.push_str(&format!(" With `{raised}` given: the director only."));
    }
    if d.at_table {
        description.push_str(" A dealer sends it only for his own table (`table`).");
    }
    let when: Vec<&str> = d.when.iter().map(|w| w.name()).collect();
    description.push_str(&format!(
        " Decided only when the chain{} is {}; refused (`rejected`) otherwise.",
        if d.at_table { " (and the table)" } else { "" },
        when.join(" or ")
    ));
    if !fields.is_empty() {
        description.push_str(&format!("\n\nFields: {}.", fields.join("; ")));
    }
    let rules: Vec<&str> = d
        .rules
        .split(',')
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    json!({
        "name": d.name,
        "title": d.help.en,
        "summary": d.help.en,
        "description": description,
        "payload": payload("request.schema.json", Some(d.name)),
        "x-floorbook-role": role,
        "x-floorbook-game": game,
        "x-floorbook-rules": rules,
        "x-floorbook-when": d.when.iter().map(|w| w.name()).collect::<Vec<_>>(),
        "x-floorbook-help-de": d.help.de,
    })
}

fn query_message() -> Value {
    json!({
        "name": "query",
        "title": "A query (its body is ignored)",
        "payload": {"type": "object"},
    })
}

fn query_reply_message() -> Value {
    json!({
        "name": "queryReply",
        "title": "The answer to a query",
        "description": "The head the view was read at, the instance that wrote it, and the view asked for: `tournament` (state), `clock`, `seating`, `table` and `mark` (table.N), or `cash` for a cash room's state or seating; the other views are left out. A chain that does not exist is answered with a command reply (`reply.schema.json`) whose error kind is `no_chain`.",
        "payload": payload("query-reply.schema.json", None),
    })
}

/// The reply of a request/reply operation: message `message` on the request's inbox.
fn reply_to(message: &str) -> Value {
    json!({
        "address": {"location": "$message.header#/replyTo", "description": "The NATS reply subject of the request."},
        "channel": {"$ref": "#/channels/replies"},
        "messages": [{"$ref": format!("#/channels/replies/messages/{message}")}],
    })
}

/// A message whose payload is one of the published schemas.
fn schema_message(name: &str, title: &str, file: &str) -> Value {
    json!({
        "name": name,
        "title": title,
        "payload": payload(file, None),
    })
}
