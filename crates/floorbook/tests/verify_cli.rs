//! `floorbook verify`, `checkpoint` and `keys` as a user runs them, on both backends.

use std::path::Path;
use std::process::Output;

use floorbook_e2e::fixtures::{chain, drafts};
use floorbook_e2e::nats::NatsServer;
use floorbook_log::{ChainWriter, EventStore, Seq, ServiceKey};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use floorbook_store_nats::{NatsOptions, NatsStore};

mod common;
use common::{floorbook, frames_len, spawn_witness};

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn generate_key(keys: &Path) -> ServiceKey {
    let out = floorbook(&[
        "keys",
        "generate",
        "--dir",
        keys.to_str().expect("utf-8 path"),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let secret = std::fs::read_to_string(keys.join("service.key")).expect("key file");
    ServiceKey::from_secret_hex(&secret).expect("key")
}

/// Writes 12 events to chain `t1` with a checkpoint every 5 (at 5 and 10).
async fn write_chain<S: EventStore>(store: S, key: ServiceKey) {
    let mut w = ChainWriter::open(store, chain("t1"), Some(key), 5)
        .await
        .expect("writer");
    let all = drafts("w", 12);
    let mut signed = Vec::new();
    for batch in all.chunks(3) {
        if let Some(cp) = w.append(batch).await.expect("append") {
            signed.push(cp.seq);
        }
    }
    assert_eq!(
        signed,
        vec![Seq(6), Seq(12)],
        "one checkpoint per crossed interval"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embedded_verify_checkpoints_and_a_cut_log() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let data_s = data.to_str().expect("utf-8");
    let key = generate_key(&data.join("keys"));
    {
        let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("open");
        write_chain(store, key).await;
    }

    let ok = floorbook(&["verify", "--data", data_s]);
    let out = text(&ok);
    assert!(ok.status.success(), "{out}");
    assert!(out.contains("chain t1: OK, 12 events, head "), "{out}");
    assert_eq!(
        out.matches("signature valid; present in the log").count(),
        2,
        "{out}"
    );

    let cp_file = dir.path().join("cp.json");
    let cp = floorbook(&[
        "checkpoint",
        "--data",
        data_s,
        "--chain",
        "t1",
        "--out",
        cp_file.to_str().expect("utf-8"),
    ]);
    assert!(cp.status.success(), "{}", text(&cp));

    // Cut the log after seq 8, as a careless or malicious operator might.
    let log = data.join("chains").join("t1.log");
    let cut = frames_len(&log, 8);
    std::fs::OpenOptions::new()
        .write(true)
        .open(&log)
        .expect("open log")
        .set_len(cut)
        .expect("truncate");
    let bad = floorbook(&[
        "verify",
        "--data",
        data_s,
        "--checkpoint",
        cp_file.to_str().expect("utf-8"),
    ]);
    let out = text(&bad);
    assert_eq!(bad.status.code(), Some(1), "{out}");
    assert!(
        out.contains("chain t1: OK, 8 events"),
        "the remaining links hold: {out}"
    );
    assert!(
        out.contains("LOG CUT: signed at seq 12, but the log ends at seq 8"),
        "{out}"
    );
    assert!(
        !out.contains("LOG CUT: signed at seq 6"),
        "seq 6 is still there: {out}"
    );
    assert!(out.ends_with("FAILED\n"), "{out}");

    // The same checkpoint pretty-printed over many lines, beside a second copy on one line:
    // two checkpoints given, each checked once.
    let given: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&cp_file).expect("read checkpoint"))
            .expect("a checkpoint");
    let pretty = dir.path().join("pretty.json");
    let both = format!(
        "{}\n{}\n",
        serde_json::to_string_pretty(&given).expect("json"),
        serde_json::to_string(&given).expect("json")
    );
    std::fs::write(&pretty, both).expect("write");
    let again = floorbook(&[
        "verify",
        "--data",
        data_s,
        "--checkpoint",
        pretty.to_str().expect("utf-8"),
    ]);
    let out = text(&again);
    assert_eq!(again.status.code(), Some(1), "{out}");
    let from_file = out
        .lines()
        .filter(|l| l.contains("pretty.json") && l.contains("LOG CUT: signed at seq 12"))
        .count();
    assert_eq!(from_file, 2, "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embedded_verify_names_the_first_bad_sequence() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let data_s = data.to_str().expect("utf-8");
    let key = generate_key(&data.join("keys"));
    {
        let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("open");
        write_chain(store, key).await;
    }
    let log = data.join("chains").join("t1.log");
    let mut bytes = std::fs::read(&log).expect("read");
    // A byte in the third event's payload, near its end.
    let third = frames_len(&log, 2) as usize;
    let len = u32::from_le_bytes(bytes[third..third + 4].try_into().expect("len")) as usize;
    bytes[third + 8 + len - 4] ^= 0x01;
    std::fs::write(&log, &bytes).expect("write");

    let bad = floorbook(&["verify", "--data", data_s, "--json"]);
    assert_eq!(bad.status.code(), Some(1), "{}", text(&bad));
    let v: serde_json::Value = serde_json::from_slice(&bad.stdout).expect("json");
    assert_eq!(v["ok"], false);
    assert_eq!(v["chains"][0]["broken_at"], 3);
    let err = v["chains"][0]["error"].as_str().expect("error text");
    assert!(err.contains("hash mismatch"), "{err}");
    assert!(
        v["chains"][0]["checkpoints"][1]["verdict"]
            .as_str()
            .expect("verdict")
            .contains("broken at seq 3")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rewritten_event_contradicts_its_checkpoint() {
    // Rewrite event 4 and re-hash everything after it consistently: every link holds again,
    // but the signed checkpoint at 6 does not.
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let key = generate_key(&data.join("keys"));
    {
        let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("open");
        write_chain(store, key).await;
    }
    let forged = tempfile::tempdir().expect("temp dir");
    rewrite_into(&data, forged.path(), &chain("t1"), 3, |env| {
        env["payload"]["to"] = 100_000.into();
    })
    .await;
    std::fs::create_dir_all(forged.path().join("keys")).expect("dir");
    for entry in std::fs::read_dir(data.join("keys")).expect("keys") {
        let p = entry.expect("entry").path();
        if p.extension().and_then(|e| e.to_str()) == Some("pub") {
            std::fs::copy(
                &p,
                forged
                    .path()
                    .join("keys")
                    .join(p.file_name().expect("name")),
            )
            .expect("copy");
        }
    }
    let bad = floorbook(&["verify", "--data", forged.path().to_str().expect("utf-8")]);
    let out = text(&bad);
    assert_eq!(bad.status.code(), Some(1), "{out}");
    assert!(out.contains("chain t1: OK, 12 events"), "links hold: {out}");
    assert!(out.contains("LOG REWRITTEN: seq 6 was signed as"), "{out}");
    // Issue 41: `rebuild` refuses what `verify` refuses.
    let rebuilt = floorbook(&["rebuild", "--data", forged.path().to_str().expect("utf-8")]);
    let out = text(&rebuilt);
    assert_ne!(rebuilt.status.code(), Some(0), "{out}");
    assert!(
        out.contains("seq 6 was signed as") && out.contains("rewritten"),
        "{out}"
    );
}

/// Re-seals `chain` from `src` into a new store at `dst`, the event at index `at` changed by
/// `edit` and every later one re-hashed onto it (every link holds), and copies the original
/// checkpoints beside it: a consistent rewrite that only a checkpoint shows.
async fn rewrite_into(
    src: &Path,
    dst: &Path,
    c: &floorbook_log::ChainId,
    at: usize,
    edit: impl Fn(&mut serde_json::Value),
) {
    let original = EmbeddedStore::open(src, OpenMode::ReadOnly).expect("open");
    let events = original.read(c, Seq(1), usize::MAX).await.expect("read");
    let store = EmbeddedStore::open(dst, OpenMode::ReadWrite).expect("forged");
    let mut head = None;
    for (i, e) in events.iter().enumerate() {
        let mut env: serde_json::Value = serde_json::from_slice(&e.bytes).expect("json");
        if i == at {
            edit(&mut env);
        }
        let mut draft = floorbook_log::Draft::new(
            serde_json::from_value(env["at"].clone()).expect("at"),
            serde_json::from_value(env["actor"].clone()).expect("actor"),
            env["type"].as_str().expect("type"),
            serde_json::from_value(env["rules"].clone()).expect("rules"),
            &env["payload"],
        )
        .expect("draft");
        draft.request = env["request"].as_str().map(str::to_string);
        let sealed = floorbook_log::seal(c, head, &draft).expect("seal");
        head = Some(
            store
                .append(c, head, vec![sealed])
                .await
                .expect("append")
                .head,
        );
    }
    for cp in original.checkpoints(c).await.expect("checkpoints") {
        store
            .publish_checkpoint(&cp)
            .await
            .expect("copy checkpoint");
    }
}

/// Issue 41: a tournament rewritten consistently from an event on (its checkpoints kept) is
/// refused by `audit` and `rebuild` as `verify` refuses it, though every link holds and every
/// decision still re-derives (only who entered one event changed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn audit_and_rebuild_refuse_a_rewrite_that_only_a_checkpoint_shows() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    let sim = common::simulate_into(d, "top18", "9");
    let c = floorbook_log::ChainId::new(sim["chain"].as_str().expect("the chain")).expect("id");
    let checkpoints = {
        let store = EmbeddedStore::open(&data, OpenMode::ReadOnly).expect("open");
        store.checkpoints(&c).await.expect("checkpoints")
    };
    let first = checkpoints.first().expect("a checkpoint").seq.0 as usize;
    let forged = tempfile::tempdir().expect("temp dir");
    // Who entered the event before the first checkpoint: nothing any decision reads.
    rewrite_into(&data, forged.path(), &c, first - 2, |env| {
        env["actor"]["id"] = "someone-else".into();
    })
    .await;
    let f = forged.path().to_str().expect("utf-8");
    let verify = floorbook(&["verify", "--data", f, "--chain", c.as_str()]);
    assert_eq!(verify.status.code(), Some(1), "{}", text(&verify));
    let rebuilt = floorbook(&["rebuild", "--data", f]);
    assert_ne!(rebuilt.status.code(), Some(0), "{}", text(&rebuilt));
    assert!(text(&rebuilt).contains("rewritten"), "{}", text(&rebuilt));
    let audit = floorbook(&["audit", "--data", f, "--chain", c.as_str(), "--json"]);
    let said = text(&audit);
    assert_ne!(audit.status.code(), Some(0), "{said}");
    assert!(said.contains("rewritten"), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nats_verify_and_checkpoint() {
    let server = NatsServer::start();
    let dir = tempfile::tempdir().expect("temp dir");
    let keys = dir.path().join("keys");
    let key = generate_key(&keys);
    let store = NatsStore::connect(&server.url(), NatsOptions::default())
        .await
        .expect("connect");
    write_chain(store, key).await;
    let url = server.url();
    let keys_s = keys.to_str().expect("utf-8");
    let ok = floorbook(&["verify", "--nats", &url, "--keys", keys_s]);
    let out = text(&ok);
    assert!(ok.status.success(), "{out}");
    assert!(out.contains("chain t1: OK, 12 events"), "{out}");
    assert_eq!(
        out.matches("signature valid; present in the log").count(),
        2,
        "{out}"
    );
    let cp = floorbook(&[
        "checkpoint",
        "--nats",
        &url,
        "--chain",
        "t1",
        "--keys",
        keys_s,
    ]);
    assert!(cp.status.success(), "{}", text(&cp));
    let again = floorbook(&["verify", "--nats", &url, "--keys", keys_s, "--chain", "t1"]);
    assert_eq!(text(&again).matches("present in the log").count(), 3);
}

/// The service key is kept as a key must be: a key file others can read, a key folder others
/// can write and a trusted public key others can change are each refused, naming the file,
/// its mode and the fix; `keys generate` leaves the folder 700, the key 600 and the public key
/// 644 whatever the umask.
#[test]
fn loose_key_permissions_are_refused() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().expect("temp dir");
    let keys = dir.path().join("keys");
    let k = keys.to_str().expect("utf-8");
    let out = floorbook(&["keys", "generate", "--dir", k]);
    assert!(out.status.success(), "{}", text(&out));
    let mode = |p: &Path| std::fs::metadata(p).expect("meta").permissions().mode() & 0o777;
    let key = keys.join("service.key");
    let public = std::fs::read_dir(&keys)
        .expect("keys")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "pub"))
        .expect("a public key");
    assert_eq!(
        (mode(&keys), mode(&key), mode(&public)),
        (0o700, 0o600, 0o644)
    );
    let set = |p: &Path, m: u32| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).expect("chmod")
    };
    let refused = |args: &[&str], what: &str| {
        let out = floorbook(args);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(!out.status.success(), "{args:?} went on");
        assert!(err.contains(what), "{args:?}: {err}");
    };
    set(&key, 0o644);
    refused(
        &["keys", "show", "--dir", k],
        "can be read or changed by other users (mode 644)",
    );
    set(&key, 0o600);
    set(&keys, 0o777);
    refused(
        &["keys", "show", "--dir", k],
        "can be written by other users (mode 777)",
    );
    set(&keys, 0o700);
    let data = dir.path().join("data");
    let sim = floorbook(&[
        "simulate",
        "--players",
        "2",
        "--data",
        data.to_str().expect("utf-8"),
    ]);
    assert!(sim.status.success(), "{}", text(&sim));
    set(&public, 0o666);
    refused(
        &[
            "verify",
            "--data",
            data.to_str().expect("utf-8"),
            "--keys",
            k,
        ],
        "can be changed by other users (mode 666)",
    );
    set(&public, 0o644);
    let out = floorbook(&["keys", "show", "--dir", k]);
    assert!(out.status.success(), "{}", text(&out));
}

/// The key does not live in the folder it protects: by default it is made beside the data
/// folder (`DATA-keys`), or where `$FLOORBOOK_KEYS` says; a key left inside by an earlier
/// build is still used, with a warning that says how to move it.
#[test]
fn the_key_lives_beside_the_data_folder_not_in_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    let sim = floorbook(&["simulate", "--players", "2", "--data", d]);
    assert!(sim.status.success(), "{}", text(&sim));
    assert!(dir.path().join("data-keys").join("service.key").is_file());
    assert!(!data.join("keys").exists());
    let v = floorbook(&["verify", "--data", d]);
    assert!(v.status.success(), "{}", text(&v));
    assert!(text(&v).contains("signature valid"), "{}", text(&v));
    // $FLOORBOOK_KEYS names another folder.
    let elsewhere = dir.path().join("elsewhere");
    let other = dir.path().join("other");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["simulate", "--players", "2", "--data"])
        .arg(&other)
        .env("FLOORBOOK_KEYS", &elsewhere)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", text(&out));
    assert!(elsewhere.join("service.key").is_file());
    assert!(!dir.path().join("other-keys").exists());
    // An earlier build's DATA/keys is still found, with a warning.
    let old = dir.path().join("old");
    let old_keys = old.join("keys");
    let g = floorbook(&[
        "keys",
        "generate",
        "--dir",
        old_keys.to_str().expect("utf-8"),
    ]);
    assert!(g.status.success(), "{}", text(&g));
    let sim = floorbook(&[
        "simulate",
        "--players",
        "2",
        "--data",
        old.to_str().expect("utf-8"),
    ]);
    assert!(sim.status.success(), "{}", text(&sim));
    let err = String::from_utf8_lossy(&sim.stderr);
    assert!(
        err.contains("lies inside the data folder it protects"),
        "{err}"
    );
    assert!(!dir.path().join("old-keys").exists());
}

/// A key rotation keeps old checkpoints verifiable: the retired key's public half stays
/// trusted, new heads are signed with the new key, and `verify` holds the chain to both.
#[test]
fn checkpoints_signed_before_a_key_rotation_still_verify_after_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    let keys = dir.path().join("keys");
    let k = keys.to_str().expect("utf-8");
    let first = generate_key(&keys);
    let sim = floorbook(&["simulate", "--players", "3", "--data", d, "--keys", k]);
    assert!(sim.status.success(), "{}", text(&sim));
    let second = generate_key(&keys);
    assert_ne!(first.key_id(), second.key_id());
    assert!(
        keys.join("retired")
            .join(format!("{}.key", first.key_id()))
            .is_file()
    );
    let chain = "t-top18-s1-p3";
    let cp = floorbook(&["checkpoint", "--data", d, "--keys", k, "--chain", chain]);
    assert!(cp.status.success(), "{}", text(&cp));
    let signed: serde_json::Value =
        serde_json::from_slice(&cp.stdout).expect("the checkpoint as JSON");
    assert_eq!(signed["key_id"], second.key_id().to_string());
    let v = floorbook(&["verify", "--data", d, "--keys", k, "--json"]);
    assert!(v.status.success(), "{}", text(&v));
    let report: serde_json::Value = serde_json::from_slice(&v.stdout).expect("json");
    let ids: std::collections::BTreeSet<String> = report["chains"][0]["checkpoints"]
        .as_array()
        .expect("checkpoints")
        .iter()
        .map(|c| c["key_id"].as_str().unwrap_or_default().to_string())
        .collect();
    assert!(
        ids.contains(&first.key_id().to_string()) && ids.contains(&second.key_id().to_string()),
        "both keys' checkpoints verified: {report}"
    );
}

/// Issue 41: under a umask of 000 the key folders are still the owner's alone: the key's
/// folder and the folder a rotation retires the old secret to.
#[test]
fn key_folders_are_never_writable_by_others_whatever_the_umask() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().expect("temp dir");
    let keys = dir.path().join("keys");
    let generate = || {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "umask 000 && exec \"{}\" keys generate --dir \"{}\"",
                env!("CARGO_BIN_EXE_floorbook"),
                keys.display()
            ))
            .output()
            .expect("sh runs");
        assert!(out.status.success(), "{}", text(&out));
    };
    generate();
    generate();
    let mode = |p: &Path| std::fs::metadata(p).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode(&keys), 0o700);
    assert_eq!(mode(&keys.join("retired")), 0o700);
    let retired: Vec<_> = std::fs::read_dir(keys.join("retired"))
        .expect("retired")
        .filter_map(|e| e.ok())
        .map(|e| mode(&e.path()))
        .collect();
    assert_eq!(retired, [0o600], "the retired secret");
}

/// Issue 40: the venue's transparency log has its own key, derived from the service key kept
/// beside the data: `keys vkey` prints it in the signed-note form (`<venue>/floorbook+id+key`),
/// the same for the same service key, another after a rotation, and a checkpoint the log signs
/// opens with it; a venue name that cannot name a key is refused.
#[test]
fn the_logs_verifier_key_is_printed_in_the_signed_note_form() {
    let dir = tempfile::tempdir().expect("temp dir");
    let keys = dir.path().join("keys");
    let k = keys.to_str().expect("utf-8");
    let key = generate_key(&keys);
    let vkey = |venue: &str| floorbook(&["keys", "vkey", "--dir", k, "--venue", venue]);
    let out = vkey("club.example");
    assert!(out.status.success(), "{}", text(&out));
    let printed = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let parts: Vec<&str> = printed.split('+').collect();
    assert_eq!(parts[0], "club.example/floorbook", "{printed}");
    assert_eq!(parts[1].len(), 8, "a key id of eight hex digits: {printed}");
    assert_eq!(
        printed,
        String::from_utf8_lossy(&vkey("club.example").stdout).trim()
    );
    let log = floorbook_tlog::LogKey::for_venue("club.example", &key.secret_bytes()).expect("key");
    assert_eq!(log.vkey(), printed);
    let root = floorbook_tlog::Tree::open(floorbook_tlog::MemoryHashes::default())
        .and_then(|t| t.root(0))
        .expect("the empty tree's root");
    let note = log.checkpoint(0, root).expect("signed");
    floorbook_tlog::open_checkpoint(&note, &printed).expect("opens with the printed key");
    let refused = vkey("a club");
    assert!(!refused.status.success(), "{}", text(&refused));
    assert!(
        text(&refused).contains("names no log"),
        "{}",
        text(&refused)
    );
    let rotated = floorbook(&["keys", "generate", "--dir", k]);
    assert!(rotated.status.success(), "{}", text(&rotated));
    assert_ne!(
        String::from_utf8_lossy(&vkey("club.example").stdout).trim(),
        printed,
        "a new service key, a new log key"
    );
}

/// Issue 40: `tlog sync` puts every event of every chain in the venue's Merkle tree once, in
/// each chain's order, and signs a checkpoint that opens with `keys vkey`'s key; a second sync
/// adds only what was appended since; each event's inclusion in the checkpoint's tree is proved
/// from the log's folder, and the checkpoints of the two sizes are proved consistent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_transparency_log_takes_every_event_once_and_signs_its_checkpoint() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let data_s = data.to_str().expect("utf-8");
    let keys = dir.path().join("keys");
    let keys_s = keys.to_str().expect("utf-8");
    let key = generate_key(&keys);
    {
        let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("open");
        write_chain(store, key.clone()).await;
    }
    let sync = || {
        let out = floorbook(&[
            "tlog",
            "sync",
            "--data",
            data_s,
            "--keys",
            keys_s,
            "--venue",
            "club.example",
            "--json",
        ]);
        assert!(out.status.success(), "{}", text(&out));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("json")
    };
    let first = sync();
    assert_eq!(
        (first["size"].as_u64(), first["added"].as_u64()),
        (Some(12), Some(12)),
        "{first}"
    );
    let vkey = log_vkey(keys_s);
    let note = first["checkpoint"].as_str().expect("the note");
    let cp1 = floorbook_tlog::open_checkpoint(note.as_bytes(), &vkey).expect("opens");
    assert_eq!(cp1.size, 12);
    // More events in a second chain; a second sync adds only them.
    {
        let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("open");
        let mut w = ChainWriter::open(store, chain("t2"), Some(key), 100)
            .await
            .expect("writer");
        w.append(&drafts("x", 4)).await.expect("append");
    }
    let second = sync();
    assert_eq!(
        (second["size"].as_u64(), second["added"].as_u64()),
        (Some(16), Some(4)),
        "{second}"
    );
    let again = sync();
    assert_eq!(again["added"].as_u64(), Some(0), "nothing twice: {again}");
    let cp2 = floorbook_tlog::open_checkpoint(
        again["checkpoint"].as_str().expect("note").as_bytes(),
        &vkey,
    )
    .expect("opens");
    let log = floorbook_tlog::VenueLog::open(&data.join("tlog")).expect("the log's folder");
    let store = EmbeddedStore::open(&data, OpenMode::ReadOnly).expect("open");
    for (c, n) in [("t1", 12u64), ("t2", 4)] {
        let events = store.read(&chain(c), Seq(1), 100).await.expect("events");
        assert_eq!(events.len() as u64, n);
        for e in &events {
            let index = log.find(c, e.seq.0).expect("in the log");
            let env = e.envelope().expect("envelope");
            let leaf = floorbook_tlog::Leaf {
                chain: c.into(),
                seq: e.seq.0,
                at_ms: env.at.timestamp_millis(),
                event: e.hash.0,
                previous: env.prev.0,
            };
            let proof = log.tree().inclusion(index, cp2.size).expect("proof");
            floorbook_tlog::verify_inclusion(
                &proof,
                index,
                cp2.size,
                cp2.root,
                floorbook_tlog::leaf_hash(&leaf.to_bytes().expect("bytes")),
            )
            .expect("the event is in the checkpoint's tree");
        }
    }
    let grew = log.tree().consistency(cp1.size, cp2.size).expect("proof");
    floorbook_tlog::verify_consistency(&grew, cp1.size, cp1.root, cp2.size, cp2.root)
        .expect("the log grew by appending");
}

/// Issue 40: a hand's receipt (`floorbook receipt HAND`, C2SP `tlog-proof@v1`) is small enough
/// for a QR code, names the hand's last event and checks offline with the log's verifier key
/// alone; a changed receipt or another venue's key is refused. A chain rewritten under the log
/// gets no receipt; a chain rewritten with a new log gets one, and with the player's receipt
/// from before it proves the rewrite (`receipt conflict`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hands_receipt_checks_offline_and_two_receipts_prove_a_rewrite() {
    let dir = tempfile::tempdir().expect("temp dir");
    let keys = dir.path().join("keys");
    let k = keys.to_str().expect("utf-8");
    generate_key(&keys);
    let simulate = |data: &Path, seed: &str| {
        let out = floorbook(&[
            "simulate",
            "--players",
            "9",
            "--seed",
            seed,
            "--data",
            data.to_str().expect("utf-8"),
            "--keys",
            k,
            "--json",
        ]);
        assert!(out.status.success(), "{}", text(&out));
    };
    let (data, data2) = (dir.path().join("data"), dir.path().join("data2"));
    simulate(&data, "3");
    let receipt = |data: &Path, what: &[&str], extra: &[&str]| {
        let mut args = vec!["receipt"];
        args.extend_from_slice(what);
        args.extend_from_slice(&[
            "--data",
            data.to_str().expect("utf-8"),
            "--keys",
            k,
            "--venue",
            "club.example",
        ]);
        args.extend_from_slice(extra);
        floorbook(&args)
    };
    let out = receipt(&data, &["3"], &[]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(out.stdout.len() < 2_048, "{} bytes", out.stdout.len());
    let a = dir.path().join("a.tlog-proof");
    std::fs::write(&a, &out.stdout).expect("write");
    let vkey = log_vkey(k);
    let check = |file: &Path, vkey: &str| {
        floorbook(&[
            "receipt",
            "verify",
            file.to_str().expect("utf-8"),
            "--vkey",
            vkey,
        ])
    };
    let ok = check(&a, &vkey);
    assert!(ok.status.success(), "{}", text(&ok));
    // The leaf is hand 3's last event: the one that finished it.
    let proven = floorbook_tlog::Receipt::from_bytes(&out.stdout)
        .and_then(|r| r.verify(&vkey))
        .expect("verifies");
    assert!(
        text(&ok).contains(&format!("event {} ", proven.leaf.seq)),
        "{}",
        text(&ok)
    );
    {
        let store = EmbeddedStore::open(&data, OpenMode::ReadOnly).expect("open");
        let e = store
            .read(&chain(&proven.leaf.chain), Seq(proven.leaf.seq), 1)
            .await
            .expect("read")
            .remove(0);
        let env = e.envelope().expect("envelope");
        assert_eq!(env.event_type, "HandFinished");
        let payload: serde_json::Value = serde_json::from_str(env.payload.get()).expect("json");
        assert_eq!(payload["hand"], 3, "{payload}");
        assert_eq!(e.hash.0, proven.leaf.event);
    }
    // A changed receipt, another venue's key.
    let text_a = String::from_utf8(out.stdout.clone()).expect("utf-8");
    let proof_line = text_a.lines().nth(3).expect("a proof line").to_string();
    let bent_line = if proof_line.starts_with('A') {
        proof_line.replacen('A', "B", 1)
    } else {
        format!("A{}", &proof_line[1..])
    };
    let bent = dir.path().join("bent.tlog-proof");
    std::fs::write(&bent, text_a.replacen(&proof_line, &bent_line, 1)).expect("write");
    let refused = check(&bent, &vkey);
    assert!(!refused.status.success(), "{}", text(&refused));
    assert!(
        text(&refused).contains("does not verify"),
        "{}",
        text(&refused)
    );
    let other = floorbook(&["keys", "vkey", "--dir", k, "--venue", "other.example"]);
    let other = String::from_utf8_lossy(&other.stdout).trim().to_string();
    assert!(!check(&a, &other).status.success());
    let none = receipt(&data, &["999"], &[]);
    assert!(!none.status.success());
    assert!(
        text(&none).contains("no finished hand 999"),
        "{}",
        text(&none)
    );
    // The operator writes another chain under the same name into a new store and points the
    // old log at it: the log holds the first, and hands out no receipt for the second.
    {
        let store = EmbeddedStore::open(&data2, OpenMode::ReadWrite).expect("open");
        let mut w = ChainWriter::open(store, chain(&proven.leaf.chain), None, 10_000)
            .await
            .expect("writer");
        for batch in drafts("rewritten", proven.leaf.seq as usize + 10).chunks(500) {
            w.append(batch).await.expect("append");
        }
    }
    let log = data.join("tlog");
    let under = receipt(
        &data2,
        &["--event", "5"],
        &["--log", log.to_str().expect("utf-8")],
    );
    assert!(!under.status.success(), "{}", text(&under));
    assert!(text(&under).contains("rewritten"), "{}", text(&under));
    // With a new log too, the same event has a receipt; the player's old one and the new one,
    // both signed with the log's key, prove the rewrite.
    let seq = proven.leaf.seq.to_string();
    let out = receipt(&data2, &["--event", &seq], &[]);
    assert!(out.status.success(), "{}", text(&out));
    let b = dir.path().join("b.tlog-proof");
    std::fs::write(&b, &out.stdout).expect("write");
    assert!(
        check(&b, &vkey).status.success(),
        "the new receipt checks alone"
    );
    let path = |p: &Path| p.to_str().expect("utf-8").to_string();
    let proved = floorbook(&["receipt", "conflict", &path(&a), &path(&b), "--vkey", &vkey]);
    assert!(proved.status.success(), "{}", text(&proved));
    assert!(text(&proved).contains("CONFLICT"), "{}", text(&proved));
    let same = floorbook(&["receipt", "conflict", &path(&a), &path(&a), "--vkey", &vkey]);
    assert_eq!(same.status.code(), Some(1), "{}", text(&same));
    assert!(text(&same).contains("no conflict"), "{}", text(&same));
}

/// The venue log's verifier key of `club.example` from the key folder `keys`.
fn log_vkey(keys: &str) -> String {
    let out = floorbook(&["keys", "vkey", "--dir", keys, "--venue", "club.example"]);
    assert!(out.status.success(), "{}", text(&out));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn post(port: u16, path: &str, body: &[u8]) -> (u16, String, String) {
    let r = floorbook_e2e::http::post(&format!("http://127.0.0.1:{port}{path}"), body);
    (
        r.status,
        r.header("content-type").unwrap_or_default(),
        r.text(),
    )
}

/// Issue 40: `floorbook witness serve` speaks C2SP `tlog-witness`: a venue's checkpoint (from
/// `tlog sync`) is cosigned (200, one `tlog-cosignature` line), a stale size gets 409 with the
/// size as `text/x.tlog.size`, an unknown log 404, a malformed request 400; the cosignature
/// added to a hand's receipt satisfies `receipt verify --witness` (one of one) and a policy of
/// two of two fails with what is missing. The witness's key is its owner's alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_witness_cosigns_a_venues_checkpoint_and_a_receipt_carries_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let keys = dir.path().join("keys");
    let k = keys.to_str().expect("utf-8");
    generate_key(&keys);
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    let out = floorbook(&[
        "simulate",
        "--players",
        "9",
        "--seed",
        "5",
        "--data",
        d,
        "--keys",
        k,
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let sync = floorbook(&[
        "tlog",
        "sync",
        "--data",
        d,
        "--keys",
        k,
        "--venue",
        "club.example",
        "--json",
    ]);
    assert!(sync.status.success(), "{}", text(&sync));
    let sync: serde_json::Value = serde_json::from_slice(&sync.stdout).expect("json");
    let note = sync["checkpoint"].as_str().expect("note").to_string();
    let size = sync["size"].as_u64().expect("size");
    let vkey = log_vkey(k);
    let wdir = dir.path().join("witness");
    let w = wdir.to_str().expect("utf-8");
    let wkey = floorbook(&[
        "witness",
        "key",
        "--dir",
        w,
        "--name",
        "league.example/witness",
    ]);
    assert!(wkey.status.success(), "{}", text(&wkey));
    let wkey = String::from_utf8_lossy(&wkey.stdout).trim().to_string();
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(wdir.join("witness.key"))
            .expect("key")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        let again = floorbook(&[
            "witness",
            "key",
            "--dir",
            w,
            "--name",
            "league.example/witness",
        ]);
        assert_eq!(
            String::from_utf8_lossy(&again.stdout).trim(),
            wkey,
            "one key, kept"
        );
        // A witness key others could read signs for anyone who read it: refused, not used.
        let loose = std::fs::Permissions::from_mode(0o644);
        std::fs::set_permissions(wdir.join("witness.key"), loose).expect("chmod");
        let refused = floorbook(&[
            "witness",
            "key",
            "--dir",
            w,
            "--name",
            "league.example/witness",
        ]);
        assert!(!refused.status.success(), "{}", text(&refused));
        assert!(text(&refused).contains("chmod 600"), "{}", text(&refused));
        let tight = std::fs::Permissions::from_mode(0o600);
        std::fs::set_permissions(wdir.join("witness.key"), tight).expect("chmod");
    }
    let port = floorbook_e2e::nats::free_port();
    let listen = format!("127.0.0.1:{port}");
    let mut server = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args([
            "witness",
            "serve",
            "--dir",
            w,
            "--name",
            "league.example/witness",
            "--log",
            &vkey,
            "--listen",
            &listen,
        ])
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the witness starts");
    let body = format!("old 0\n\n{note}");
    let (status, _, line) = post(port, "/add-checkpoint", body.as_bytes());
    assert_eq!(status, 200, "{line}");
    assert!(line.starts_with("— league.example/witness "), "{line}");
    let (status, content_type, said) = post(port, "/add-checkpoint", body.as_bytes());
    assert_eq!(
        (status, content_type.as_str()),
        (409, "text/x.tlog.size"),
        "{said}"
    );
    assert_eq!(said, format!("{size}\n"));
    let (status, _, said) = post(port, "/add-checkpoint", b"old 01\n\n");
    assert_eq!(status, 400, "{said}");
    let other = floorbook_tlog::LogKey::for_venue("other.example", &[1; 32]).expect("key");
    let foreign = other
        .checkpoint(
            0,
            floorbook_tlog::Tree::open(floorbook_tlog::MemoryHashes::default())
                .and_then(|t| t.root(0))
                .expect("root"),
        )
        .expect("signed");
    let mut unknown = b"old 0\n\n".to_vec();
    unknown.extend_from_slice(&foreign);
    assert_eq!(post(port, "/add-checkpoint", &unknown).0, 404);
    let _ = server.kill();
    let _ = server.wait();
    // A hand's receipt from the same log (nothing appended since: the same checkpoint), with
    // the cosignature the witness gave.
    let receipt = floorbook(&[
        "receipt",
        "2",
        "--data",
        d,
        "--keys",
        k,
        "--venue",
        "club.example",
    ]);
    assert!(receipt.status.success(), "{}", text(&receipt));
    let mut cosigned = receipt.stdout.clone();
    assert!(
        String::from_utf8_lossy(&cosigned).ends_with(&note),
        "the receipt carries the checkpoint the witness saw"
    );
    cosigned.extend_from_slice(line.as_bytes());
    let file = dir.path().join("hand2.tlog-proof");
    std::fs::write(&file, &cosigned).expect("write");
    let f = file.to_str().expect("utf-8");
    let ok = floorbook(&["receipt", "verify", f, "--vkey", &vkey, "--witness", &wkey]);
    assert!(ok.status.success(), "{}", text(&ok));
    assert!(
        text(&ok).contains("Cosigned by 1 of 1 witnesses: league.example/witness"),
        "{}",
        text(&ok)
    );
    let second = floorbook_tlog::WitnessKey::from_seed("club2.example/witness", &[2; 32])
        .expect("key")
        .vkey();
    let short = floorbook(&[
        "receipt",
        "verify",
        f,
        "--vkey",
        &vkey,
        "--witness",
        &wkey,
        "--witness",
        &second,
    ]);
    assert!(!short.status.success(), "{}", text(&short));
    assert!(
        text(&short).contains("the policy needs 2"),
        "{}",
        text(&short)
    );
    let one_of_two = floorbook(&[
        "receipt",
        "verify",
        f,
        "--vkey",
        &vkey,
        "--witness",
        &wkey,
        "--witness",
        &second,
        "--need",
        "1",
    ]);
    assert!(one_of_two.status.success(), "{}", text(&one_of_two));
}

/// Where a dishonest-operator drill keeps its chains: the embedded store in a folder, or
/// JetStream on a nats-server.
/// One test per venue: `$body(venue)` on the embedded store in a temporary folder, and on a
/// NATS server of its own.
macro_rules! on_both_venues {
    ($embedded:ident, $nats:ident, $body:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $embedded() {
            let dir = tempfile::tempdir().expect("temp dir");
            $body(Venue::Embedded(dir.path().join("data"))).await;
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $nats() {
            $body(Venue::Nats(NatsServer::start())).await;
        }
    };
}

enum Venue {
    Embedded(std::path::PathBuf),
    Nats(NatsServer),
}

impl Venue {
    fn args(&self) -> Vec<String> {
        match self {
            Venue::Embedded(d) => vec!["--data".into(), d.to_str().expect("utf-8").into()],
            Venue::Nats(s) => vec!["--nats".into(), s.url()],
        }
    }

    /// The arguments of a tool that keeps `club.example`'s log in `log` with the key folder
    /// `keys`, on this store.
    fn kept_args(&self, keys: &str, log: &Path) -> Vec<String> {
        let mut args = self.args();
        args.extend(
            [
                "--keys",
                keys,
                "--venue",
                "club.example",
                "--log",
                log.to_str().expect("utf-8"),
            ]
            .map(String::from),
        );
        args
    }

    /// Makes the store a tool started before the first write can open: the embedded one is
    /// created as the service creates it (JetStream's streams are made by whoever connects).
    fn ready(&self) {
        if let Venue::Embedded(d) = self {
            EmbeddedStore::open(d, OpenMode::ReadWrite).expect("the store is created");
        }
    }

    /// Writes `n` events written by `tag` to `name` (a chain the store does not hold yet).
    async fn write(&self, name: &str, n: usize, tag: &str) {
        self.append(name, drafts(tag, n)).await;
    }

    /// Appends `batch` to `name`, in appends of at most 500.
    async fn append(&self, name: &str, batch: Vec<floorbook_log::Draft>) {
        async fn go<S: EventStore>(store: S, name: &str, batch: Vec<floorbook_log::Draft>) {
            let mut w = ChainWriter::open(store, chain(name), None, 100_000)
                .await
                .expect("writer");
            for part in batch.chunks(500) {
                w.append(part).await.expect("append");
            }
        }
        match self {
            Venue::Embedded(d) => {
                go(
                    EmbeddedStore::open(d, OpenMode::ReadWrite).expect("open"),
                    name,
                    batch,
                )
                .await
            }
            Venue::Nats(s) => {
                let store = NatsStore::connect(&s.url(), NatsOptions::default())
                    .await
                    .expect("connect");
                go(store, name, batch).await
            }
        }
    }
}

/// Issue 40, item 5: the operator deletes a chain and writes another under the same name and
/// key, with a new transparency log. The witness, which cosigned the old log, refuses the new
/// one (422) and keeps it as evidence; the new log's receipts carry no cosignature and fail a
/// policy that needs the witness; the player's receipt from before still verifies and, with
/// the new log's receipt of the same event, proves the rewrite. `fresh` makes the operator's
/// wiped store.
async fn a_rewrite_is_refused_by_the_witness_and_proved_by_receipts(
    before: Venue,
    fresh: impl FnOnce(&Path) -> Venue,
) {
    let dir = tempfile::tempdir().expect("temp dir");
    let keys = dir.path().join("keys");
    let k = keys.to_str().expect("utf-8").to_string();
    generate_key(&keys);
    let wdir = dir.path().join("witness");
    let w = wdir.to_str().expect("utf-8").to_string();
    let name = "league.example/witness";
    let wkey = floorbook(&["witness", "key", "--dir", &w, "--name", name]);
    let wkey = String::from_utf8_lossy(&wkey.stdout).trim().to_string();
    let vkey = log_vkey(&k);
    let port = floorbook_e2e::nats::free_port();
    let listen = format!("127.0.0.1:{port}");
    let mut server = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args([
            "witness", "serve", "--dir", &w, "--name", name, "--log", &vkey, "--listen", &listen,
        ])
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the witness starts");
    let witness = format!("http://{listen}={wkey}");
    let run = |venue: &Venue, log: &Path, args: &[&str]| {
        let mut all: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        all.extend(venue.args());
        all.extend([
            "--keys".into(),
            k.clone(),
            "--venue".into(),
            "club.example".into(),
            "--log".into(),
            log.to_str().expect("utf-8").into(),
            "--witness".into(),
            witness.clone(),
        ]);
        floorbook(&all.iter().map(String::as_str).collect::<Vec<_>>())
    };
    // The honest night: a tournament, its log synced and cosigned (the witness may take a
    // moment to listen: asked again until it answers).
    let mut sim = vec!["simulate", "--players", "9", "--seed", "6", "--keys", &k];
    let venue_args = before.args();
    sim.extend(venue_args.iter().map(String::as_str));
    let out = floorbook(&sim);
    assert!(out.status.success(), "{}", text(&out));
    let log1 = dir.path().join("log1");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let synced = loop {
        let out = run(&before, &log1, &["tlog", "sync", "--json"]);
        assert!(out.status.success(), "{}", text(&out));
        if text(&out).contains("cosigned") {
            break out;
        }
        assert!(std::time::Instant::now() < deadline, "{}", text(&out));
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let sync: serde_json::Value = serde_json::from_slice(&synced.stdout).expect("json");
    let size = sync["size"].as_u64().expect("size");
    let out = run(&before, &log1, &["receipt", "2"]);
    assert!(out.status.success(), "{}", text(&out));
    let a = dir.path().join("a.tlog-proof");
    std::fs::write(&a, &out.stdout).expect("write");
    let path = |p: &Path| p.to_str().expect("utf-8").to_string();
    let check = |file: &Path| {
        floorbook(&[
            "receipt",
            "verify",
            &path(file),
            "--vkey",
            &vkey,
            "--witness",
            &wkey,
        ])
    };
    let ok = check(&a);
    assert!(
        ok.status.success(),
        "the player's receipt is cosigned: {}",
        text(&ok)
    );
    let proven = floorbook_tlog::Receipt::from_bytes(&out.stdout)
        .and_then(|r| r.verify(&vkey))
        .expect("verifies");
    // The rewrite: everything wiped, another chain under the same name, a longer one, a new
    // log signed with the same key.
    let chain_name = proven.leaf.chain.clone();
    drop(before);
    let after = fresh(dir.path());
    after
        .write(&chain_name, size as usize + 50, "rewritten")
        .await;
    let log2 = dir.path().join("log2");
    let out = run(&after, &log2, &["tlog", "sync"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("REFUSED (422)"), "{}", text(&out));
    let evidence = std::fs::read_dir(wdir.join("evidence"))
        .expect("evidence")
        .count();
    assert!(evidence >= 1, "the witness keeps the refused checkpoint");
    let seq = proven.leaf.seq.to_string();
    let out = run(&after, &log2, &["receipt", "--event", &seq]);
    assert!(out.status.success(), "{}", text(&out));
    let b = dir.path().join("b.tlog-proof");
    std::fs::write(&b, &out.stdout).expect("write");
    let refused = check(&b);
    assert!(!refused.status.success(), "{}", text(&refused));
    assert!(
        text(&refused).contains("cosigned by 0"),
        "{}",
        text(&refused)
    );
    // The player's receipt still verifies, and with the new one proves the rewrite.
    assert!(check(&a).status.success());
    let proved = floorbook(&["receipt", "conflict", &path(&a), &path(&b), "--vkey", &vkey]);
    assert!(proved.status.success(), "{}", text(&proved));
    assert!(text(&proved).contains("CONFLICT"), "{}", text(&proved));
    // The witness's record did not move: the honest log could still go on.
    let _ = server.kill();
    let _ = server.wait();
    let state =
        floorbook_tlog::WitnessState::open(&wdir, std::slice::from_ref(&vkey)).expect("state");
    assert_eq!(
        state
            .latest("club.example/floorbook")
            .expect("read")
            .map(|c| c.size),
        Some(size)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rewrite_is_refused_by_the_witness_and_proved_by_receipts_embedded() {
    let dir = tempfile::tempdir().expect("temp dir");
    a_rewrite_is_refused_by_the_witness_and_proved_by_receipts(
        Venue::Embedded(dir.path().join("data")),
        |d| Venue::Embedded(d.join("wiped")),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rewrite_is_refused_by_the_witness_and_proved_by_receipts_nats() {
    a_rewrite_is_refused_by_the_witness_and_proved_by_receipts(
        Venue::Nats(NatsServer::start()),
        |_| Venue::Nats(NatsServer::start()),
    )
    .await;
}

/// Issue 40, item 5: a split view. The operator keeps two logs of one size under one key and
/// shows each to another witness; each witness alone sees a log that only grew and cosigns it.
/// `tlog monitor`, asking both, names the fork (exit 1) with the two roots, both signed by the
/// log; held to a copy of the honest log, it names the witness shown the other one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_monitor_names_a_log_that_showed_two_witnesses_two_trees() {
    let dir = tempfile::tempdir().expect("temp dir");
    let keys = dir.path().join("keys");
    let k = keys.to_str().expect("utf-8").to_string();
    generate_key(&keys);
    let vkey = log_vkey(&k);
    let (mut w1, at1) = spawn_witness(&dir.path().join("w1"), "league.example/w", &vkey);
    let (mut w2, at2) = spawn_witness(&dir.path().join("w2"), "club2.example/w", &vkey);
    let (honest, forked) = (
        Venue::Embedded(dir.path().join("honest")),
        Venue::Embedded(dir.path().join("forked")),
    );
    honest.write("friday", 40, "honest").await;
    forked.write("friday", 40, "forked").await;
    let sync = |venue: &Venue, log: &str, witness: &str| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        loop {
            let mut args: Vec<String> = ["tlog", "sync"].map(String::from).to_vec();
            args.extend(venue.args());
            let log = dir.path().join(log);
            args.extend(
                [
                    "--keys",
                    &k,
                    "--venue",
                    "club.example",
                    "--log",
                    log.to_str().expect("utf-8"),
                    "--witness",
                    witness,
                ]
                .map(String::from),
            );
            let out = floorbook(&args.iter().map(String::as_str).collect::<Vec<_>>());
            assert!(out.status.success(), "{}", text(&out));
            if text(&out).contains("cosigned") {
                return;
            }
            assert!(std::time::Instant::now() < deadline, "{}", text(&out));
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    };
    sync(&honest, "honest-log", &at1);
    sync(&forked, "forked-log", &at2);
    let monitor = |extra: &[&str]| {
        let mut args = vec!["tlog", "monitor", "--vkey", &vkey];
        args.extend_from_slice(extra);
        floorbook(&args)
    };
    let one = monitor(&["--witness", &at1]);
    assert!(
        one.status.success(),
        "one witness alone sees no fork: {}",
        text(&one)
    );
    assert!(text(&one).contains("40 entries"), "{}", text(&one));
    let both = monitor(&["--witness", &at1, "--witness", &at2]);
    assert_eq!(both.status.code(), Some(1), "{}", text(&both));
    assert!(
        text(&both).contains("SPLIT VIEW between"),
        "{}",
        text(&both)
    );
    assert!(
        text(&both).contains("two different trees of 40 entries"),
        "{}",
        text(&both)
    );
    let copy = dir.path().join("honest-log");
    let held = monitor(&["--witness", &at2, "--log", copy.to_str().expect("utf-8")]);
    assert_eq!(held.status.code(), Some(1), "{}", text(&held));
    assert!(text(&held).contains("not this copy's"), "{}", text(&held));
    let fine = monitor(&["--witness", &at1, "--log", copy.to_str().expect("utf-8")]);
    assert!(fine.status.success(), "{}", text(&fine));
    for w in [&mut w1, &mut w2] {
        let _ = w.kill();
        let _ = w.wait();
    }
}

/// Appends to `name` in `venue`: `n` ordinary events, then, with `finish`, a `HandFinished`.
async fn append(venue: &Venue, name: &str, n: usize, finish: bool) {
    let mut batch = drafts(&format!("w{n}"), n);
    if finish {
        batch.push(
            floorbook_log::Draft::new(
                chrono::Utc::now(),
                floorbook_log::Actor::new("dealer-1", floorbook_log::Role::Dealer).expect("actor"),
                "HandFinished",
                vec![],
                &serde_json::json!({"hand": 1, "stacks": []}),
            )
            .expect("draft"),
        );
    }
    venue.append(name, batch).await;
}

/// Issue 40, items 1 and 2: `tlog follow` keeps the log beside a running service. Events
/// alone wait for the checkpoint interval; a finished hand gets a checkpoint at once, submitted
/// to the witness and kept with its cosignature, so the hand's receipt carries it. Killed and
/// started again, the keeper goes on from its folder and the witness cosigns the grown log.
async fn the_log_keeper_follows_the_chains(venue: Venue) {
    let dir = tempfile::tempdir().expect("temp dir");
    let keys = dir.path().join("keys");
    let k = keys.to_str().expect("utf-8").to_string();
    generate_key(&keys);
    let vkey = log_vkey(&k);
    let (mut witness, at) = spawn_witness(&dir.path().join("w"), "league.example/w", &vkey);
    let wkey = at.split_once('=').expect("URL=VKEY").1.to_string();
    let log = dir.path().join("log");
    let keeper = |every: &str| {
        let mut args: Vec<String> = ["tlog", "follow"].map(String::from).to_vec();
        args.extend(venue.kept_args(&k, &log));
        args.extend(["--witness", &at, "--every-ms", every, "--poll-ms", "50"].map(String::from));
        std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
            .args(&args)
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the keeper starts")
    };
    // The checkpoint kept, once it has `size` entries and the witness's cosignature.
    let cosigned_at = |size: u64| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        loop {
            if let Ok(note) = std::fs::read(log.join("checkpoint"))
                && let Ok(cp) = floorbook_tlog::open_checkpoint(&note, &vkey)
                && cp.size == size
                && floorbook_tlog::cosigned(&note, &vkey, std::slice::from_ref(&wkey), 1).is_ok()
            {
                return;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "no cosigned checkpoint of {size} entries"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    };
    venue.ready();
    let mut first = keeper("600000");
    append(&venue, "friday", 5, false).await;
    std::thread::sleep(std::time::Duration::from_millis(800));
    let early = std::fs::read(log.join("checkpoint"))
        .ok()
        .and_then(|n| floorbook_tlog::open_checkpoint(&n, &vkey).ok())
        .map(|c| c.size);
    assert_ne!(early, Some(5), "ordinary events wait for the interval");
    append(&venue, "friday", 3, true).await;
    cosigned_at(9);
    let _ = first.kill();
    let _ = first.wait();
    // Started again over the same folder, with a short interval: the events written while it
    // was down are taken and signed without a closing event.
    append(&venue, "friday", 4, false).await;
    let mut second = keeper("200");
    cosigned_at(13);
    let _ = second.kill();
    let _ = second.wait();
    // The hand's receipt carries the cosignature.
    let mut args: Vec<String> = ["receipt", "--event", "9"].map(String::from).to_vec();
    args.extend(venue.kept_args(&k, &log));
    let out = floorbook(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.status.success(), "{}", text(&out));
    let file = dir.path().join("hand.tlog-proof");
    std::fs::write(&file, &out.stdout).expect("write");
    let ok = floorbook(&[
        "receipt",
        "verify",
        file.to_str().expect("utf-8"),
        "--vkey",
        &vkey,
        "--witness",
        &wkey,
    ]);
    assert!(ok.status.success(), "{}", text(&ok));
    let _ = witness.kill();
    let _ = witness.wait();
}

on_both_venues!(
    the_log_keeper_follows_the_chains_embedded,
    the_log_keeper_follows_the_chains_nats,
    the_log_keeper_follows_the_chains
);

/// Issue 40, item 4: a league's attachment pins a cosigned checkpoint. The venue gives the
/// league the receipt of the tournament's last event, cosigned by the league's witness;
/// `league attach --receipt` keeps it with the attachment only when it proves the very head the
/// league pins, verifies with the log's key and meets the witness policy (each other case
/// refused, naming why, with nothing written); `league verify` checks it again from the
/// league's chain alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_attachment_pins_a_cosigned_checkpoint() {
    let dir = tempfile::tempdir().expect("temp dir");
    let keys = dir.path().join("keys");
    let k = keys.to_str().expect("utf-8").to_string();
    generate_key(&keys);
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8").to_string();
    let sim = floorbook(&[
        "simulate",
        "--players",
        "9",
        "--seed",
        "7",
        "--data",
        &d,
        "--keys",
        &k,
    ]);
    assert!(sim.status.success(), "{}", text(&sim));
    let (chain, last) = {
        let store = EmbeddedStore::open(&data, OpenMode::ReadOnly).expect("store");
        let chain = store.chains().await.expect("chains").remove(0);
        let head = store.head(&chain).await.expect("head").expect("a head");
        (chain.to_string(), head.seq.0)
    };
    let vkey = log_vkey(&k);
    let (mut witness, at) = spawn_witness(&dir.path().join("w"), "league.example/w", &vkey);
    let wkey = at.split_once('=').expect("URL=VKEY").1.to_string();
    let receipt_of = |event: u64, venue: &str, file: &str| {
        let out = floorbook(&[
            "receipt",
            "--event",
            &event.to_string(),
            "--chain",
            &chain,
            "--data",
            &d,
            "--keys",
            &k,
            "--venue",
            venue,
            "--log",
            dir.path().join(venue).to_str().expect("utf-8"),
            "--witness",
            &at,
        ]);
        assert!(out.status.success(), "{}", text(&out));
        let path = dir.path().join(file);
        std::fs::write(&path, &out.stdout).expect("write");
        path.to_str().expect("utf-8").to_string()
    };
    let head_receipt = receipt_of(last, "club.example", "head.tlog-proof");
    let earlier = receipt_of(last - 1, "club.example", "earlier.tlog-proof");
    let rules = dir.path().join("rules.toml");
    std::fs::write(
        &rules,
        "[formula]\nkind = \"table\"\npoints = [10, 6, 3, 1]\n",
    )
    .expect("rules");
    let league = |args: &[&str]| {
        let mut all = vec!["league", "--data", &d];
        all.extend_from_slice(args);
        floorbook(&all)
    };
    let created = league(&[
        "create",
        "--name",
        "club",
        "--season",
        "2026",
        "--rules",
        rules.to_str().expect("utf-8"),
    ]);
    assert!(created.status.success(), "{}", text(&created));
    let attach = |extra: &[&str]| {
        let mut args = vec!["attach", "--league", "club", "--chain", &chain];
        args.extend_from_slice(extra);
        league(&args)
    };
    let other_witness = floorbook_tlog::WitnessKey::from_seed("other.example/w", &[3; 32])
        .expect("key")
        .vkey();
    let other_log = floorbook_tlog::LogKey::for_venue("other.example", &[1; 32]).expect("key");
    let refused: [(Vec<&str>, &str); 5] = [
        (
            vec!["--receipt", &earlier, "--vkey", &vkey, "--witness", &wkey],
            &format!("not of the head the league pins ({chain}'s event {last})"),
        ),
        (
            vec!["--receipt", &head_receipt, "--vkey", other_log.vkey()],
            "does not verify with the log's key",
        ),
        (
            vec![
                "--receipt",
                &head_receipt,
                "--vkey",
                &vkey,
                "--witness",
                &other_witness,
            ],
            "cosigned by 0 of the witnesses given (none), the policy needs 1",
        ),
        (
            vec![
                "--receipt",
                &head_receipt,
                "--vkey",
                &vkey,
                "--witness",
                &wkey,
                "--need",
                "2",
            ],
            "--need 2: the policy counts 0 to 1",
        ),
        (vec!["--witness", &wkey], "none was given"),
    ];
    for (args, why) in &refused {
        let out = attach(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out));
        assert!(text(&out).contains(why), "{args:?}: {}", text(&out));
    }
    let v = league(&["verify", "--league", "club", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&v.stdout).expect("json");
    assert_eq!(
        v["tournaments"], 0,
        "a refused attachment writes nothing: {v}"
    );

    let ok = attach(&[
        "--receipt",
        &head_receipt,
        "--vkey",
        &vkey,
        "--witness",
        &wkey,
    ]);
    assert!(ok.status.success(), "{}", text(&ok));
    let _ = witness.kill();
    let _ = witness.wait();
    // Checked again from the league's chain alone: the witness is gone, the key not given.
    let v = league(&["verify", "--league", "club", "--json"]);
    assert!(v.status.success(), "{}", text(&v));
    let v: serde_json::Value = serde_json::from_slice(&v.stdout).expect("json");
    assert_eq!(
        (v["ok"].clone(), v["receipts_checked"].clone()),
        (true.into(), 1.into()),
        "{v}"
    );
    // The pinned receipt is the venue's signed word: held beside a receipt of the same log
    // today, `receipt conflict` finds no rewrite.
    let pinned = {
        let store = EmbeddedStore::open(&data, OpenMode::ReadOnly).expect("store");
        let lchain = floorbook_log::ChainId::new("league-club").expect("chain");
        let events = store.read(&lchain, Seq::FIRST, 10).await.expect("read");
        let attached = events
            .iter()
            .filter_map(|e| e.envelope().ok())
            .find(|e| e.event_type == "TournamentAttached")
            .expect("the attachment");
        let p: serde_json::Value = serde_json::from_str(attached.payload.get()).expect("json");
        let proof = p["receipt"]["proof"]
            .as_str()
            .expect("the pinned receipt")
            .to_string();
        assert_eq!(p["receipt"]["need"], 1);
        let path = dir.path().join("pinned.tlog-proof");
        std::fs::write(&path, proof).expect("write");
        path
    };
    let same = floorbook(&[
        "receipt",
        "conflict",
        pinned.to_str().expect("utf-8"),
        &earlier,
        "--vkey",
        &vkey,
    ]);
    assert_eq!(same.status.code(), Some(1), "{}", text(&same));
    assert!(text(&same).contains("no conflict"), "{}", text(&same));
}

/// Issue 40, item 1: the log is the store's record, not a machine's folder. Two keepers with
/// folders of their own follow one store while three chains are written in turns: each
/// appends to the record only after the last batch it knew, takes what the other appended,
/// and both keep one tree (same size, same root). A folder lost is rebuilt from the record to
/// that tree, though the chains read in name order would give another.
async fn two_keepers_keep_one_tree(venue: Venue) {
    let dir = tempfile::tempdir().expect("temp dir");
    let keys = dir.path().join("keys");
    let k = keys.to_str().expect("utf-8").to_string();
    generate_key(&keys);
    let vkey = log_vkey(&k);
    let kept = |log: &Path| venue.kept_args(&k, log);
    // Each keeper's own words go to a file, shown when it stops or the test fails.
    let said = |log: &Path| log.with_extension("stderr");
    let keeper = |log: &Path| {
        let mut args: Vec<String> = ["tlog", "follow", "--every-ms", "100", "--poll-ms", "20"]
            .map(String::from)
            .to_vec();
        args.extend(kept(log));
        let stderr = std::fs::File::create(said(log)).expect("a file for the keeper's words");
        std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
            .args(&args)
            .stderr(stderr)
            .spawn()
            .expect("a keeper starts")
    };
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    venue.ready();
    let mut first = keeper(&a);
    let mut second = keeper(&b);
    let words = |log: &Path| std::fs::read_to_string(said(log)).unwrap_or_default();
    let running = |first: &mut std::process::Child, second: &mut std::process::Child| {
        for (k, log) in [(first, &a), (second, &b)] {
            if let Ok(Some(status)) = k.try_wait() {
                panic!(
                    "the keeper of {} stopped ({status}): {}",
                    log.display(),
                    words(log)
                );
            }
        }
    };
    let checkpoint = |log: &Path| {
        std::fs::read(log.join("checkpoint"))
            .ok()
            .and_then(|n| floorbook_tlog::open_checkpoint(&n, &vkey).ok())
    };
    // Each append taken by one keeper or the other before the next: the chains interleave.
    let mut total = 0u64;
    for round in 0..4 {
        for name in ["mon", "tue", "wed"] {
            append(&venue, name, 20, round % 2 == 0).await;
            total += 20 + u64::from(round % 2 == 0);
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
            while ![&a, &b]
                .iter()
                .any(|l| checkpoint(l).is_some_and(|c| c.size == total))
            {
                running(&mut first, &mut second);
                assert!(
                    std::time::Instant::now() < deadline,
                    "no keeper took {total}: {}\n{}",
                    words(&a),
                    words(&b)
                );
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
        }
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let (ca, cb) = loop {
        if let (Some(ca), Some(cb)) = (checkpoint(&a), checkpoint(&b))
            && ca.size == total
            && cb.size == total
        {
            break (ca, cb);
        }
        running(&mut first, &mut second);
        assert!(
            std::time::Instant::now() < deadline,
            "both keepers hold all {total} events: {:?} {:?}\n{}\n{}",
            checkpoint(&a).map(|c| c.size),
            checkpoint(&b).map(|c| c.size),
            words(&a),
            words(&b)
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    for k in [&mut first, &mut second] {
        let _ = k.kill();
        let _ = k.wait();
    }
    assert_eq!(ca.root, cb.root, "one tree");
    // The chains in name order give another tree than the one the keepers kept ...
    let by_name = {
        let other = dir.path().join("by-name");
        let mut log = floorbook_tlog::VenueLog::open(&other).expect("log");
        for name in ["mon", "tue", "wed"] {
            let events = match &venue {
                Venue::Embedded(d) => EmbeddedStore::open(d, OpenMode::ReadOnly)
                    .expect("store")
                    .read(&chain(name), Seq::FIRST, 10_000)
                    .await
                    .expect("read"),
                Venue::Nats(s) => NatsStore::connect(&s.url(), NatsOptions::default())
                    .await
                    .expect("store")
                    .read(&chain(name), Seq::FIRST, 10_000)
                    .await
                    .expect("read"),
            };
            for e in &events {
                let leaf = floorbook_ledger::transparency::leaf_of(&chain(name), e).expect("leaf");
                log.append(&leaf).expect("in order");
            }
        }
        log.sync().expect("synced");
        log.tree().root(total).expect("root")
    };
    assert_ne!(
        by_name, ca.root,
        "the keepers took the chains as they were written"
    );
    // ... yet a lost folder is rebuilt from the record to the keepers' tree.
    std::fs::remove_dir_all(&a).expect("folder lost");
    let mut args: Vec<String> = ["tlog", "sync", "--json"].map(String::from).to_vec();
    args.extend(kept(&a));
    let out = floorbook(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.status.success(), "{}", text(&out));
    let rebuilt = checkpoint(&a).expect("a checkpoint");
    assert_eq!((rebuilt.size, rebuilt.root), (total, ca.root));
}

on_both_venues!(
    two_keepers_keep_one_tree_embedded,
    two_keepers_keep_one_tree_nats,
    two_keepers_keep_one_tree
);

/// Issue 41 (the audit's cost): a chain verified as another reader reads it says what
/// `verify` says, however that reader reads it (in pages, twice, skipping some, stopping
/// midway: what it did not read is read for the verification), and a rewrite that only a
/// checkpoint shows is caught the same way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chain_verified_as_it_is_read_says_what_verify_says() {
    use floorbook_log::{ChainCheckError, VerifyErrorKind, Verifying, verify_chain_signed};
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    let sim = common::simulate_into(d, "top18", "9");
    let c = floorbook_log::ChainId::new(sim["chain"].as_str().expect("the chain")).expect("id");
    let store = EmbeddedStore::open(&data, OpenMode::ReadOnly).expect("open");
    let verified = verify_chain_signed(&store, &c, |_, _| {})
        .await
        .expect("verifies")
        .expect("a head");
    let n = verified.seq.0;
    assert!(n > 600, "a long enough chain: {n}");
    // How a reader reads: (from, count) in order.
    let readings: [&[(u64, usize)]; 4] = [
        &[(1, usize::MAX)],
        &[(1, 100), (50, 200), (400, 100), (250, 200)],
        &[(1, 300)],
        &[],
    ];
    for reads in readings {
        let v = Verifying::new(store.clone(), c.clone())
            .await
            .expect("checkpoints");
        for &(from, count) in reads {
            v.store().read(&c, Seq(from), count).await.expect("read");
        }
        let head = v.verification().await.expect("verifies");
        assert_eq!(head, Some(verified), "read as {reads:?}");
    }
    // Rewritten from before the first checkpoint on, every link holding.
    let first = store.checkpoints(&c).await.expect("checkpoints")[0].seq.0 as usize;
    let forged = tempfile::tempdir().expect("temp dir");
    rewrite_into(&data, forged.path(), &c, first - 2, |env| {
        env["actor"]["id"] = "someone-else".into();
    })
    .await;
    let forged = EmbeddedStore::open(forged.path(), OpenMode::ReadOnly).expect("open");
    let refused = verify_chain_signed(&forged, &c, |_, _| {}).await;
    let Err(ChainCheckError::Broken(want)) = refused else {
        panic!("verify takes the rewrite: {refused:?}");
    };
    assert!(
        matches!(want.kind, VerifyErrorKind::Rewritten { .. }),
        "{want}"
    );
    for reads in [&[(1, usize::MAX)][..], &[(1, 10)]] {
        let v = Verifying::new(forged.clone(), c.clone())
            .await
            .expect("checkpoints");
        for &(from, count) in reads {
            v.store().read(&c, Seq(from), count).await.expect("read");
        }
        match v.verification().await {
            Err(ChainCheckError::Broken(e)) => assert_eq!(e.to_string(), want.to_string()),
            other => panic!("read as {reads:?}, the rewrite is taken: {other:?}"),
        }
    }
}
