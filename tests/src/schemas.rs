//! The published schemas (`schemas/*.schema.json`), compiled once by a JSON Schema validator
//! (draft 2020-12), and the checks that hold what the tests exchange with the service to
//! them (issue 38): every command reply, error and receipt to `reply.schema.json`, every
//! query's answer to `query-reply.schema.json`, every request the service took to be one to
//! `request.schema.json`. An unknown field or a wrong type fails the test that met it.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use boon::{Compiler, SchemaIndex, Schemas};
use floorbook_log::EventStore;
use floorbook_service::client::Observer;
use floorbook_service::desk::{Decided, Desk, Incoming};
use floorbook_service::wire::Reply;
use serde_json::Value;

struct Published {
    schemas: Schemas,
    request: SchemaIndex,
    reply: SchemaIndex,
    query_reply: SchemaIndex,
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../schemas")
}

fn published() -> &'static Published {
    static P: OnceLock<Published> = OnceLock::new();
    P.get_or_init(|| {
        let mut compiler = Compiler::new();
        let mut schemas = Schemas::new();
        let mut compile = |name: &str| {
            let path = dir().join(format!("{name}.schema.json"));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let value: Value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let url = format!("file://{}", path.display());
            compiler
                .add_resource(&url, value)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            compiler
                .compile(&url, &mut schemas)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        };
        let request = compile("request");
        let reply = compile("reply");
        let query_reply = compile("query-reply");
        Published {
            schemas,
            request,
            reply,
            query_reply,
        }
    })
}

fn check(what: &str, index: SchemaIndex, value: &Value) {
    if let Err(e) = validate(what, index, value) {
        panic!("{e}\n{value}");
    }
}

fn validate(what: &str, index: SchemaIndex, value: &Value) -> Result<(), String> {
    published()
        .schemas
        .validate(value, index)
        .map_err(|e| format!("{what} does not match schemas/{what}.schema.json: {e:#}"))
}

/// Why `value` is not a query's answer as published, if it is not.
pub fn query_reply_problem(value: &Value) -> Option<String> {
    validate("query-reply", published().query_reply, value).err()
}

/// Why `value` is not a command's reply as published, if it is not.
pub fn reply_problem(value: &Value) -> Option<String> {
    validate("reply", published().reply, value).err()
}

/// Holds a command's reply (an acceptance, a refusal, an error, a receipt) to
/// `reply.schema.json`.
pub fn check_reply(value: &Value) {
    check("reply", published().reply, value);
}

/// Holds a request to `request.schema.json`.
pub fn check_request(value: &Value) {
    check("request", published().request, value);
}

/// Holds a query's answer to `query-reply.schema.json`, or, for a chain that does not exist,
/// to `reply.schema.json` (an error reply).
pub fn check_query_reply(value: &Value) {
    if value.get("ok").is_some() {
        check_reply(value);
    } else {
        check("query-reply", published().query_reply, value);
    }
}

/// Whether a refusal of this kind says the request was not one the service reads (garbage a
/// test sent on purpose): such a request is not held to the request schema.
fn unread(reply: &Value) -> bool {
    matches!(
        reply["error"]["kind"].as_str(),
        Some("malformed" | "too_large" | "unknown_subject")
    )
}

/// Holds one exchange on a NATS subject to the schemas: `subject`, the request's bytes and the
/// answer's bytes.
pub fn check_exchange(subject: &str, request: &[u8], answer: &[u8]) {
    let answer: Value = serde_json::from_slice(answer)
        .unwrap_or_else(|e| panic!("the answer on {subject} is not JSON: {e}"));
    if subject.starts_with("floorbook.q.") {
        check_query_reply(&answer);
        return;
    }
    check_reply(&answer);
    if !unread(&answer)
        && let Ok(request) = serde_json::from_slice::<Value>(request)
    {
        check_request(&request);
    }
}

/// An observer for a [`floorbook_service::client::CommandClient`] that holds every exchange to
/// the schemas.
pub fn observer() -> Observer {
    Observer(Arc::new(check_exchange))
}

/// Deciding with a desk in process, each request and reply held to the schemas.
pub trait CheckedDesk {
    /// [`Desk::decide`], then every reply checked, and every request the desk read.
    fn checked(&mut self, batch: Vec<Incoming>) -> impl std::future::Future<Output = Decided>;
}

impl<S: EventStore> CheckedDesk for Desk<S> {
    async fn checked(&mut self, batch: Vec<Incoming>) -> Decided {
        let requests: Vec<Value> = batch
            .iter()
            .map(|i| serde_json::to_value(&i.request).expect("a request serializes"))
            .collect();
        let decided = self.decide(batch).await;
        for (request, reply) in requests.iter().zip(&decided.replies) {
            let reply = reply_value(reply);
            check_reply(&reply);
            if !unread(&reply) {
                check_request(request);
            }
        }
        decided
    }
}

fn reply_value(r: &Reply) -> Value {
    serde_json::to_value(r).expect("a reply serializes")
}

/// Why `value` does not match the schema `name` of `tests/golden/independent/` (a format's
/// schema written from its own specification, not from Floorbook's code: `ohh-1.4.6`,
/// `ots-1.1.5`), if it does not.
pub fn independent_problem(name: &str, value: &Value) -> Option<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("golden/independent")
        .join(format!("{name}.schema.json"));
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => return Some(format!("{}: {e}", path.display())),
    };
    let schema: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => return Some(format!("{}: {e}", path.display())),
    };
    let url = format!("file://{}", path.display());
    let mut compiler = Compiler::new();
    let mut schemas = Schemas::new();
    let index = compiler
        .add_resource(&url, schema)
        .map_err(|e| e.to_string())
        .and_then(|()| {
            compiler
                .compile(&url, &mut schemas)
                .map_err(|e| e.to_string())
        });
    match index {
        Err(e) => Some(format!("{}: {e}", path.display())),
        Ok(index) => schemas
            .validate(value, index)
            .err()
            .map(|e| format!("does not match {name}.schema.json: {e:#}")),
    }
}
