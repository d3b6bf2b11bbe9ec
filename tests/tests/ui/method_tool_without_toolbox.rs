use toolc::tool;

pub struct Browser;

impl Browser {
    /// Open a URL.
    #[tool]
    pub fn launch(&self, url: String) -> String {
        url
    }
}

fn main() {}
