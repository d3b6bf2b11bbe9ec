use toolc::{Combine, toolbox};

struct Files;
struct Backup;

#[toolbox]
impl Files {
    /// Read a file.
    #[tool]
    fn read_file(path: String) -> String {
        path
    }
}

#[toolbox]
impl Backup {
    /// List the snapshots.
    #[tool]
    fn snapshots() -> Vec<String> {
        vec![]
    }

    /// Read a file as it was in a snapshot.
    #[tool]
    fn read_file(path: String) -> String {
        path
    }
}

fn main() {
    let _ = (Files, Backup).combine();
}
