//! Included by the tournament script tests of `floorbook-tournament` (`*.toml`): the folder,
//! and the macro that makes one test per file, named after it, plus a test that fails when a
//! file in the folder has none.

/// `tests/tournaments/`.
pub fn dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/tournaments")
}

/// `golden!(check; test_name => "file.toml", …)`.
macro_rules! golden {
    ($check:path; $($test:ident => $file:literal,)*) => {
        $(
            #[test]
            fn $test() {
                $check(&golden::dir().join($file));
            }
        )*

        /// Every script in the folder has its test above.
        #[test]
        fn every_script_has_its_test() {
            let mut listed: Vec<&str> = vec![$($file),*];
            listed.sort();
            let mut files: Vec<String> = std::fs::read_dir(golden::dir())
                .expect("tests/tournaments")
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".toml"))
                .collect();
            files.sort();
            assert_eq!(files, listed);
        }
    };
}
