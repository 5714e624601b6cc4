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
