//! A real `nats-server` with JetStream on a free loopback port and a temporary store.
//!
//! Tests never skip when the binary is missing: they fail and say how to install it.

use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// One nats-server process owned by a test. Killed when dropped.
#[derive(Debug)]
pub struct NatsServer {
    pub port: u16,
    store: tempfile::TempDir,
    child: Option<Child>,
    /// A configuration file to start from instead of the command-line defaults.
    config: Option<PathBuf>,
    env: Vec<(String, String)>,
    /// The binary to start, when not [`binary`]'s.
    program: Option<PathBuf>,
    /// The monitoring port (`http:` in a shipped configuration), moved to a free one.
    monitor: Option<u16>,
    /// How it runs for a fault test, and its cluster route port.
    setup: NodeSetup,
    route: Option<u16>,
    /// The iptables rules it put in place (table, rule), taken out when it is dropped.
    rules: Vec<(&'static str, Vec<String>)>,
}

/// The nats-server the tests start: `FLOORBOOK_NATS_SERVER` when set (`.ci/run` runs the NATS
/// tests a second time against a current release that way), else the one on the path.
fn binary() -> PathBuf {
    if let Some(p) = std::env::var_os("FLOORBOOK_NATS_SERVER") {
        return binary_from(PathBuf::from(p));
    }
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .chain([PathBuf::from("/usr/sbin"), PathBuf::from("/usr/local/bin")])
            .map(|p| p.join("nats-server"))
            .find(|p| p.is_file())
    });
    match found {
        Some(p) => p,
        None => panic!(
            "nats-server is not installed, and the NATS tests need a real server. Install the \
             Debian package: `apt-get install nats-server` (.ci/run does this)."
        ),
    }
}

/// A nats-server of 2.10 or later, for the shipped configs (their `sync_interval` is unknown
/// to 2.9): `FLOORBOOK_NATS_SERVER` when set, else the release `.ci/deps` installs under
/// `target/nats-server-current`.
pub fn current_binary() -> PathBuf {
    if let Some(p) = std::env::var_os("FLOORBOOK_NATS_SERVER") {
        return binary_from(PathBuf::from(p));
    }
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../target/nats-server-current/bin/nats-server");
    assert!(
        p.is_file(),
        "the shipped NATS configs need nats-server 2.10 or later, and {} is missing: run \
         `bash .ci/deps` (it installs a pinned release there)",
        p.display()
    );
    p
}

fn binary_from(p: PathBuf) -> PathBuf {
    assert!(
        p.is_file(),
        "FLOORBOOK_NATS_SERVER names {}, which is not a file",
        p.display()
    );
    p
}

/// A loopback port nobody listens on now.
pub fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a free loopback port");
    listener.local_addr().expect("local address").port()
}

impl NatsServer {
    /// Starts a server with JetStream on a free port.
    pub fn start() -> NatsServer {
        let store = tempfile::tempdir().expect("temporary JetStream store");
        let mut server = NatsServer {
            port: free_port(),
            store,
            child: None,
            config: None,
            env: Vec::new(),
            program: None,
            monitor: None,
            setup: NodeSetup::default(),
            route: None,
            rules: Vec::new(),
        };
        for attempt in 1..=3 {
            match server.spawn() {
                Ok(()) => return server,
                Err(why) if attempt < 3 && why.contains("address already in use") => {
                    server.port = free_port();
                }
                Err(why) => panic!("{why}"),
            }
        }
        unreachable!("the last attempt returns or panics")
    }

    /// Starts `deploy/nats/<name>` as shipped, on a current server ([`current_binary`]): only
    /// its listening address and its store directory are moved to a free port and a temporary
    /// folder, and the file it includes is written in place; `env` holds the passwords.
    pub fn start_shipped(name: &str, env: &[(&str, &str)]) -> NatsServer {
        NatsServer::start_shipped_with(name, env, NodeSetup::default(), |_| None)
    }

    /// [`start_shipped`](Self::start_shipped), each other line first offered to `moved`, which
    /// may give it another text (a cluster node's route addresses on loopback).
    pub fn start_shipped_with(
        name: &str,
        env: &[(&str, &str)],
        setup: NodeSetup,
        moved: impl Fn(&str) -> Option<String>,
    ) -> NatsServer {
        let deploy = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../deploy/nats");
        let shipped = std::fs::read_to_string(deploy.join(name))
            .unwrap_or_else(|e| panic!("deploy/nats/{name}: {e}"));
        let monitor = shipped
            .lines()
            .any(|l| l.trim_start().starts_with("http:"))
            .then(free_port);
        let config = |port: u16, store: &std::path::Path| {
            shipped
                .lines()
                .map(|l| {
                    let t = l.trim_start();
                    if t.starts_with("listen:") && !l.starts_with(' ') {
                        format!("listen: 127.0.0.1:{port}")
                    } else if t.starts_with("store_dir:") {
                        format!("  store_dir: \"{}\"", store.display())
                    } else if let (Some(m), true) = (monitor, t.starts_with("http:")) {
                        format!("http: 127.0.0.1:{m}")
                    } else if let Some(line) = moved(l) {
                        line
                    } else if let Some(file) = t.strip_prefix("include ") {
                        // nats-server reads an include relative to the config's own folder:
                        // the included file is written in its place.
                        std::fs::read_to_string(deploy.join(file.trim()))
                            .unwrap_or_else(|e| panic!("deploy/nats/{}: {e}", file.trim()))
                    } else {
                        l.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let mut server = NatsServer::from_config(config, env, Some(current_binary()), setup);
        server.monitor = monitor;
        server
    }

    /// Starts a server from a configuration file: `config` is given the client port and the
    /// JetStream store directory and returns the file's text (which may `include` files by
    /// absolute path); `env` is the server's environment (for `$VARIABLE`s in the config).
    pub fn start_config(
        config: impl Fn(u16, &std::path::Path) -> String,
        env: &[(&str, &str)],
    ) -> NatsServer {
        NatsServer::from_config(config, env, None, NodeSetup::default())
    }

    fn from_config(
        config: impl Fn(u16, &std::path::Path) -> String,
        env: &[(&str, &str)],
        program: Option<PathBuf>,
        setup: NodeSetup,
    ) -> NatsServer {
        let store = tempfile::tempdir().expect("temporary JetStream store");
        let js = store.path().join("js");
        if let Some(mib) = setup.disk_mib {
            std::fs::create_dir_all(&js).expect("the store's folder");
            let size = format!("size={mib}m");
            root_tool(
                "mount",
                &["-t", "tmpfs", "-o", &size, "tmpfs", &js.to_string_lossy()],
            );
        }
        if setup.apart {
            let who = format!("{APART_UID}:{APART_UID}");
            root_tool("chown", &["-R", &who, &store.path().to_string_lossy()]);
        }
        let file = store.path().join("nats.conf");
        let mut server = NatsServer {
            port: 0,
            store,
            child: None,
            config: Some(file.clone()),
            env: env
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            program,
            monitor: None,
            setup,
            route: None,
            rules: Vec::new(),
        };
        // A free port is only free until someone binds it: another test's server may take it
        // between our look and the server's bind. Then the server exits saying so, and it is
        // started again on another port.
        for attempt in 1..=3 {
            server.port = free_port();
            let text = config(server.port, &server.store.path().join("js"));
            std::fs::write(&file, text).expect("write the server configuration");
            match server.spawn() {
                Ok(()) => return server,
                Err(why) if attempt < 3 && why.contains("address already in use") => continue,
                Err(why) => panic!("{why}"),
            }
        }
        unreachable!("the last attempt returns or panics")
    }

    fn log_path(&self) -> PathBuf {
        self.store.path().join("server.log")
    }

    /// What the server has logged so far (it appends across restarts).
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.log_path()).unwrap_or_default()
    }

    /// The folder the server keeps its JetStream store in (what an operator backs up).
    pub fn store_dir(&self) -> PathBuf {
        match self.config {
            Some(_) => self.store.path().join("js"),
            None => self.store.path().to_path_buf(),
        }
    }

    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    /// The three nodes of `deploy/nats/cluster-node{1,2,3}.conf` as shipped (current server),
    /// their client and route addresses moved to loopback; `env` holds the users' passwords.
    /// Without `users` the users file is left out: one client may send every role's commands.
    pub fn shipped_cluster(env: &[(&str, &str)], users: bool) -> Vec<NatsServer> {
        NatsServer::shipped_cluster_as(env, users, [NodeSetup::default(); 3])
    }

    /// [`shipped_cluster`](Self::shipped_cluster), node k set up for its faults as `setups[k]`.
    pub fn shipped_cluster_as(
        env: &[(&str, &str)],
        users: bool,
        setups: [NodeSetup; 3],
    ) -> Vec<NatsServer> {
        let routes: Vec<u16> = (0..3).map(|_| free_port()).collect();
        (1..=3)
            .map(|n| {
                let route = routes[n - 1];
                let routes = routes.clone();
                let name = format!("cluster-node{n}.conf");
                // From its start, the connections a node apart opens are marked with its route
                // port (the rule in place before it opens any).
                let marked = setups[n - 1].apart.then(|| {
                    add_rule("mangle", &mark_rule(route));
                    ("mangle", mark_rule(route))
                });
                let mut node =
                    NatsServer::start_shipped_with(&name, env, setups[n - 1], move |l| {
                        let t = l.trim();
                        if !users && t.starts_with("include ") {
                            Some(String::new())
                        } else if t.starts_with("listen:") && l.starts_with(' ') {
                            Some(format!("  listen: 127.0.0.1:{}", routes[n - 1]))
                        } else if let Some(rest) = t.strip_prefix("nats-route://floorbook-") {
                            let k: usize = rest[..1].parse().expect("a node number");
                            Some(format!("    nats-route://127.0.0.1:{}", routes[k - 1]))
                        } else {
                            None
                        }
                    });
                node.route = Some(route);
                node.rules.extend(marked);
                node
            })
            .collect()
    }

    /// Puts an iptables rule in place (taken out when the server is dropped).
    fn rule(&mut self, table: &'static str, rule: Vec<String>) {
        add_rule(table, &rule);
        self.rules.push((table, rule));
    }

    /// Cuts the node (set [`NodeSetup::apart`]) off from the other nodes, as a network does:
    /// every packet between it and them is dropped, while it and its clients run on.
    pub fn partition(&mut self) {
        assert!(
            self.setup.apart,
            "a node to cut off runs apart (NodeSetup::apart)"
        );
        let route = self.route.expect("a cluster node");
        for r in partition_rules(route) {
            self.rule("filter", r);
        }
    }

    /// Heals [`partition`](Self::partition): the packets flow again.
    pub fn heal(&mut self) {
        let route = self.route.expect("a cluster node");
        for r in partition_rules(route) {
            if let Some(i) = self
                .rules
                .iter()
                .position(|(t, x)| *t == "filter" && *x == r)
            {
                let (table, rule) = self.rules.remove(i);
                let mut args = vec!["-t", table, "-D"];
                args.extend(rule.iter().map(String::as_str));
                root_tool("iptables", &args);
            }
        }
    }

    /// Fills the node's own disk ([`NodeSetup::disk_mib`]) to the last byte; how many bytes
    /// it took.
    pub fn fill_disk(&self) -> u64 {
        use std::io::Write;
        assert!(
            self.setup.disk_mib.is_some(),
            "a disk of its own (NodeSetup::disk_mib)"
        );
        let mut f = std::fs::File::create(self.filler()).expect("the filler file");
        let chunk = vec![0u8; 1 << 16];
        let mut filled = 0u64;
        loop {
            match f.write(&chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => filled += n as u64,
            }
        }
        let _ = f.sync_all();
        filled
    }

    /// Frees what [`fill_disk`](Self::fill_disk) took.
    pub fn free_disk(&self) {
        std::fs::remove_file(self.filler()).expect("the filler file goes");
    }

    fn filler(&self) -> PathBuf {
        self.store.path().join("js").join("filler")
    }

    /// The running server's process ID (None once it is killed or stopped).
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(std::process::Child::id)
    }

    fn spawn(&mut self) -> Result<(), String> {
        let mut command = Command::new(self.program.clone().unwrap_or_else(binary));
        match &self.config {
            Some(file) => {
                command.arg("-c").arg(file);
            }
            None => {
                command
                    .args([
                        "-a",
                        "127.0.0.1",
                        "-p",
                        &self.port.to_string(),
                        "-js",
                        "-sd",
                    ])
                    .arg(self.store.path());
            }
        }
        // The server's own log, for tests that look for what it saw (`log`).
        command.arg("-l").arg(self.log_path());
        if self.setup.apart {
            command.uid(APART_UID).gid(APART_UID);
        }
        let child = command
            .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start nats-server");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            let exited = self
                .child
                .as_mut()
                .and_then(|c| c.try_wait().ok().flatten());
            if let Some(status) = exited {
                self.child = None;
                return Err(format!(
                    "nats-server exited ({status}) before it listened on port {}; its log:\n{}",
                    self.port,
                    self.log_tail()
                ));
            }
            if Instant::now() >= deadline {
                return Err(format!(
                    "nats-server did not listen on port {} within 30 s; its log:\n{}",
                    self.port,
                    self.log_tail()
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(())
    }

    /// The last lines the server logged, for a failure message.
    fn log_tail(&self) -> String {
        let log = self.log();
        let lines: Vec<&str> = log.lines().collect();
        lines[lines.len().saturating_sub(30)..].join("\n")
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    pub fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Stops the server as an operator does (SIGTERM: it flushes its store and exits), or
    /// kills it when it has not exited within 20 s.
    pub fn stop(&mut self) {
        if let Some(c) = self.child.take() {
            terminate(c);
        }
    }

    /// Stops the server as the shipped systemd unit does: lame-duck mode (SIGUSR2), in which
    /// it hands its stream leaders to the other nodes and closes its clients before it exits;
    /// killed when it has not exited within the unit's 60 s.
    pub fn lame_duck_stop(&mut self) {
        if let Some(c) = self.child.take() {
            stop_by(c, "-USR2", Duration::from_secs(60));
        }
    }

    /// Waits until the server's `/healthz` answers 200 (every stream it holds is current), as
    /// an operator waits between two nodes of an upgrade; panics with its last answer after
    /// `within`. Only for a shipped configuration (it names the monitoring port).
    pub async fn healthy(&self, within: Duration) {
        let port = self
            .monitor
            .expect("a shipped configuration with a monitoring port");
        let url = format!("http://127.0.0.1:{port}/healthz");
        let deadline = Instant::now() + within;
        loop {
            let url = url.clone();
            let reply = tokio::task::spawn_blocking(move || crate::http::get(&url))
                .await
                .expect("the health request ran");
            if reply.status == 200 {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "node {} not healthy within {within:?}: {} {}",
                self.url(),
                reply.status,
                reply.text()
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Freezes the server (SIGSTOP): to the other nodes and the clients it is cut off, its
    /// connections open but silent, as in a network partition; [`NatsServer::resume`] heals it.
    pub fn pause(&self) {
        self.signal("-STOP");
    }

    /// Lets a paused server run on (SIGCONT).
    pub fn resume(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, which: &str) {
        let pid = self.pid().expect("the server runs");
        let status = Command::new("kill")
            .arg(which)
            .arg(pid.to_string())
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill {which} {pid} failed");
    }

    /// Starts the server again on the same port with the same store.
    pub fn restart(&mut self) {
        self.kill();
        if let Err(why) = self.spawn() {
            panic!("{why}");
        }
    }
}

impl Drop for NatsServer {
    fn drop(&mut self) {
        self.kill();
        for (table, rule) in std::mem::take(&mut self.rules) {
            let mut args = vec!["-t", table, "-D"];
            args.extend(rule.iter().map(String::as_str));
            let _ = Command::new("iptables").args(&args).status();
        }
        if self.setup.disk_mib.is_some() {
            let _ = Command::new("umount")
                .arg("-l")
                .arg(self.store.path().join("js"))
                .status();
        }
    }
}

/// The store of a three-node cluster at `urls` (comma-separated) once it has elected its
/// JetStream leader and made the replicated streams (a minute at most; `node`'s log says why
/// not).
pub async fn replicated_store(urls: &str, node: &NatsServer) -> floorbook_store_nats::NatsStore {
    let options = floorbook_store_nats::NatsOptions {
        replicas: 3,
        ..floorbook_store_nats::NatsOptions::default()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        match floorbook_store_nats::NatsStore::connect(urls, options.clone()).await {
            Ok(s) => return s,
            Err(e) => {
                assert!(
                    std::time::Instant::now() < deadline,
                    "the cluster never formed: {e:?}\n{}",
                    node.log()
                );
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            }
        }
    }
}

/// Stops a process as an operator or systemd does (SIGTERM), and kills it when it has not
/// exited within 20 s.
pub fn terminate(c: std::process::Child) {
    stop_by(c, "-TERM", Duration::from_secs(20));
}

/// Sends `signal` to a process and waits up to `within` for it to exit; kills it then.
fn stop_by(mut c: std::process::Child, signal: &str, within: Duration) {
    let _ = Command::new("kill")
        .arg(signal)
        .arg(c.id().to_string())
        .status();
    let deadline = Instant::now() + within;
    while c.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = c.kill();
    let _ = c.wait();
}

/// How one node of [`NatsServer::shipped_cluster_as`] runs, for the faults a test puts it
/// through. Both need root (the suite runs as root in CI; a test fails, saying so, otherwise).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NodeSetup {
    /// Its JetStream store on a disk of its own of this many MiB (a tmpfs mounted for it):
    /// a disk [`NatsServer::fill_disk`] can fill.
    pub disk_mib: Option<u64>,
    /// It runs as another user ([`APART_UID`]), so that the connections it opens can be told
    /// apart and cut: [`NatsServer::partition`].
    pub apart: bool,
}

/// The user a node set [`NodeSetup::apart`] runs as (nobody).
pub const APART_UID: u32 = 65534;

/// Runs `program` with `args` as root's tool for a fault, failing the test with its output.
fn root_tool(program: &str, args: &[&str]) {
    let out = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} does not run ({e}): the fault tests need it, as root (.ci/deps installs it)"));
    assert!(
        out.status.success(),
        "{program} {} failed (the fault tests run as root): {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Appends `rule` to iptables' `table`.
fn add_rule(table: &str, rule: &[String]) {
    let mut args = vec!["-t", table, "-A"];
    args.extend(rule.iter().map(String::as_str));
    root_tool("iptables", &args);
}

/// The iptables rules that cut a node off: every packet of the connections it opened (their
/// mark) and of those opened to its route port.
fn partition_rules(route: u16) -> Vec<Vec<String>> {
    let r = route.to_string();
    let rule = |xs: &[&str]| xs.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        rule(&[
            "OUTPUT", "-o", "lo", "-m", "connmark", "--mark", &r, "-j", "DROP",
        ]),
        rule(&[
            "OUTPUT", "-o", "lo", "-p", "tcp", "--dport", &r, "-j", "DROP",
        ]),
        rule(&[
            "OUTPUT", "-o", "lo", "-p", "tcp", "--sport", &r, "-j", "DROP",
        ]),
    ]
}

/// The rule that marks the connections a node set apart opens with its route port.
fn mark_rule(route: u16) -> Vec<String> {
    [
        "OUTPUT",
        "-o",
        "lo",
        "-p",
        "tcp",
        "-m",
        "owner",
        "--uid-owner",
        &APART_UID.to_string(),
        "-m",
        "conntrack",
        "--ctstate",
        "NEW",
        "-j",
        "CONNMARK",
        "--set-mark",
        &route.to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}
