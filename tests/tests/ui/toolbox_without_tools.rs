use toolc::toolbox;

pub struct Browser;

#[toolbox]
impl Browser {
    /// Open a URL.
    pub fn launch(&self, url: String) -> String {
        url
    }
}

fn main() {}
