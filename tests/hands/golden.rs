//! Shared by the golden hand tests of `floorbook-hand` (`*.toml` scripts) and `floorbook-phh`
//! (`*.phh` hands), which include this file: the folder, and the macro that makes one test per
//! file, named after it, plus a test that fails when a file in the folder has none.

/// `tests/hands/`.
pub fn dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/hands")
}

/// `golden!(check, "ext"; test_name => "file.ext", …)`.
macro_rules! golden {
    ($check:path, $ext:literal; $($test:ident => $file:literal,)*) => {
        $(
            #[test]
            fn $test() {
                $check(&golden::dir().join($file));
            }
        )*

        /// Every golden file of this kind in the folder has its test above.
        #[test]
        fn every_golden_file_has_its_test() {
            let mut listed: Vec<&str> = vec![$($file),*];
            listed.sort();
            let mut files: Vec<String> = std::fs::read_dir(golden::dir())
                .expect("tests/hands")
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(concat!(".", $ext)))
                .collect();
            files.sort();
            assert_eq!(files, listed);
        }
    };
}
