//! The same conformance suite against both event-store backends.

mod embedded {
    use floorbook_store_embedded::{EmbeddedStore, OpenMode};

    async fn make() -> (tempfile::TempDir, EmbeddedStore) {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("open");
        (dir, store)
    }

    floorbook_e2e::conformance_suite!(make());
}

mod nats {
    use floorbook_e2e::nats::NatsServer;
    use floorbook_store_nats::{NatsOptions, NatsStore};

    async fn make() -> (NatsServer, NatsStore) {
        let server = NatsServer::start();
        let store = NatsStore::connect(&server.url(), NatsOptions::default())
            .await
            .expect("connect to the test server");
        (server, store)
    }

    floorbook_e2e::conformance_suite!(make());
}

/// Instances starting at once on a new server race to create its streams (the chains, the
/// checkpoints, the answers, the log's record): whichever loses takes the stream the other made.
mod nats_race {
    use floorbook_e2e::nats::NatsServer;
    use floorbook_log::{ChainId, EventStore};
    use floorbook_store_nats::{NatsOptions, NatsStore};
    use futures_util::future::join_all;

    /// The error and every cause under it, so that a failure says what the server said.
    fn said(e: &dyn std::error::Error) -> String {
        let mut out = e.to_string();
        let mut cause = e.source();
        while let Some(c) = cause {
            out.push_str(&format!(": {c}"));
            cause = c.source();
        }
        out
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn instances_starting_at_once_share_the_streams_one_creates() {
        const INSTANCES: usize = 12;
        for round in 0..10 {
            let server = NatsServer::start();
            let url = server.url();
            let stores =
                join_all((0..INSTANCES).map(|_| NatsStore::connect(&url, NatsOptions::default())))
                    .await;
            let stores: Vec<NatsStore> = stores
                .into_iter()
                .enumerate()
                .map(|(i, s)| {
                    s.unwrap_or_else(|e| panic!("round {round}: instance {i}: {}", said(&e)))
                })
                .collect();
            let chain = ChainId::new(format!("race-{round}")).expect("chain id");
            let kept = join_all(
                stores
                    .iter()
                    .enumerate()
                    .map(|(i, s)| s.keep_answers(&chain, vec![vec![i as u8]])),
            )
            .await;
            for (i, k) in kept.into_iter().enumerate() {
                k.unwrap_or_else(|e| {
                    panic!("round {round}: instance {i} keeps answers: {}", said(&e))
                });
            }
            let appended = join_all(
                stores
                    .iter()
                    .enumerate()
                    .map(|(i, s)| s.append_log_batch(0, vec![i as u8])),
            )
            .await;
            let mut won = 0;
            for (i, a) in appended.into_iter().enumerate() {
                match a {
                    Ok(true) => won += 1,
                    Ok(false) => {}
                    Err(e) => {
                        panic!(
                            "round {round}: instance {i} appends the log's first batch: {}",
                            said(&e)
                        )
                    }
                }
            }
            assert_eq!(
                won, 1,
                "round {round}: one instance writes the log's first batch"
            );
            let answers = stores[0].answers(&chain).await.expect("answers");
            assert_eq!(
                answers.len(),
                INSTANCES,
                "round {round}: every instance's answer kept"
            );
            let record = stores[1]
                .log_batches(0, 10)
                .await
                .expect("the log's record");
            assert_eq!(record.len(), 1, "round {round}: the record holds one batch");
        }
    }
}
