//! A web that is not there, for roo-tools' web tools in tests: every search finds nothing, every
//! fetch is refused (so a test never reaches the network, and a call still runs its tool).

/// Finds nothing and fetches nothing.
pub struct Offline;

impl roo_tools::web::Backend for Offline {
    fn search(&self, _: &str) -> Vec<roo_tools::web::SearchResult> {
        Vec::new()
    }

    fn fetch(&self, url: &str) -> Result<(String, String), (u16, String)> {
        Err((503, format!("offline: {url}")))
    }
}
