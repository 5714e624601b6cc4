//! Requests read with errors in words: a request the service cannot read is answered with
//! what is wrong in terms of the command's own fields (their kind, range and meaning, taken
//! from the request's JSON Schema, which is built into the binary), not with a parser's
//! position or a path to a schema file the terminal does not have.

use std::sync::OnceLock;

use serde_json::{Map, Value};

use crate::wire::{Request, WireCommand};

/// Reads a request (`actor`, `id`, `after` and the command's fields).
pub fn read_request(bytes: &[u8]) -> Result<Request, String> {
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|e| format!("the request is not JSON ({})", without_position(&e)))?;
    serde_json::from_value::<Request>(value.clone()).map_err(|e| explain(&value, &e, true))
}

/// Reads a command alone (the fields of one of the service's commands).
pub fn read_command(text: &str) -> Result<WireCommand, String> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| format!("the command is not JSON ({})", without_position(&e)))?;
    serde_json::from_value::<WireCommand>(value.clone()).map_err(|e| explain(&value, &e, false))
}

fn schema() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| schemars::schema_for!(Request).to_value())
}

/// The commands' sub-schemas, by name.
fn commands() -> impl Iterator<Item = (&'static str, &'static Value)> {
    schema()["oneOf"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| Some((v["properties"]["command"]["const"].as_str()?, v)))
}

/// Whether the schema requires `field` of the command named `command` (a field with a
/// default, or optional, is not).
pub fn is_required(command: &str, field: &str) -> bool {
    commands().any(|(n, cmd)| {
        n == command
            && cmd["required"]
                .as_array()
                .is_some_and(|r| r.iter().any(|f| f.as_str() == Some(field)))
    })
}

/// The JSON Schema of the command named `command`.
pub fn command_schema(command: &str) -> Option<&'static Value> {
    commands().find(|(n, _)| *n == command).map(|(_, v)| v)
}

/// The request's own fields (actor, id, after).
fn envelope_fields() -> &'static Map<String, Value> {
    static EMPTY: OnceLock<Map<String, Value>> = OnceLock::new();
    schema()["properties"]
        .as_object()
        .unwrap_or_else(|| EMPTY.get_or_init(Map::new))
}

fn explain(value: &Value, err: &serde_json::Error, request: bool) -> String {
    let names = || commands().map(|(n, _)| n).collect::<Vec<_>>().join(", ");
    let Some(obj) = value.as_object() else {
        return "a request is a JSON object such as {\"command\": \"fold\", \"table\": 1, \"pos\": 2}"
            .to_string();
    };
    let Some(name) = obj.get("command") else {
        return format!(
            "the request names no \"command\"; the commands are: {}",
            names()
        );
    };
    let Some((name, cmd)) = commands().find(|(n, _)| Some(*n) == name.as_str()) else {
        return format!("there is no command {name}; the commands are: {}", names());
    };
    let props = cmd["properties"].as_object();
    let known = |f: &str| {
        props.is_some_and(|p| p.contains_key(f)) || (request && envelope_fields().contains_key(f))
    };
    let field = |f: &str| -> Option<&Value> {
        props
            .and_then(|p| p.get(f))
            .or_else(|| request.then(|| envelope_fields().get(f)).flatten())
    };
    // Fields the command does not have.
    if let Some(unknown) = obj.keys().find(|k| !known(k)) {
        return format!(
            "{name} has no field \"{unknown}\"; {}",
            fields_of(name, cmd, request)
        );
    }
    // Fields that are required and missing.
    let required: Vec<&str> = cmd["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .chain(request.then_some("actor"))
        .collect();
    if let Some(missing) = required.iter().find(|f| !obj.contains_key(**f)) {
        let f = field(missing).unwrap_or(&Value::Null);
        return format!("{name} needs \"{missing}\": {}{}", kind(f), meaning(f));
    }
    // A field of the wrong kind or out of range.
    for (key, got) in obj {
        if key == "command" {
            continue;
        }
        if let Some(f) = field(key)
            && !fits(f, got)
        {
            return format!(
                "{name}: \"{key}\" must be {}; got {}{}",
                kind(f),
                short(got),
                meaning(f)
            );
        }
    }
    format!(
        "{name}: {}; {}",
        without_position(err),
        fields_of(name, cmd, request)
    )
}

fn fields_of(name: &str, cmd: &Value, request: bool) -> String {
    let required: Vec<&str> = cmd["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let mut parts: Vec<String> = cmd["properties"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(k, _)| *k != "command")
        .map(|(k, v)| {
            let need = if required.contains(&k.as_str()) {
                ""
            } else {
                ", optional"
            };
            format!("{k} ({}{need})", kind(v))
        })
        .collect();
    if request {
        parts.push("actor (text)".into());
    }
    if parts.is_empty() {
        format!("{name} takes no fields")
    } else {
        format!("its fields: {}", parts.join("; "))
    }
}

/// A field's description, first sentence, as ` (…)`.
fn meaning(f: &Value) -> String {
    match f["description"]
        .as_str()
        .or_else(|| referenced(f)?["description"].as_str())
    {
        Some(d) => {
            let one = d.replace('\n', " ");
            let first = one.split(". ").next().unwrap_or(&one).trim_end_matches('.');
            format!(" ({first})")
        }
        None => String::new(),
    }
}

fn referenced(f: &Value) -> Option<&'static Value> {
    let r = f["$ref"].as_str().or_else(|| {
        f["anyOf"]
            .as_array()?
            .iter()
            .find_map(|v| v["$ref"].as_str())
    })?;
    let name = r.rsplit('/').next()?;
    schema()["$defs"].get(name)
}

/// The kind of value a field takes, in words.
fn kind(f: &Value) -> String {
    if let Some(values) = f["enum"].as_array() {
        let names: Vec<String> = values.iter().map(short).collect();
        return format!("one of {}", names.join(", "));
    }
    if let Some(def) = referenced(f) {
        let inner = if def["enum"].is_array() || def["oneOf"].is_array() || def["type"].is_string()
        {
            kind_of_def(def)
        } else {
            "an object".into()
        };
        let optional = f["anyOf"]
            .as_array()
            .is_some_and(|a| a.iter().any(|v| v["type"] == "null"));
        return if optional {
            format!("{inner} or null")
        } else {
            inner
        };
    }
    let types: Vec<&str> = match &f["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => return "a value".into(),
    };
    let words: Vec<String> = types
        .iter()
        .map(|t| match *t {
            "integer" => number_words(f),
            "number" => "a number".into(),
            "string" => "text".into(),
            "boolean" => "true or false".into(),
            "array" => format!("a list of {}", plural(&kind(&f["items"]))),
            "object" => "an object".into(),
            "null" => "null".into(),
            other => other.to_string(),
        })
        .collect();
    words.join(" or ")
}

fn kind_of_def(def: &Value) -> String {
    if let Some(values) = def["enum"].as_array() {
        let names: Vec<String> = values.iter().map(short).collect();
        return format!("one of {}", names.join(", "));
    }
    if let Some(variants) = def["oneOf"].as_array() {
        let names: Vec<String> = variants
            .iter()
            .filter_map(|v| {
                v["const"]
                    .as_str()
                    .or_else(|| v["enum"].as_array()?.first()?.as_str())
                    .map(|s| format!("\"{s}\""))
            })
            .collect();
        if !names.is_empty() {
            return format!("one of {}", names.join(", "));
        }
    }
    kind(def)
}

fn plural(kind: &str) -> String {
    match kind {
        "text" => "texts".into(),
        k if k.starts_with("a whole number") => k.replacen("a whole number", "whole numbers", 1),
        k => k.to_string(),
    }
}

fn number_words(f: &Value) -> String {
    let (lo, hi) = range(f);
    match (lo, hi) {
        (Some(lo), Some(hi)) => format!("a whole number from {lo} to {hi}"),
        (Some(lo), None) => format!("a whole number from {lo}"),
        _ => "a whole number".into(),
    }
}

/// The bounds a field's format and schema give.
fn range(f: &Value) -> (Option<i128>, Option<i128>) {
    let by_format = match f["format"].as_str() {
        Some("uint8") => Some(u8::MAX as i128),
        Some("uint16") => Some(u16::MAX as i128),
        Some("uint32") => Some(u32::MAX as i128),
        Some("uint64") => Some(u64::MAX as i128),
        _ => None,
    };
    let lo = f["minimum"].as_i64().map(i128::from);
    let hi = f["maximum"].as_u64().map(i128::from).or(by_format);
    (lo, hi)
}

/// Whether `got` is of the field's kind (the simple cases: type and range).
fn fits(f: &Value, got: &Value) -> bool {
    if referenced(f).is_some() || f["enum"].is_array() {
        return true; // left to the reader's own message
    }
    let types: Vec<&str> = match &f["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => return true,
    };
    types.iter().any(|t| match *t {
        "integer" => match got
            .as_i64()
            .map(i128::from)
            .or(got.as_u64().map(i128::from))
        {
            Some(n) => {
                let (lo, hi) = range(f);
                lo.is_none_or(|lo| n >= lo) && hi.is_none_or(|hi| n <= hi)
            }
            None => false,
        },
        "number" => got.is_number(),
        "string" => got.is_string(),
        "boolean" => got.is_boolean(),
        "array" => got
            .as_array()
            .is_some_and(|items| items.iter().all(|i| fits(&f["items"], i))),
        "object" => got.is_object(),
        "null" => got.is_null(),
        _ => true,
    })
}

fn short(v: &Value) -> String {
    let text = v.to_string();
    if text.chars().count() > 40 {
        format!("{}…", text.chars().take(40).collect::<String>())
    } else {
        text
    }
}

/// serde_json's message without " at line 1 column 20".
fn without_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::{read_command, read_request};

    #[test]
    fn a_missing_field_is_named_with_its_kind() {
        let e = read_command(r#"{"command":"start"}"#).expect_err("no draw");
        assert!(
            e.starts_with("start needs \"draw\": a list of whole numbers"),
            "{e}"
        );
        assert!(!e.contains("schema"), "{e}");
    }

    #[test]
    fn a_field_of_the_wrong_kind_says_what_it_must_be() {
        let e = read_command(
            r#"{"command":"register","player":1,"name":"A","buy_in":"100","age":"x"}"#,
        )
        .expect_err("age is text");
        assert_eq!(
            e,
            "register: \"age\" must be a whole number from 0 to 4294967295; got \"x\""
        );
        let e = read_command(
            r#"{"command":"register","player":-1,"name":"A","buy_in":"100","age":20}"#,
        )
        .expect_err("negative");
        assert!(
            e.contains("\"player\" must be a whole number from 0"),
            "{e}"
        );
    }

    #[test]
    fn unknown_commands_and_fields_list_what_there_is() {
        let e = read_command(r#"{"command":"folds","table":1}"#).expect_err("no such command");
        assert!(
            e.starts_with("there is no command \"folds\"; the commands are: open, register"),
            "{e}"
        );
        let e = read_command(r#"{"command":"fold","table":1,"pos":2,"seat":3}"#)
            .expect_err("no seat field");
        assert!(
            e.starts_with("fold has no field \"seat\"; its fields: "),
            "{e}"
        );
        assert!(e.contains("table (a whole number"), "{e}");
        let e = read_command("[1,2]").expect_err("not an object");
        assert!(e.starts_with("a request is a JSON object"), "{e}");
        let e = read_command("{").expect_err("not JSON");
        assert!(e.starts_with("the command is not JSON"), "{e}");
        assert!(!e.contains("line 1"), "{e}");
    }

    #[test]
    fn a_request_needs_its_actor() {
        let e = read_request(br#"{"command":"fold","table":1,"pos":2}"#).expect_err("no actor");
        assert!(e.starts_with("fold needs \"actor\": text"), "{e}");
        let ok = read_request(br#"{"actor":"d1","command":"fold","table":1,"pos":2}"#);
        assert!(ok.is_ok(), "{ok:?}");
    }
}
